package edge

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/valyala/fasthttp"
)

// Why the server takes no new work.
const NotReadyDraining = "shutting down"

// readiness is the set of reasons the server should get no new work, and
// of what it sells without (a facilitator of several that is down); it is
// ready when the first set is empty.
type readiness struct {
	mu       sync.Mutex
	why      []string
	degraded []string
}

// Unready takes the server out of rotation for why until release is called.
// Several reasons may hold at once; /readyz names them all.
func (s *Server) Unready(why string) (release func()) {
	return s.unready.hold(&s.unready.why, why)
}

// hold adds why to the list until release is called.
func (r *readiness) hold(list *[]string, why string) (release func()) {
	r.mu.Lock()
	*list = append(*list, why)
	r.mu.Unlock()
	return sync.OnceFunc(func() {
		r.mu.Lock()
		defer r.mu.Unlock()
		if i := slices.Index(*list, why); i >= 0 {
			*list = slices.Delete(*list, i, i+1)
		}
	})
}

// readyState is the body of /readyz.
type readyState struct {
	Status   string `json:"status"`
	Why      string `json:"why,omitempty"`
	Degraded string `json:"degraded,omitempty"`
}

func (r *readiness) state() readyState {
	r.mu.Lock()
	defer r.mu.Unlock()
	return readyState{Why: strings.Join(r.why, "; "), Degraded: strings.Join(r.degraded, "; ")}
}

// readiness answers 200 while the server can sell: documents and terms are
// built (they are before any route exists), a runtime runs the tools and
// nothing has taken it out of rotation. Either way it names what it sells
// without.
func (s *Server) readiness(ctx *fasthttp.RequestCtx) {
	ctx.Response.Header.Set("Cache-Control", "no-store")
	state, status := s.unready.state(), fasthttp.StatusOK
	if s.runtime == nil {
		state.Why = "no tool runtime is running"
	}
	state.Status = "ready"
	if state.Why != "" {
		state.Status, status = "not_ready", fasthttp.StatusServiceUnavailable
	}
	body, _ := json.Marshal(state)
	writeJSON(ctx, status, append(body, '\n'))
}

// Check is something the server needs to sell: Probe fails while it cannot
// be reached.
type Check struct {
	Why   string // the reason /readyz gives, before the probe's error
	Probe func(ctx context.Context) error
}

// degraded is a probe's failure the server still sells through: /readyz
// names it and stays 200.
type degraded struct{ error }

// Watch probes each check at once and then every interval, each probe
// within timeout, until ctx ends. A failing check holds the server out of
// rotation, naming its error, or, when the error is degraded, only names
// it; it comes back when the probe passes.
func (s *Server) Watch(ctx context.Context, every, timeout time.Duration, checks ...Check) {
	for _, c := range checks {
		go func() {
			type state struct {
				why  string
				soft bool // degraded: named, still ready
			}
			release, held := func() {}, state{}
			defer func() { release() }()
			tick := time.NewTicker(every)
			defer tick.Stop()
			for {
				probe, cancel := context.WithTimeout(ctx, timeout)
				err := c.Probe(probe)
				cancel()
				var now state
				if err != nil {
					now = state{c.Why + ": " + err.Error(), errors.As(err, new(degraded))}
				}
				if now != held {
					release()
					release, held = func() {}, now
					switch {
					case now.soft:
						release = s.unready.hold(&s.unready.degraded, now.why)
						s.log().Warn("degraded", "why", now.why)
					case now.why != "":
						release = s.Unready(now.why)
						s.log().Warn("not ready", "why", now.why)
					default:
						s.log().Info("ready again", "cleared", c.Why)
					}
				}
				select {
				case <-ctx.Done():
					return
				case <-tick.C:
				}
			}
		}()
	}
}
