package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"
)

type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// A ledger outage refusing a thousand calls logs its error once, then once
// more with the count; other lines pass untouched.
func TestDedupCollapsesRepeatedErrors(t *testing.T) {
	var buf lockedBuffer
	// The interval is long enough that a slow machine still logs all 1000
	// within one; the test then waits for its end.
	log := slog.New(newDedup(slog.NewJSONHandler(&buf, nil), time.Second))
	outage := errors.New("dial tcp 127.0.0.1:5432: connect: connection refused")
	for range 1000 {
		log.Error("paid call not completed", "step", "reserve", "err", outage)
	}
	log.Error("paid call not completed", "step", "settling", "err", outage)
	log.Info("request", "status", 500)
	log.Info("request", "status", 500)
	for deadline := time.Now().Add(10 * time.Second); !strings.Contains(buf.String(), `"repeated"`); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("no repeated line after 10 s:\n%s", buf.String())
		}
	}
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	var got []string
	for _, l := range lines {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatal(err)
		}
		got = append(got, m["msg"].(string)+" "+toString(m["step"])+" "+toString(m["repeated"]))
	}
	want := []string{
		"paid call not completed reserve <nil>",
		"paid call not completed settling <nil>",
		"request <nil> <nil>",
		"request <nil> <nil>",
		"paid call not completed reserve 999",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("lines:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func toString(v any) string {
	b, _ := json.Marshal(v)
	if v == nil {
		return "<nil>"
	}
	return strings.Trim(string(b), `"`)
}
