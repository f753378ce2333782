package markets

import (
	"context"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

// now is when every test call is made; fixtures are recorded around it.
var now = time.Date(2026, 11, 20, 15, 0, 0, 0, time.UTC)

// failing answers every request with the given error.
func failing(err error) upstreams.Doer {
	return upstreams.DoerFunc(func(context.Context, *upstreams.Request) (*upstreams.Response, error) { return nil, err })
}

// garbage answers every request with a body no decoder accepts.
var garbage = upstreams.DoerFunc(func(context.Context, *upstreams.Request) (*upstreams.Response, error) {
	return &upstreams.Response{Status: 200, Body: []byte("<html>maintenance</html>")}, nil
})

// cachedReplay answers from fixtures, marking every answer as served from cache.
var cachedReplay = upstreams.DoerFunc(func(ctx context.Context, r *upstreams.Request) (*upstreams.Response, error) {
	resp, err := upstreams.Replay.Do(ctx, r)
	if err == nil {
		resp.Cached = true
	}
	return resp, err
})
