package edge

import (
	"encoding/json"
	"time"

	"github.com/coinslot/coinslot/actors"
	"github.com/coinslot/coinslot/registry"
	"github.com/valyala/fasthttp"
)

func health(ctx *fasthttp.RequestCtx) {
	ctx.Response.Header.Set("Cache-Control", "no-store")
	writeJSON(ctx, fasthttp.StatusOK, []byte(`{"status":"ok"}`+"\n"))
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
	Sources       []sourceInfo      `json:"sources"`
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

// sourceInfo is one upstream source's state for operators: its circuit,
// worker restarts, key and the settings in effect.
type sourceInfo struct {
	Name              string         `json:"name"`
	Breaker           string         `json:"breaker"`
	RetryAfterSeconds int64          `json:"retry_after_seconds,omitempty"`
	Restarts          int64          `json:"restarts"`
	InFlight          int64          `json:"in_flight"`
	LastError         string         `json:"last_error,omitempty"`
	LastErrorAt       string         `json:"last_error_at,omitempty"` // RFC 3339
	KeyEnv            string         `json:"key_env,omitempty"`
	Key               string         `json:"key,omitempty"`
	Settings          SourceSettings `json:"settings"`
}

// SourceSettings are the settings in force for a source, named as the keys
// of a config file's upstreams entry: /status and `coinslot sources` show
// them alike.
type SourceSettings struct {
	Rate        float64     `json:"rate"`
	Burst       int         `json:"burst"`
	Concurrency int         `json:"concurrency"`
	Timeout     string      `json:"timeout"`
	Retries     int         `json:"retries"`
	CacheTTL    string      `json:"cache_ttl"`
	Breaker     Breaker     `json:"breaker"`
	Supervision Supervision `json:"supervision"`
}

// Breaker is when a source's circuit opens and how long it stays open.
type Breaker struct {
	Failures int    `json:"failures"` // consecutive failures that open it
	Cooldown string `json:"cooldown"`
}

// Supervision is how many worker restarts a source allows in a window.
type Supervision struct {
	MaxRestarts int    `json:"max_restarts"`
	Within      string `json:"within"`
}

// SettingsOf is the settings part of a source's status.
func SettingsOf(st actors.SourceStatus) SourceSettings {
	return SourceSettings{
		Rate: st.Rate, Burst: st.Burst, Concurrency: st.Concurrency,
		Timeout: st.Timeout.String(), Retries: st.Retries, CacheTTL: st.CacheTTL.String(),
		Breaker:     Breaker{st.Failures, st.Cooldown.String()},
		Supervision: Supervision{st.MaxRestarts, st.Within.String()},
	}
}

func newSourceInfo(st actors.SourceStatus) sourceInfo {
	info := sourceInfo{
		Name: st.Name, Breaker: st.Breaker, RetryAfterSeconds: retrySeconds(st.RetryAfter),
		Restarts: st.Restarts, InFlight: st.InFlight, LastError: st.LastError, KeyEnv: st.KeyEnv, Key: st.Key,
		Settings: SettingsOf(st),
	}
	if !st.LastErrorAt.IsZero() {
		info.LastErrorAt = st.LastErrorAt.UTC().Format(time.RFC3339)
	}
	return info
}

// retrySeconds is a wait in whole seconds as Retry-After states it: rounded,
// and at least 1 while there is any wait left.
func retrySeconds(d time.Duration) int64 {
	if d <= 0 {
		return 0
	}
	return max(int64(d.Round(time.Second)/time.Second), 1)
}

// systemInfo reports, at the time of asking, which tools can be sold and
// why the others cannot, and the state of every upstream source.
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
		Sources:       []sourceInfo{},
	}
	for _, t := range registry.All() {
		ok, why, retry := false, "no tool runtime is running", time.Duration(0)
		if s.runtime != nil {
			ok, why, retry = s.runtime.Ready(t)
		}
		if ok {
			info.Ready = append(info.Ready, t.Name)
		} else {
			info.Unavailable = append(info.Unavailable, unavailableTool{t.Name, why, retrySeconds(retry)})
		}
	}
	if s.runtime != nil {
		for _, st := range s.runtime.Sources() {
			info.Sources = append(info.Sources, newSourceInfo(st))
		}
	}
	info.Tools = toolCounts{len(info.Ready) + len(info.Unavailable), len(info.Ready), len(info.Unavailable)}
	body, err := json.MarshalIndent(info, "", "  ")
	if err != nil {
		writeError(ctx, registry.CodeInternal, "system info failed", nil)
		return
	}
	ctx.Response.Header.Set("Cache-Control", "no-store")
	writeJSON(ctx, fasthttp.StatusOK, append(body, '\n'))
}
