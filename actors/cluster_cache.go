package actors

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"net/http"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/coinslot/coinslot/upstreams"
)

// sharedAnswer is one answer as instances share it in Redis.
type sharedAnswer struct {
	Status int         `json:"status"`
	Header http.Header `json:"header"`
	Body   []byte      `json:"body"`
}

// sharedAnswer looks for j's answer in Redis, behind this instance's own
// cache. On a miss the first instance to ask fetches it and the others wait
// for it, so identical calls across instances make one upstream request; fill
// stores what the fetch got and lets the waiters go. Without a shared cache,
// or when Redis fails, it finds nothing and fill does nothing.
func (rt *Runtime) sharedAnswer(ctx context.Context, j *job) (hit *upstreams.Response, fill func(*upstreams.Response, error)) {
	c := rt.cluster
	fill = func(*upstreams.Response, error) {}
	if c == nil || !c.sharedCache || j.ttl <= 0 || c.degraded.Load() {
		return nil, fill
	}
	sum := sha256.Sum256([]byte(j.key))
	key := c.ns + ":answer:" + hex.EncodeToString(sum[:])
	lock := key + ":filling"
	deadline, _ := ctx.Deadline()
	for {
		if hit, err := c.lookup(ctx, key); hit != nil || err != nil {
			return hit, fill
		}
		// The lock outlives a filler that dies by a second past its deadline.
		mine, err := c.rdb.SetNX(ctx, lock, c.id, time.Until(deadline)+time.Second).Result()
		if err != nil {
			c.redisFailed(ctx, err)
			return nil, fill
		}
		if mine {
			// The last filler may have stored the answer and let go of the
			// lock since the lookup.
			if hit, _ := c.lookup(ctx, key); hit != nil {
				c.rdb.Del(ctx, lock)
				return hit, fill
			}
			return nil, func(resp *upstreams.Response, err error) { c.store(key, lock, resp, err, j.ttl) }
		}
		if !sleep(ctx, pollEvery) {
			return nil, fill
		}
	}
}

// lookup is the shared answer at key; nil and no error when there is none.
func (c *cluster) lookup(ctx context.Context, key string) (*upstreams.Response, error) {
	b, err := c.rdb.Get(ctx, key).Bytes()
	switch {
	case errors.Is(err, redis.Nil):
		return nil, nil
	case err != nil:
		c.redisFailed(ctx, err)
		return nil, err
	}
	var a sharedAnswer
	if json.Unmarshal(b, &a) != nil {
		return nil, nil // another version's format: fetched again and replaced
	}
	return &upstreams.Response{Status: a.Status, Header: a.Header, Body: a.Body, Cached: true}, nil
}

func (c *cluster) store(key, lock string, resp *upstreams.Response, err error, ttl time.Duration) {
	ctx, cancel := context.WithTimeout(context.Background(), redisTimeout)
	defer cancel()
	if err == nil {
		b, _ := json.Marshal(sharedAnswer{Status: resp.Status, Header: resp.Header, Body: resp.Body})
		c.rdb.Set(ctx, key, b, ttl)
	}
	c.rdb.Del(ctx, lock) // after a failure the next waiter tries the source itself
}

// redisFailed degrades the instance unless the call's own deadline, not
// Redis, ended the command, or it was only slow (see slow).
func (c *cluster) redisFailed(ctx context.Context, err error) {
	if ctx.Err() == nil && !slow(err) {
		c.fail(err)
	}
}
