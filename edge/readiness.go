package edge

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/valyala/fasthttp"
)

// Why the server takes no new work.
const NotReadyDraining = "shutting down"

// readiness is the set of reasons the server should get no new work; it is
// ready when the set is empty.
type readiness struct {
	mu  sync.Mutex
	why []string
}

// Unready takes the server out of rotation for why until release is called.
// Several reasons may hold at once; /readyz names them all.
func (s *Server) Unready(why string) (release func()) {
	s.unready.mu.Lock()
	s.unready.why = append(s.unready.why, why)
	s.unready.mu.Unlock()
	return sync.OnceFunc(func() {
		s.unready.mu.Lock()
		defer s.unready.mu.Unlock()
		if i := slices.Index(s.unready.why, why); i >= 0 {
			s.unready.why = slices.Delete(s.unready.why, i, i+1)
		}
	})
}

func (r *readiness) reasons() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return strings.Join(r.why, "; ")
}

// readiness answers 200 while the server can sell: documents and terms are
// built (they are before any route exists), a runtime runs the tools and
// nothing has taken it out of rotation.
func (s *Server) readiness(ctx *fasthttp.RequestCtx) {
	ctx.Response.Header.Set("Cache-Control", "no-store")
	why := s.unready.reasons()
	if s.runtime == nil {
		why = "no tool runtime is running"
	}
	if why != "" {
		body, _ := json.Marshal(map[string]string{"status": "not_ready", "why": why})
		writeJSON(ctx, fasthttp.StatusServiceUnavailable, append(body, '\n'))
		return
	}
	writeJSON(ctx, fasthttp.StatusOK, []byte(`{"status":"ready"}`+"\n"))
}

// Check is something the server needs to sell: Probe fails while it cannot
// be reached.
type Check struct {
	Why   string // the reason /readyz gives, before the probe's error
	Probe func(ctx context.Context) error
}

// Watch probes each check at once and then every interval, each probe
// within timeout, until ctx ends. A failing check holds the server out of
// rotation, naming its error; it comes back when the probe passes.
func (s *Server) Watch(ctx context.Context, every, timeout time.Duration, checks ...Check) {
	for _, c := range checks {
		go func() {
			release, held := func() {}, ""
			defer func() { release() }()
			tick := time.NewTicker(every)
			defer tick.Stop()
			for {
				probe, cancel := context.WithTimeout(ctx, timeout)
				err := c.Probe(probe)
				cancel()
				why := ""
				if err != nil {
					why = c.Why + ": " + err.Error()
				}
				if why != held {
					release()
					release, held = func() {}, why
					if why != "" {
						release = s.Unready(why)
						s.log().Warn("not ready", "why", why)
					} else {
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
