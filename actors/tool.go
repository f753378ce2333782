package actors

import (
	"context"
	"fmt"
	"runtime/debug"
	"time"

	"github.com/asynkron/protoactor-go/actor"

	"github.com/coinslot/coinslot/registry"
)

// toolCall asks a tool actor to run one call; the sender is Run's future.
type toolCall struct {
	ctx  context.Context // carries the call's deadline
	args registry.Args
	now  time.Time
}

// callReply is a call's answer.
type callReply struct {
	res *registry.Result
	err error
}

// handlerPanic carries a handler's panic from its goroutine into the call
// actor, which fails with it so that supervision sees it.
type handlerPanic struct {
	value any
	stack []byte
}

func (p *handlerPanic) String() string { return fmt.Sprintf("%v\n%s", p.value, p.stack) }

// toolActor runs each call of one tool in its own child, so calls never wait
// for each other. It supervises the children itself: a child that fails is
// stopped and its caller answered with ErrInternal.
type toolActor struct {
	rt      *Runtime
	tool    *registry.Tool
	callers map[string]*actor.PID // by child id
}

func newToolActor(rt *Runtime, t *registry.Tool) *toolActor {
	return &toolActor{rt: rt, tool: t, callers: map[string]*actor.PID{}}
}

func (a *toolActor) Receive(ctx actor.Context) {
	switch m := ctx.Message().(type) {
	case *toolCall:
		caller := ctx.Sender()
		child := ctx.Spawn(actor.PropsFromProducer(func() actor.Actor {
			return &callActor{rt: a.rt, tool: a.tool, call: m, caller: caller}
		}, actor.WithDispatcher(a.rt.calls)))
		a.callers[child.Id] = caller
	case *actor.Terminated:
		delete(a.callers, m.Who.Id)
	}
}

// HandleFailure makes the tool actor the supervisor of its calls.
func (a *toolActor) HandleFailure(sys *actor.ActorSystem, sup actor.Supervisor, child *actor.PID, _ *actor.RestartStatistics, reason, _ any) {
	a.rt.log.Error("tool call panicked", "tool", a.tool.Name, "panic", fmt.Sprint(reason))
	if caller, ok := a.callers[child.Id]; ok {
		sys.Root.Send(caller, &callReply{err: ErrInternal})
		delete(a.callers, child.Id)
	}
	sup.StopChildren(child)
}

// callActor owns one call. The handler runs on its own goroutine, since it
// waits on upstream futures and an actor must never block on one.
type callActor struct {
	rt     *Runtime
	tool   *registry.Tool
	call   *toolCall
	caller *actor.PID
}

func (c *callActor) Receive(ctx actor.Context) {
	switch m := ctx.Message().(type) {
	case *actor.Started:
		self := ctx.Self()
		c.rt.calls.Schedule(func() { c.run(self) })
	case *callReply:
		ctx.Send(c.caller, m)
		ctx.Stop(ctx.Self())
	case *handlerPanic:
		panic(m)
	}
}

func (c *callActor) run(self *actor.PID) {
	defer func() {
		if v := recover(); v != nil {
			c.rt.sys.Root.Send(self, &handlerPanic{value: v, stack: debug.Stack()})
		}
	}()
	res, err := c.tool.Handler(c.call.ctx, &registry.Call{
		Tool:     c.tool,
		Args:     c.call.args,
		Upstream: &doer{rt: c.rt, toolTTL: c.tool.CacheTTL},
		Now:      c.call.now,
		Sandbox:  c.rt.opts.Sandbox,
		Seller:   *c.rt.seller.Load(),
	})
	c.rt.sys.Root.Send(self, &callReply{res: res, err: err})
}
