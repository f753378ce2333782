package edge

import (
	"encoding/json"
	"time"

	"github.com/coinslot/coinslot/registry"
	"github.com/valyala/fasthttp"
)

func health(ctx *fasthttp.RequestCtx) {
	ctx.Response.Header.Set("Cache-Control", "no-store")
	writeJSON(ctx, fasthttp.StatusOK, []byte(`{"status":"ok"}`+"\n"))
}

// readiness answers 200 once the server can sell: documents and terms are
// built (they are before any route exists) and a runtime runs the tools.
func (s *Server) readiness(ctx *fasthttp.RequestCtx) {
	ctx.Response.Header.Set("Cache-Control", "no-store")
	if s.runtime == nil {
		writeJSON(ctx, fasthttp.StatusServiceUnavailable, []byte(`{"status":"not_ready","why":"no tool runtime is running"}`+"\n"))
		return
	}
	writeJSON(ctx, fasthttp.StatusOK, []byte(`{"status":"ready"}`+"\n"))
}

type systemInfo struct {
	Service       string            `json:"service"`
	Version       string            `json:"version"`
	Mode          string            `json:"mode"`
	StartedAt     string            `json:"started_at"`
	UptimeSeconds int64             `json:"uptime_seconds"`
	Tools         toolCounts        `json:"tools"`
	Ready         []string          `json:"ready"`
	Unavailable   []unavailableTool `json:"unavailable"`
}

type toolCounts struct {
	Total       int `json:"total"`
	Ready       int `json:"ready"`
	Unavailable int `json:"unavailable"`
}

type unavailableTool struct {
	Name              string `json:"name"`
	Why               string `json:"why"`
	RetryAfterSeconds int64  `json:"retry_after_seconds,omitempty"`
}

// systemInfo reports, at the time of asking, which tools can be sold and
// why the others cannot.
func (s *Server) systemInfo(ctx *fasthttp.RequestCtx) {
	now := time.Now()
	info := systemInfo{
		Service:       "coinslot",
		Version:       Version,
		Mode:          s.cfg.Load().Mode,
		StartedAt:     s.started.UTC().Format(time.RFC3339),
		UptimeSeconds: int64(now.Sub(s.started) / time.Second),
		Ready:         []string{},
		Unavailable:   []unavailableTool{},
	}
	for _, t := range registry.All() {
		ok, why, retry := false, "no tool runtime is running", time.Duration(0)
		if s.runtime != nil {
			ok, why, retry = s.runtime.Ready(t)
		}
		if ok {
			info.Ready = append(info.Ready, t.Name)
		} else {
			info.Unavailable = append(info.Unavailable, unavailableTool{t.Name, why, int64(retry.Round(time.Second) / time.Second)})
		}
	}
	info.Tools = toolCounts{len(info.Ready) + len(info.Unavailable), len(info.Ready), len(info.Unavailable)}
	body, err := json.MarshalIndent(info, "", "  ")
	if err != nil {
		writeError(ctx, fasthttp.StatusInternalServerError, "internal", "system info failed", nil)
		return
	}
	ctx.Response.Header.Set("Cache-Control", "no-store")
	writeJSON(ctx, fasthttp.StatusOK, append(body, '\n'))
}
