package actors

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"os"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/go-redis/redis_rate/v10"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promauto"
	"github.com/redis/go-redis/v9"
	"golang.org/x/time/rate"

	"github.com/coinslot/coinslot/config"
)

// Heartbeats: an instance that has not beaten for heartbeatTTL is no longer
// counted among the live ones whose share of each limit is taken when Redis
// is unreachable. Redis is taken for lost when it refuses a heartbeat, or
// when lateBeats heartbeats in a row run out of time: one late beat is as
// often this instance's own loaded scheduler as Redis, and taking the local
// share on top of the bucket the others still share would exceed the rate.
const (
	lateBeats      = 2
	heartbeatEvery = time.Second
	heartbeatTTL   = 3 * heartbeatEvery
	redisTimeout   = time.Second           // per command: a slower Redis is an unreachable one
	pollEvery      = 20 * time.Millisecond // waiting for a shared slot or another instance's answer
)

// errNoTime is a turn that could not be had before the job's deadline.
var errNoTime = errors.New("no turn before the deadline")

// The two scripts run on Redis's own clock, so the instances' clocks need not
// agree. No well-kept library offers a semaphore with expiring leases or a
// count of live members, and each is three commands that must be atomic.
var (
	// acquireSlot takes one of ARGV[1] slots of KEYS[1] for ARGV[2] ms as
	// ARGV[3]. Leases past their expiry are dropped first, so an instance
	// that dies holding slots gives them back when they expire.
	acquireSlot = redis.NewScript(`
local t = redis.call('TIME')
local now = t[1] * 1000 + math.floor(t[2] / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[1]) then
  redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[3])
  return 1
end
return 0`)
	// heartbeat marks ARGV[1] alive in KEYS[1] and counts the members seen
	// within the last ARGV[2] ms.
	heartbeat = redis.NewScript(`
local t = redis.call('TIME')
local now = t[1] * 1000 + math.floor(t[2] / 1000)
redis.call('ZADD', KEYS[1], now, ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - tonumber(ARGV[2]))
return redis.call('ZCARD', KEYS[1])`)
)

// go-redis logs every failed dial; an outage is reported once instead, as
// the degraded state, in this package's log and gauge.
func init() { redis.SetLogger(quietRedis{}) }

type quietRedis struct{}

func (quietRedis) Printf(context.Context, string, ...any) {}

// ClusterStatus is how this instance shares the sources' limits, for the
// operator and for readiness.
type ClusterStatus struct {
	Shared    bool // cluster.redis_url is set: limits are shared through Redis
	Degraded  bool // Redis is unreachable: this instance runs on its share of each limit
	Instances int  // live instances at the last heartbeat, this one included
}

// Cluster reports how the limits are shared now. It never waits on Redis.
func (rt *Runtime) Cluster() ClusterStatus {
	c := rt.cluster
	if c == nil {
		return ClusterStatus{Instances: 1}
	}
	return ClusterStatus{Shared: true, Degraded: c.degraded.Load(), Instances: int(c.live.Load())}
}

// cluster is what instances share through Redis: each source's GCRA bucket
// (redis_rate), its concurrency slots and, when enabled, its answers. While
// Redis is unreachable each instance runs on its share of every limit
// (limit / live instances), so the sources still see the polite rate.
type cluster struct {
	rdb         *redis.Client
	rates       *redis_rate.Limiter
	ns          string
	id          string // this instance in the heartbeat set and in its leases
	sharedCache bool
	log         *slog.Logger

	degraded atomic.Bool
	rejoined atomic.Int64 // unix nanoseconds when Redis was last found again
	live     atomic.Int64 // at the last heartbeat that reached Redis
	late     int          // heartbeats in a row that ran out of time; the beating goroutine's own
	leases   atomic.Uint64
	mu       sync.Mutex
	shares   map[string]*share // by source; rebuilt, empty, each time Redis is lost

	degradedGauge  prometheus.Gauge
	instancesGauge prometheus.Gauge
	stop           chan struct{}
	done           chan struct{}
}

