package actors

import (
	"sort"
	"time"

	"github.com/coinslot/coinslot/config"
	"github.com/coinslot/coinslot/upstreams"
)

// Key states of a source, as SourceStatus reports them.
const (
	KeyConfigured    = "configured"        // set in the environment
	KeyMissing       = "missing"           // required and not set: the source's tools are unavailable
	KeyOptionalUnset = "optional_unset"    // not set; the source works without it, with lower limits
	KeyUnused        = "unused_in_sandbox" // recorded answers need no key
)

// SourceStatus is one upstream source as an operator sees it now: its
// circuit, its worker restarts, its key and the settings in effect.
type SourceStatus struct {
	Name        string
	Breaker     string        // "closed", "half-open" or "open"
	RetryAfter  time.Duration // while open: until the half-open trial
	Restarts    int64         // worker restarts since start
	InFlight    int64         // requests at its workers now
	LastError   string        // the last failure its callers saw; empty when none
	LastErrorAt time.Time     // when; zero when none
	KeyEnv      string        // the environment variable holding its key; empty when it takes none
	Key         string        // one of the Key states; empty when it takes none
	Rate        float64       // requests per second
	Burst       int
	Concurrency int
	Timeout     time.Duration // per attempt
	Retries     int
	CacheTTL    time.Duration
	Failures    int           // consecutive failures that open the breaker
	Cooldown    time.Duration // how long the breaker stays open
	MaxRestarts int           // worker restarts allowed within the window
	Within      time.Duration
}

// Sources reports every source's status, sorted by name. It reads only what
// the supervisors publish, so it never waits on an actor.
func (rt *Runtime) Sources() []SourceStatus {
	now := rt.opts.Now()
	out := make([]SourceStatus, 0, len(rt.sources))
	for _, st := range rt.sources {
		s := statusOf(st.set.Load(), rt.opts.Sandbox)
		s.Restarts, s.InFlight = st.restarts.Load(), st.inflight.Load()
		if e := st.lastErr.Load(); e != nil {
			s.LastError, s.LastErrorAt = e.msg, e.at
		}
		if until := st.openUntil.Load(); until != 0 {
			s.Breaker = "half-open"
			if s.RetryAfter = time.Unix(0, until).Sub(now); s.RetryAfter > 0 {
				s.Breaker = "open"
			} else {
				s.RetryAfter = 0
			}
		}
		out = append(out, s)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Configured is every declared source as cfg sets it up, with its key looked
// up by getenv, without starting anything: the settings a production
// runtime would put in force, sorted by name.
func Configured(cfg *config.Config, getenv func(string) string) ([]SourceStatus, error) {
	opts := &Options{Getenv: getenv}
	var out []SourceStatus
	for _, src := range upstreams.Sources() {
		set, err := buildSettings(src, cfg, opts)
		if err != nil {
			return nil, err
		}
		out = append(out, statusOf(set, false))
	}
	return out, nil
}

// statusOf is a source's status from its settings: a closed breaker and
// nothing seen yet.
func statusOf(set *settings, sandbox bool) SourceStatus {
	return SourceStatus{
		Name: set.source.Name, Breaker: "closed",
		KeyEnv: set.source.KeyEnv, Key: keyState(set, sandbox),
		Rate: set.rate, Burst: set.burst, Concurrency: set.concurrency,
		Timeout: set.timeout, Retries: set.retries, CacheTTL: set.cacheTTL,
		Failures: set.failures, Cooldown: set.cooldown, MaxRestarts: set.maxRestarts, Within: set.within,
	}
}

func keyState(set *settings, sandbox bool) string {
	switch {
	case set.source.KeyEnv == "":
		return ""
	case sandbox:
		return KeyUnused
	case set.keyMissing:
		return KeyMissing
	case set.key == "":
		return KeyOptionalUnset
	}
	return KeyConfigured
}
