package main

import (
	"io"
	"sync"
	"time"
)

// logWriter hands the service's lines to a goroutine of its own, which
// writes what gathered over a short window in one write. A request's
// access line is formatted on its way out; without this, every request
// also waited for a write(2) before its response left, and at thousands of
// calls a second those writes cost more than the formatting. The bound:
// a line reaches the output at most logWindow after it was logged, so a
// kill -9 loses at most the lines of the last logWindow; an orderly exit
// writes them all (Close).
type logWriter struct {
	out   io.Writer
	limit int // past this many pending bytes a line waits for the write before
	mu    sync.Mutex
	room  sync.Cond // the pending lines were taken
	lines []byte    // pending, in the order they came
	spare []byte    // the last write's buffer, for the next lines
	wake  chan struct{}
	stop  chan struct{}
	done  chan struct{}
	shut  bool
}

// logWindow is how long the writer gathers lines before it writes them.
const logWindow = 2 * time.Millisecond

func newLogWriter(out io.Writer) *logWriter {
	w := &logWriter{out: out, limit: 256 << 10, wake: make(chan struct{}, 1), stop: make(chan struct{}), done: make(chan struct{})}
	w.room.L = &w.mu
	go w.run()
	return w
}

// Write takes a copy of p, which slog's handlers reuse, and returns at once
// unless a stalled output has let limit bytes pile up.
func (w *logWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	for !w.shut && len(w.lines) > 0 && len(w.lines)+len(p) > w.limit {
		w.room.Wait()
	}
	if w.shut { // after Close, lines are written as they come, after the rest
		w.mu.Unlock()
		<-w.done
		return w.out.Write(p)
	}
	first := len(w.lines) == 0
	w.lines = append(w.lines, p...)
	w.mu.Unlock()
	if first {
		select {
		case w.wake <- struct{}{}:
		default:
		}
	}
	return len(p), nil
}

func (w *logWriter) run() {
	defer close(w.done)
	window := time.NewTimer(logWindow)
	window.Stop()
	for {
		select {
		case <-w.wake:
		case <-w.stop:
			w.flush()
			return
		}
		window.Reset(logWindow)
		select {
		case <-window.C:
		case <-w.stop:
			w.flush()
			return
		}
		w.flush()
	}
}

// flush writes every pending line. Only run calls it, so spare is its own.
func (w *logWriter) flush() {
	w.mu.Lock()
	lines := w.lines
	w.lines = w.spare[:0]
	w.room.Broadcast()
	w.mu.Unlock()
	if len(lines) > 0 {
		w.out.Write(lines) //nolint:errcheck // a line the output refused has nowhere else to go, as before
	}
	w.spare = lines
}

// Close writes the pending lines and makes later ones go straight out.
func (w *logWriter) Close() error {
	w.mu.Lock()
	if w.shut {
		w.mu.Unlock()
		return nil
	}
	w.shut = true
	w.room.Broadcast()
	w.mu.Unlock()
	close(w.stop)
	<-w.done
	return nil
}
