package main

import (
	"bytes"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// recordingOutput keeps what it was given and how many writes gave it.
type recordingOutput struct {
	mu     sync.Mutex
	buf    bytes.Buffer
	writes int
	gate   chan struct{} // when set, each write waits for a receive from it
}

func (o *recordingOutput) Write(p []byte) (int, error) {
	if o.gate != nil {
		<-o.gate
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	o.writes++
	return o.buf.Write(p)
}

func (o *recordingOutput) read() (string, int) {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.buf.String(), o.writes
}

func TestLogWriterKeepsEveryLineInOrder(t *testing.T) {
	out := &recordingOutput{}
	w := newLogWriter(out)
	const writers, lines = 8, 2000
	var wg sync.WaitGroup
	for g := range writers {
		wg.Go(func() {
			line := make([]byte, 0, 32)
			for n := range lines {
				line = fmt.Appendf(line[:0], "g=%d n=%d\n", g, n)
				w.Write(line) // reused at once, as slog reuses its buffer
			}
		})
	}
	wg.Wait()
	w.Close()
	got, writes := out.read()
	next := make([]int, writers)
	for _, l := range strings.Split(strings.TrimSuffix(got, "\n"), "\n") {
		var g, n int
		if _, err := fmt.Sscanf(l, "g=%d n=%d", &g, &n); err != nil || g < 0 || g >= writers {
			t.Fatalf("line %q is not one of the lines written", l)
		}
		if n != next[g] {
			t.Fatalf("writer %d: line %d came where line %d was due", g, n, next[g])
		}
		next[g]++
	}
	for g, n := range next {
		if n != lines {
			t.Errorf("writer %d: %d lines out of %d", g, n, lines)
		}
	}
	if writes >= writers*lines/10 {
		t.Errorf("%d lines took %d writes; lines logged together should share one", writers*lines, writes)
	}
}

func TestLogWriterWritesWithinItsWindowWithoutClose(t *testing.T) {
	out := &recordingOutput{}
	w := newLogWriter(out)
	defer w.Close()
	w.Write([]byte("one line\n"))
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
		if got, _ := out.read(); got == "one line\n" {
			return
		}
	}
	got, _ := out.read()
	t.Fatalf("output %q, want the line written without a Close", got)
}

func TestLogWriterWaitsForAStalledOutput(t *testing.T) {
	out := &recordingOutput{gate: make(chan struct{})}
	w := newLogWriter(out)
	w.limit = 64
	line := []byte(strings.Repeat("x", 39) + "\n")
	w.Write(line) // taken by the writer, which then stalls in the output
	for {
		w.mu.Lock()
		taken := len(w.lines) == 0
		w.mu.Unlock()
		if taken {
			break
		}
		time.Sleep(time.Millisecond)
	}
	w.Write(line) // pending, under the limit
	returned := make(chan struct{})
	go func() { w.Write(line); close(returned) }() // over the limit
	select {
	case <-returned:
		t.Fatal("a line past the limit was taken while the output was stalled")
	case <-time.After(50 * time.Millisecond):
	}
	out.gate <- struct{}{} // the first write completes; the second line is taken
	select {
	case <-returned:
	case <-time.After(5 * time.Second):
		t.Fatal("the waiting line was not taken after the output moved on")
	}
	close(out.gate)
	w.Close()
	if got, _ := out.read(); got != strings.Repeat(string(line), 3) {
		t.Errorf("output %q, want the three lines", got)
	}
}

func TestLogWriterAfterCloseWritesThrough(t *testing.T) {
	out := &recordingOutput{}
	w := newLogWriter(out)
	w.Write([]byte("before\n"))
	w.Close()
	if got, _ := out.read(); got != "before\n" {
		t.Fatalf("after Close the output holds %q, want the pending line", got)
	}
	w.Write([]byte("after\n"))
	if got, _ := out.read(); got != "before\nafter\n" {
		t.Errorf("a line after Close: output %q, want it written at once", got)
	}
}

// An access line's cost to the process, formatting, the write and the
// writer's goroutine included, to a file as stderr is under a supervisor.
func BenchmarkAccessLine(b *testing.B) {
	for _, batched := range []bool{false, true} {
		b.Run(fmt.Sprintf("batched=%v", batched), func(b *testing.B) {
			f, err := os.Create(filepath.Join(b.TempDir(), "stderr"))
			if err != nil {
				b.Fatal(err)
			}
			defer f.Close()
			var out io.Writer = f
			var w *logWriter
			if batched {
				w = newLogWriter(f)
				out = w
			}
			log := newLogger(out, "text", slog.LevelInfo)
			start := processCPU(b)
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					log.Info("request", "request_id", "4bf92f3577b34da6a3ce929d0e0e4736", "method", "POST",
						"route", "/v1/tools/business_days", "status", 200, "duration", 131*time.Microsecond, "bytes", 1342,
						"tool", "business_days", "payment", "settled", "payer", "0x70997970C51812dc3A010C7d01b50e0d17dc79C8")
				}
			})
			if w != nil {
				w.Close()
			}
			b.ReportMetric(float64(processCPU(b)-start)/float64(time.Microsecond)/float64(b.N), "cpu-µs/op")
		})
	}
}

func processCPU(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
