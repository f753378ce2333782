package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"sync"
	"time"

	"github.com/coinslot/coinslot/config"
)

// newLogger is the service's logger: text or JSON by format, at a level a
// reload may change, with identical warnings and errors collapsed.
func newLogger(w io.Writer, format string, level slog.Leveler) *slog.Logger {
	opts := &slog.HandlerOptions{Level: level}
	var h slog.Handler = slog.NewTextHandler(w, opts)
	if format == "json" {
		h = slog.NewJSONHandler(w, opts)
	}
	return slog.New(newDedup(h, dedupEvery))
}

// startFailed says in one line why the service cannot start: "coinslot:
// why" on w, after the lines logged before it, or with log.format json an
// error event, as every other line.
func startFailed(w io.Writer, log *slog.Logger, c config.Log, why string) {
	if c.Format == "json" {
		log.Error(why)
		return
	}
	fmt.Fprintln(w, "coinslot: "+why)
}

// dedupEvery is the interval over which identical warnings and errors
// collapse into one line and a count.
const dedupEvery = 10 * time.Second

// dedup passes the first of identical warnings or errors (same level,
// message and attributes) in an interval, counts the rest, and at the
// interval's end writes the last one again with repeated=N. An outage
// then costs a few lines, not one per refused call.
type dedup struct {
	next  slog.Handler
	every time.Duration
	state *dedupState // shared by the handlers WithAttrs and WithGroup derive
}

type dedupState struct {
	mu   sync.Mutex
	seen map[string]*repeat
}

type repeat struct {
	count int
	last  slog.Record
	next  slog.Handler
}

func newDedup(next slog.Handler, every time.Duration) *dedup {
	return &dedup{next: next, every: every, state: &dedupState{seen: map[string]*repeat{}}}
}

func (d *dedup) Enabled(ctx context.Context, l slog.Level) bool { return d.next.Enabled(ctx, l) }

func (d *dedup) WithAttrs(as []slog.Attr) slog.Handler {
	return &dedup{next: d.next.WithAttrs(as), every: d.every, state: d.state}
}

func (d *dedup) WithGroup(name string) slog.Handler {
	return &dedup{next: d.next.WithGroup(name), every: d.every, state: d.state}
}

func (d *dedup) Handle(ctx context.Context, r slog.Record) error {
	if r.Level < slog.LevelWarn {
		return d.next.Handle(ctx, r)
	}
	key := recordKey(d, r)
	st := d.state
	st.mu.Lock()
	if rep, ok := st.seen[key]; ok {
		rep.count++
		rep.last = r.Clone()
		st.mu.Unlock()
		return nil
	}
	st.seen[key] = &repeat{next: d.next}
	st.mu.Unlock()
	time.AfterFunc(d.every, func() { d.flush(key) })
	return d.next.Handle(ctx, r)
}

// flush ends key's interval: the repeats it counted, if any, become one line.
func (d *dedup) flush(key string) {
	st := d.state
	st.mu.Lock()
	rep := st.seen[key]
	delete(st.seen, key)
	st.mu.Unlock()
	if rep == nil || rep.count == 0 {
		return
	}
	r := rep.last
	r.AddAttrs(slog.Int("repeated", rep.count), slog.Duration("within", d.every))
	_ = rep.next.Handle(context.Background(), r)
}

func recordKey(d *dedup, r slog.Record) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%p|%s|%s", d.next, r.Level, r.Message)
	r.Attrs(func(a slog.Attr) bool {
		b.WriteString("|" + a.Key + "=" + a.Value.String())
		return true
	})
	return b.String()
}
