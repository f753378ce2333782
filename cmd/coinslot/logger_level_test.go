package main

import (
	"bytes"
	"log/slog"
	"strings"
	"testing"
)

// serve's logger drops what is below its level, and a new level applies to
// the next line.
func TestLeveledLoggerFollowsItsLevel(t *testing.T) {
	var buf bytes.Buffer
	level := new(slog.LevelVar)
	log := newLogger(&buf, "text", level).With("part", "x")
	log.Debug("hidden")
	log.Info("shown")
	level.Set(slog.LevelDebug)
	log.Debug("now shown")
	level.Set(slog.LevelError)
	log.Warn("hidden again")
	got := buf.String()
	if strings.Contains(got, "hidden") || !strings.Contains(got, "msg=shown") || !strings.Contains(got, `msg="now shown"`) {
		t.Errorf("log:\n%s", got)
	}
}
