package actors

import (
	"context"
	"errors"
	"time"

	"github.com/asynkron/protoactor-go/actor"

	"github.com/coinslot/coinslot/upstreams"
)

// doer is a handler's way to its upstreams: each request is a fetch message
// to the source's supervisor, awaited on the handler's own goroutine.
type doer struct {
	rt      *Runtime
	toolTTL time.Duration // the tool's cache TTL override, zero for none
}

func (d *doer) Do(ctx context.Context, req *upstreams.Request) (*upstreams.Response, error) {
	st, ok := d.rt.sources[req.Source]
	if !ok {
		return nil, upstreams.Errorf(req.Source, upstreams.Unavailable, "no such upstream source")
	}
	deadline, ok := ctx.Deadline()
	if !ok {
		deadline = time.Now().Add(d.rt.opts.CallTimeout)
	}
	wait := time.Until(deadline)
	if wait <= 0 {
		return nil, upstreams.Errorf(req.Source, upstreams.Timeout, "no time left for the request")
	}
	req = upstreams.Traced(ctx, req)
	reply, err := d.rt.sys.Root.RequestFuture(st.pid, &fetch{req: req, toolTTL: d.toolTTL, deadline: deadline}, wait+replyGrace).Result()
	switch {
	case errors.Is(err, actor.ErrTimeout):
		return nil, upstreams.Errorf(req.Source, upstreams.Timeout, "no answer in time")
	case err != nil:
		return nil, upstreams.Errorf(req.Source, upstreams.Unavailable, "the source's supervisor is not running")
	}
	r := reply.(*fetchReply)
	return r.resp, r.err
}

// Upstream is a way to the sources outside any tool call, for the edge's
// free proxies: requests go through the same supervisors, limits and cache.
func (rt *Runtime) Upstream() upstreams.Doer { return &doer{rt: rt} }
