package actors

import (
	"cmp"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/coinslot/coinslot/config"
	"github.com/coinslot/coinslot/upstreams"
)

// settings are one source's effective settings: its declaration, overridden
// by config's "default" entry and then by its own entry. A value is never
// changed once built; a reload builds new ones and sends them to the
// supervisor as a message.
type settings struct {
	source      upstreams.Source
	baseURL     string // where requests go: the declared base, the config's base_url, or the replay server in sandbox
	rate        float64
	burst       int
	concurrency int
	perHost     int           // AnyHost: in flight to one host
	timeout     time.Duration // per attempt
	retries     int
	cacheTTL    time.Duration
	failures    int           // consecutive failures that open the breaker
	cooldown    time.Duration // how long it stays open
	maxRestarts int           // worker restarts allowed within the window
	within      time.Duration
	userAgent   string
	key         string
	keyMissing  bool // the source needs a key and the environment has none
}

func buildSettings(src upstreams.Source, cfg *config.Config, opts *Options) (*settings, error) {
	s := &settings{
		source: src, baseURL: src.BaseURL,
		rate: src.Rate, burst: src.Burst, concurrency: src.Concurrency, perHost: max(src.PerHost, 1),
		timeout: src.Timeout, retries: src.Retries, cacheTTL: src.CacheTTL,
		failures: -1, cooldown: -1, maxRestarts: -1, within: -1,
		userAgent: fmt.Sprintf("coinslot/%s (+%s)", opts.Version, cfg.BaseURL),
	}
	for _, name := range []string{"default", src.Name} {
		if u, ok := cfg.Upstreams[name]; ok {
			s.override(u)
		}
	}
	switch {
	case src.AnyHost && s.baseURL != src.BaseURL:
		return nil, fmt.Errorf("upstream %s fetches any public host: base_url does not apply", src.Name)
	case s.failures < 1 || s.cooldown < 0:
		return nil, fmt.Errorf("upstream %s: breaker.failures and breaker.cooldown are not configured", src.Name)
	case s.maxRestarts < 0 || s.within < 0:
		return nil, fmt.Errorf("upstream %s: supervision.max_restarts and supervision.within are not configured", src.Name)
	}
	if opts.Sandbox {
		// Recorded answers need no key, so sandbox never sends one.
		s.baseURL = strings.TrimSuffix(opts.ReplayURL, "/") + "/" + src.Name
		if src.AnyHost {
			upstreams.TrustReplay(s.baseURL)
		}
		return s, nil
	}
	var ok bool
	s.key, ok = upstreams.APIKey(src, opts.Getenv)
	s.keyMissing = !ok
	return s, nil
}

func (s *settings) override(u config.Upstream) {
	set(&s.rate, u.Rate)
	set(&s.burst, u.Burst)
	set(&s.concurrency, u.Concurrency)
	setDuration(&s.timeout, u.Timeout)
	set(&s.retries, u.Retries)
	setDuration(&s.cacheTTL, u.CacheTTL)
	set(&s.failures, u.Breaker.Failures)
	setDuration(&s.cooldown, u.Breaker.Cooldown)
	set(&s.maxRestarts, u.Supervision.MaxRestarts)
	setDuration(&s.within, u.Supervision.Within)
	if u.UserAgent != "" {
		s.userAgent = u.UserAgent
	}
	if u.BaseURL != "" {
		s.baseURL = strings.TrimSuffix(u.BaseURL, "/")
	}
}

func set[T any](dst *T, v *T) {
	if v != nil {
		*dst = *v
	}
}

func setDuration(dst *time.Duration, v *config.Duration) {
	if v != nil {
		*dst = time.Duration(*v)
	}
}

// target is where req goes: its URL with the declared base swapped for the
// effective one. In sandbox a request of an AnyHost source goes to the
// replay server as <base>/<host><path>, the form its fixtures are keyed by.
func (s *settings) target(req *upstreams.Request) *upstreams.Request {
	if s.source.AnyHost {
		return s.anyHostTarget(req)
	}
	rest, ok := strings.CutPrefix(req.URL, s.source.BaseURL)
	if !ok || s.baseURL == s.source.BaseURL {
		return req
	}
	out := *req
	out.URL = s.baseURL + rest
	return &out
}

func (s *settings) anyHostTarget(req *upstreams.Request) *upstreams.Request {
	u, err := url.Parse(req.URL)
	if s.baseURL == "" || err != nil || u.Host == "" {
		return req
	}
	out := *req
	out.URL = s.baseURL + "/" + strings.ToLower(u.Host) + cmp.Or(u.EscapedPath(), "/")
	if u.RawQuery != "" {
		out.URL += "?" + u.RawQuery
	}
	return &out
}
