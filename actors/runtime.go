// Package actors is the runtime that runs tools: each call on a goroutine of
// its own, where a panic ends only that call, and a protoactor-go system with
// one supervisor actor per upstream source, which owns the source's rate
// limiter, concurrency cap, circuit breaker, single flight and workers, and
// shares one answer cache with every other source. Failures and polite-rate
// limits stay within each source.
//
//	root
//	└── upstreams/<source>    limiter, concurrency cap, breaker, single flight
//	    └── w<n>              workers doing the HTTP, restarted within limits
package actors

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"strings"
	"sync/atomic"
	"time"

	"github.com/asynkron/protoactor-go/actor"
	"github.com/dgraph-io/ristretto/v2"
	"github.com/prometheus/client_golang/prometheus"
	"golang.org/x/time/rate"

	"github.com/coinslot/coinslot/config"
	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
)

// ErrInternal is a call that ended in a panic: the buyer gets a 500 and is
// not charged, and the tool keeps serving other calls.
var ErrInternal = errors.New("the tool failed unexpectedly")

// replyGrace is how long Run waits past the call's deadline. The handler
// and the supervisors answer at the deadline themselves, with the upstream
// that was late named; Run's own timeout is for a handler that never
// returns.
const replyGrace = time.Second

// Options are the runtime's dependencies; the zero value is production with
// the process's clock, environment and a quiet log.
type Options struct {
	Sandbox     bool   // answer every source from the replay server at ReplayURL
	ReplayURL   string // base of the replay server; each source is at ReplayURL/<source>
	HTTPClient  *http.Client
	Now         func() time.Time // the clock of breakers, and of calls outside the sandbox; deadlines use the real one
	Getenv      func(string) string
	Logger      *slog.Logger
	Registry    *prometheus.Registry // where metrics are registered; a new one when nil
	Version     string               // the service version, sent in the User-Agent
	CallTimeout time.Duration        // a call's deadline when its context has none (30s when zero)
}

// Runtime runs tools on the actor system. It implements the edge's Runtime.
type Runtime struct {
	opts    Options
	sys     *actor.ActorSystem
	log     *slog.Logger
	reg     *prometheus.Registry
	metrics *metrics
	cache   *ristretto.Cache[string, *answer]
	cluster *cluster // nil when the instance is alone
	sources map[string]*sourceState
	calls   *warmGoroutines // run the calls' handlers
	seller  atomic.Pointer[registry.Seller]
}

// sourceState is what outlives a source's supervisor actor and what callers
// outside it may read.
type sourceState struct {
	pid       *actor.PID
	limiter   *rate.Limiter
	set       atomic.Pointer[settings]
	openUntil atomic.Int64 // unix nanoseconds while the breaker is open or half-open, else 0
	restarts  atomic.Int64 // worker restarts since start
	inflight  atomic.Int64 // requests at workers now
	lastErr   atomic.Pointer[sourceError]
}

// sourceError is the last failure a source's callers saw, and when.
type sourceError struct {
	msg string
	at  time.Time
}

// New starts the runtime: a supervisor for every declared source and an actor
// for every tool that has a handler.
func New(cfg *config.Config, opts Options) (*Runtime, error) {
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.Getenv == nil {
		opts.Getenv = os.Getenv
	}
	if opts.HTTPClient == nil {
		opts.HTTPClient = upstreams.NewHTTPClient()
	}
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	if opts.Registry == nil {
		opts.Registry = prometheus.NewRegistry()
	}
	if opts.CallTimeout <= 0 {
		opts.CallTimeout = 30 * time.Second
	}
	if opts.Sandbox && opts.ReplayURL == "" {
		return nil, errors.New("sandbox needs the replay server's URL")
	}
	rt := &Runtime{
		opts: opts, log: opts.Logger, reg: opts.Registry,
		sources: map[string]*sourceState{}, calls: &warmGoroutines{idle: make(chan func())},
	}
	rt.metrics = newMetrics(rt.reg)
	rt.seller.Store(sellerOf(cfg))
	var err error
	if rt.cache, err = newCache(cfg.Cache.MaxMB, rt.metrics); err != nil {
		return nil, fmt.Errorf("cache: %w", err)
	}
	if cfg.Cluster.RedisURL != "" {
		if rt.cluster, err = newCluster(cfg.Cluster, rt.reg, rt.log); err != nil {
			rt.cache.Close()
			return nil, err
		}
	}
	rt.sys = actor.NewActorSystem(
		actor.WithLoggerFactory(func(s *actor.ActorSystem) *slog.Logger {
			return slog.New(atLeast{opts.Logger.Handler(), slog.LevelWarn}).With("lib", "protoactor")
		}),
		actor.WithDeadLetterRequestLogging(false),
	)
	for _, src := range upstreams.Sources() {
		set, err := buildSettings(src, cfg, &rt.opts)
		if err != nil {
			rt.Close()
			return nil, err
		}
		st := &sourceState{limiter: rate.NewLimiter(rate.Limit(set.rate), set.burst)}
		st.set.Store(set)
		props := actor.PropsFromProducer(func() actor.Actor { return newSupervisor(rt, st) })
		if st.pid, err = rt.sys.Root.SpawnNamed(props, "upstreams/"+src.Name); err != nil {
			rt.Close()
			return nil, err
		}
		rt.sources[src.Name] = st
	}
	return rt, nil
}

