package main

import (
	"context"
	"log/slog"
)

// leveled filters a handler built at the lowest level by a level a reload
// can set, so that log.level applies without building the logger again.
type leveled struct {
	slog.Handler
	level slog.Leveler
}

func (h leveled) Enabled(ctx context.Context, l slog.Level) bool {
	return l >= h.level.Level() && h.Handler.Enabled(ctx, l)
}

func (h leveled) WithAttrs(as []slog.Attr) slog.Handler {
	return leveled{h.Handler.WithAttrs(as), h.level}
}

func (h leveled) WithGroup(name string) slog.Handler {
	return leveled{h.Handler.WithGroup(name), h.level}
}