func newCluster(cfg config.Cluster, reg prometheus.Registerer, log *slog.Logger) (*cluster, error) {
	opts, err := redis.ParseURL(cfg.RedisURL)
	if err != nil {
		return nil, fmt.Errorf("cluster.redis_url: %w", err)
	}
	opts.DialTimeout, opts.ReadTimeout, opts.WriteTimeout, opts.PoolTimeout = redisTimeout, redisTimeout, redisTimeout, redisTimeout
	opts.MaxRetries = -1 // a failed command means the fallback, not a retry against the same outage
	host, _ := os.Hostname()
	suffix := make([]byte, 4)
	rand.Read(suffix)
	f := promauto.With(reg)
	c := &cluster{
		rdb: redis.NewClient(opts), ns: cfg.Namespace, sharedCache: cfg.SharedCache, log: log,
		id:     fmt.Sprintf("%s-%d-%s", host, os.Getpid(), hex.EncodeToString(suffix)),
		shares: map[string]*share{},
		degradedGauge: f.NewGauge(prometheus.GaugeOpts{
			Name: "coinslot_cluster_degraded",
			Help: "1 while Redis is unreachable and this instance runs on its share of every source's limits.",
		}),
		instancesGauge: f.NewGauge(prometheus.GaugeOpts{
			Name: "coinslot_cluster_instances",
			Help: "Live instances at the last heartbeat that reached Redis, this one included.",
		}),
		stop: make(chan struct{}), done: make(chan struct{}),
	}
	c.rates = redis_rate.NewLimiter(c.rdb)
	c.live.Store(1)
	c.instancesGauge.Set(1)
	c.beat()
	go c.beatEvery()
	return c, nil
}

func (c *cluster) beatEvery() {
	defer close(c.done)
	t := time.NewTicker(heartbeatEvery)
	defer t.Stop()
	for {
		select {
		case <-c.stop:
			return
		case <-t.C:
			c.beat()
		}
	}
}

// beat announces this instance and counts the live ones; it is also how a
// degraded instance finds Redis back.
func (c *cluster) beat() {
	ctx, cancel := context.WithTimeout(context.Background(), heartbeatEvery)
	defer cancel()
	n, err := heartbeat.Run(ctx, c.rdb, []string{c.ns + ":instances"}, c.id, heartbeatTTL.Milliseconds()).Int64()
	if errors.Is(err, redis.ErrPoolTimeout) {
		return // every connection is busy with Redis, which is then reachable
	}
	if err != nil && slow(err) {
		if c.late++; c.late < lateBeats {
			return
		}
	}
	if err != nil {
		c.fail(err)
		return
	}
	c.late = 0
	c.live.Store(max(n, 1))
	c.instancesGauge.Set(float64(max(n, 1)))
	if c.degraded.CompareAndSwap(true, false) {
		c.rejoined.Store(time.Now().UnixNano())
		c.degradedGauge.Set(0)
		c.log.Info("redis reachable again: limits are shared", "instances", n)
	}
}

// fail records that Redis did not answer. Entering the degraded state drops
// the local shares, so each starts with an empty bucket: the shared bucket may
// just have spent its burst, and n fresh full buckets would add n bursts.
func (c *cluster) fail(err error) {
	if c.degraded.CompareAndSwap(false, true) {
		c.mu.Lock()
		c.shares = map[string]*share{}
		c.mu.Unlock()
		c.degradedGauge.Set(1)
		c.log.Warn("redis unreachable: each instance takes its share of every source's limits",
			"instances", c.live.Load(), "err", err)
	}
}

// turn is the wait before every attempt: the job's limiter (its source's, or its host's), or the
// cluster's shared slot and token when instances share the source.
func (rt *Runtime) turn(ctx context.Context, limiter *rate.Limiter, set *settings) (release func(), err error) {
	if rt.cluster == nil {
		return func() {}, limiter.Wait(ctx)
	}
	return rt.cluster.turn(ctx, set)
}

func (c *cluster) close() {
	close(c.stop)
	<-c.done
	ctx, cancel := context.WithTimeout(context.Background(), redisTimeout)
	defer cancel()
	// Leaving at once lets the others take a larger share without waiting for the TTL.
	c.rdb.ZRem(ctx, c.ns+":instances", c.id)
	c.rdb.Close()
}

// turn waits for one of the source's concurrency slots and one token of its
// rate, both shared by every instance; release gives the slot back. When
// Redis fails, the instance's own share is used instead. The only error is
// errNoTime.
func (c *cluster) turn(ctx context.Context, set *settings) (release func(), err error) {
	for !c.degraded.Load() {
		release, err := c.sharedTurn(ctx, set)
		if err == nil && c.rejoining() {
			return c.alsoLocal(ctx, set, release)
		}
		if err == nil || errors.Is(err, errNoTime) {
			return release, err
		}
		if !slow(err) {
			c.fail(err)
			break
		}
		// Asked again until the heartbeat says whether Redis is lost.
		if !sleep(ctx, pollEvery) {
			return nil, errNoTime
		}
	}
	return c.localTurn(ctx, set)
}

