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
	log := slog.New(newDedup(slog.NewJSONHandler(&buf, nil), 50*time.Millisecond))
	outage := errors.New("dial tcp 127.0.0.1:5432: connect: connection refused")
	for range 1000 {
		log.Error("paid call not completed", "step", "reserve", "err", outage)
	}
	log.Error("paid call not completed", "step", "settling", "err", outage)
	log.Info("request", "status", 500)
	log.Info("request", "status", 500)
	time.Sleep(200 * time.Millisecond)
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