// Reload prepares cfg and applies it; a configuration that does not resolve
// changes nothing. A process that reloads the edge too prepares both before
// it applies either.
func (rt *Runtime) Reload(cfg *config.Config) error {
	next, err := rt.Prepare(cfg)
	if err != nil {
		return err
	}
	rt.Apply(next)
	return nil
}

// Settings are every source's settings, the cache size and the seller of one
// configuration, resolved and not yet in force.
type Settings struct {
	sources map[string]*settings
	cacheMB int
	seller  *registry.Seller
}

// Prepare resolves cfg for every source. It reports every source that does
// not resolve, and changes nothing.
func (rt *Runtime) Prepare(cfg *config.Config) (*Settings, error) {
	next := &Settings{sources: map[string]*settings{}, cacheMB: cfg.Cache.MaxMB, seller: sellerOf(cfg)}
	var errs []error
	for name, st := range rt.sources {
		set, err := buildSettings(st.set.Load().source, cfg, &rt.opts)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		next.sources[name] = set
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return next, nil
}

// Apply puts prepared settings in force; it cannot fail. Every supervisor
// gets its settings as a message: requests in flight finish under the
// settings they started with, and nothing is dropped.
func (rt *Runtime) Apply(next *Settings) {
	rt.cache.UpdateMaxCost(int64(next.cacheMB) << 20)
	rt.seller.Store(next.seller)
	for name, set := range next.sources {
		rt.sys.Root.Send(rt.sources[name].pid, set)
	}
}

// Metrics is the registry holding the runtime's series.
func (rt *Runtime) Metrics() *prometheus.Registry { return rt.reg }

// Close stops every actor and the cache.
func (rt *Runtime) Close() {
	for _, st := range rt.sources {
		if st.pid != nil {
			rt.sys.Root.StopFuture(st.pid).Wait()
		}
	}
	rt.sys.Shutdown()
	rt.cache.Close()
	if rt.cluster != nil {
		rt.cluster.close()
	}
}

// Ready says whether t can be sold now: it has a handler, every source it
// uses has its key and no source's circuit is open. retryAfter is the longest
// remaining cooldown.
func (rt *Runtime) Ready(t *registry.Tool) (ok bool, why string, retryAfter time.Duration) {
	if t.Handler == nil {
		return false, t.Name + " is not implemented", 0
	}
	now := rt.opts.Now()
	for _, name := range t.Sources {
		st, ok := rt.sources[name]
		if !ok {
			return false, "unknown upstream " + name, 0
		}
		if set := st.set.Load(); set.keyMissing {
			return false, "missing " + set.source.KeyEnv, 0
		}
		if wait := st.cooldown(now); wait > retryAfter {
			why, retryAfter = name+" is failing; its circuit is open", wait
		}
	}
	return retryAfter == 0, why, retryAfter
}

// cooldown is how long the source's breaker stays open from now.
func (st *sourceState) cooldown(now time.Time) time.Duration {
	until := st.openUntil.Load()
	if until == 0 {
		return 0
	}
	return max(time.Unix(0, until).Sub(now), 0)
}

// Run executes one validated call of t on a goroutine of its own and waits
// for it up to the call's deadline, ctx's or CallTimeout from now.
func (rt *Runtime) Run(ctx context.Context, t *registry.Tool, args registry.Args) (*registry.Result, error) {
	if t.Handler == nil {
		return nil, fmt.Errorf("tool %s has no handler", t.Name)
	}
	start := time.Now()
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, rt.opts.CallTimeout)
		defer cancel()
	}
	deadline, _ := ctx.Deadline()
	now := upstreams.AnswerTime(rt.opts.Sandbox, rt.opts.Now())
	// Buffered: a handler that returns after Run gave up does not wait.
	reply := make(chan callReply, 1)
	rt.calls.run(func() { reply <- rt.call(ctx, t, args, now) })
	late := time.NewTimer(time.Until(deadline) + replyGrace)
	defer late.Stop()
	var r callReply
	select {
	case r = <-reply:
	case <-late.C:
		r.err = upstreams.Errorf(t.Name, upstreams.Timeout, "the call did not finish in time")
	}
	rt.metrics.toolCalls.WithLabelValues(t.Name, callOutcome(r.err)).Inc()
	rt.metrics.toolSeconds.WithLabelValues(t.Name).Observe(time.Since(start).Seconds())
	return r.res, r.err
}

func callOutcome(err error) string {
	if err == nil {
		return "ok"
	}
	if errors.Is(err, ErrInternal) {
		return "panic"
	}
	if ue, ok := upstreams.AsError(err); ok {
		switch ue.Kind {
		case upstreams.Timeout:
			return "timeout"
		case upstreams.Unavailable:
			return "unavailable"
		}
	}
	return "error"
}

func sellerOf(cfg *config.Config) *registry.Seller {
	return &registry.Seller{BaseURL: strings.TrimRight(cfg.BaseURL, "/"), PayTo: cfg.PayTo}
}