// slow is a command that ran out of time on this instance's side. Under load
// that is often this instance's own scheduler or pool, not Redis: taking its
// share then, on top of the bucket the others still share, would exceed the
// source's rate, so only the heartbeat takes a slow Redis for a lost one.
func slow(err error) bool {
	var ne net.Error
	return errors.Is(err, redis.ErrPoolTimeout) || errors.As(err, &ne) && ne.Timeout()
}

// rejoining is the heartbeatTTL after Redis came back. The others find it
// back at their next heartbeat, and until then still take their shares
// outside the shared bucket, so this instance keeps to its share as well.
func (c *cluster) rejoining() bool {
	return time.Since(time.Unix(0, c.rejoined.Load())) < heartbeatTTL
}

// alsoLocal takes the instance's share on top of a shared turn.
func (c *cluster) alsoLocal(ctx context.Context, set *settings, shared func()) (func(), error) {
	local, err := c.localTurn(ctx, set)
	if err != nil {
		shared()
		return nil, err
	}
	return func() { local(); shared() }, nil
}

func (c *cluster) sharedTurn(ctx context.Context, set *settings) (func(), error) {
	name := set.source.Name
	slots := c.ns + ":slots:" + name
	token := c.id + ":" + strconv.FormatUint(c.leases.Add(1), 10)
	deadline, _ := ctx.Deadline()
	// The slot is held through the rate wait and the attempt, both bounded
	// by the deadline; the margin covers the release on the way back.
	lease := (time.Until(deadline) + time.Second).Milliseconds()
	for {
		got, err := acquireSlot.Run(ctx, c.rdb, []string{slots}, set.concurrency, lease, token).Int()
		if err != nil {
			return nil, noTimeOr(ctx, err)
		}
		if got == 1 {
			break
		}
		if !sleep(ctx, pollEvery) {
			return nil, errNoTime
		}
	}
	release := func() {
		ctx, cancel := context.WithTimeout(context.Background(), redisTimeout)
		defer cancel()
		c.rdb.ZRem(ctx, slots, token) // on failure the lease expires by itself
	}
	limit := gcra(set.rate, set.burst)
	for {
		res, err := c.rates.Allow(ctx, c.ns+":"+name, limit)
		if err != nil {
			release()
			return nil, noTimeOr(ctx, err)
		}
		if res.Allowed > 0 {
			return release, nil
		}
		if time.Now().Add(res.RetryAfter).After(deadline) || !sleep(ctx, res.RetryAfter) {
			release()
			return nil, errNoTime
		}
	}
}

// noTimeOr is errNoTime when the deadline, not Redis, ended a command.
func noTimeOr(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		return errNoTime
	}
	return err
}

// gcra is the source's rate as redis_rate takes it: one request per emission
// interval, which keeps fractional rates such as 0.5/s exact.
func gcra(perSecond float64, burst int) redis_rate.Limit {
	return redis_rate.Limit{Rate: 1, Burst: burst, Period: time.Duration(float64(time.Second) / perSecond)}
}

// share is an instance's part of one source's limits while Redis is away.
type share struct {
	mu      sync.Mutex
	limiter *rate.Limiter
	inUse   int
}

func (c *cluster) localTurn(ctx context.Context, set *settings) (func(), error) {
	n := int(c.live.Load())
	c.mu.Lock()
	sh, ok := c.shares[set.source.Name]
	if !ok {
		// Set to the share below, from zero tokens: see fail.
		sh = &share{limiter: rate.NewLimiter(0, 0)}
		c.shares[set.source.Name] = sh
	}
	c.mu.Unlock()
	slots := max(set.concurrency/n, 1)
	for {
		sh.mu.Lock()
		if sh.inUse < slots {
			sh.inUse++
			sh.mu.Unlock()
			break
		}
		sh.mu.Unlock()
		if !sleep(ctx, pollEvery) {
			return nil, errNoTime
		}
	}
	release := func() {
		sh.mu.Lock()
		sh.inUse--
		sh.mu.Unlock()
	}
	// Settings and the live count may change between turns; the bucket
	// keeps its level and takes the new limit.
	now := time.Now()
	sh.limiter.SetLimitAt(now, rate.Limit(set.rate/float64(n)))
	sh.limiter.SetBurstAt(now, max(set.burst/n, 1))
	if sh.limiter.Wait(ctx) != nil {
		release()
		return nil, errNoTime
	}
	return release, nil
}

// sleep waits d or until ctx ends; it says whether d passed.
func sleep(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}
