package actors

import (
	"context"
	"fmt"
	"runtime/debug"
	"time"

	"github.com/coinslot/coinslot/registry"
)

// callReply is a call's answer.
type callReply struct {
	res *registry.Result
	err error
}

// call runs t's handler. A panic ends only this call, with ErrInternal: the
// buyer gets a 500 and is not charged, and the tool serves on.
func (rt *Runtime) call(ctx context.Context, t *registry.Tool, args registry.Args, now time.Time) (r callReply) {
	defer func() {
		if v := recover(); v != nil {
			rt.log.Error("tool call panicked", "tool", t.Name, "panic", fmt.Sprintf("%v\n%s", v, debug.Stack()))
			r = callReply{err: ErrInternal}
		}
	}()
	res, err := t.Handler(ctx, &registry.Call{
		Tool:     t,
		Args:     args,
		Upstream: &doer{rt: rt, toolTTL: t.CacheTTL},
		Now:      now,
		Sandbox:  rt.opts.Sandbox,
		Seller:   *rt.seller.Load(),
	})
	return callReply{res: res, err: err}
}
