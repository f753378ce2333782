package replay

import (
	"net/http"
	"strconv"
	"time"
)

// Fault is what a source's requests suffer. The zero Fault is a healthy source.
type Fault struct {
	Latency    time.Duration // wait before answering; a long one is a hanging source
	Status     int           // answer with this status instead of the fixture, e.g. 429, 500, 503
	RetryAfter time.Duration // sent with Status as Retry-After, in whole seconds
	Drop       bool          // close the connection without an answer
	Garbage    bool          // answer 200 with a body in no source's format
	EveryNth   int           // when above 1, only every Nth request suffers the fault
}

// Garbage is the body a Garbage fault sends.
const Garbage = "<html><body>Service temporarily replaced by a captive portal</body></html>"

type fault struct{ Fault }

// SetFault makes every later request to source suffer f; the zero Fault heals it.
func (s *Server) SetFault(source string, f Fault) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if f == (Fault{}) {
		delete(s.faults, source)
		return
	}
	s.faults[source] = &fault{f}
}

func (s *Server) faultFor(source string) *fault {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.faults[source]
}

// applies says whether the nth request to the source (from 1) suffers the fault.
func (f *fault) applies(n int64) bool {
	return f.EveryNth <= 1 || n%int64(f.EveryNth) == 0
}

// serve injects the fault and reports whether it answered the request; a
// latency-only fault lets the fixture answer after the wait.
func (f *fault) serve(w http.ResponseWriter, r *http.Request) bool {
	if f.Latency > 0 {
		t := time.NewTimer(f.Latency)
		defer t.Stop()
		select {
		case <-t.C:
		case <-r.Context().Done():
			return true
		}
	}
	switch {
	case f.Drop:
		if hj, ok := w.(http.Hijacker); ok {
			if conn, _, err := hj.Hijack(); err == nil {
				conn.Close()
				return true
			}
		}
		panic(http.ErrAbortHandler)
	case f.Status != 0:
		if f.RetryAfter > 0 {
			w.Header().Set("Retry-After", strconv.Itoa(int(f.RetryAfter/time.Second)))
		}
		http.Error(w, http.StatusText(f.Status), f.Status)
		return true
	case f.Garbage:
		w.Header().Set("Content-Type", "text/html")
		w.Write([]byte(Garbage))
		return true
	}
	return false
}
