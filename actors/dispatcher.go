package actors

import "time"

// warmDispatcher runs the tool actors' mailboxes, and their calls'
// handlers, on goroutines it keeps for the next run. protoactor's default
// starts a goroutine for each run, whose stack then grows from the minimum
// by copies: a third of a tool call's hop. A kept goroutine has grown its
// stack already.
type warmDispatcher struct {
	throughput int
	idle       chan func() // unbuffered: a run is handed only to a goroutine waiting for one
}

// warmFor is how long a kept goroutine waits for a run before it ends.
const warmFor = 10 * time.Second

// newWarmDispatcher takes protoactor's default throughput: a mailbox
// yields after that many messages in a row.
func newWarmDispatcher() *warmDispatcher {
	return &warmDispatcher{throughput: 300, idle: make(chan func())}
}

// Schedule runs fn on a waiting goroutine, or on a new one: it never
// waits, as protoactor's own does not.
func (d *warmDispatcher) Schedule(fn func()) {
	select {
	case d.idle <- fn:
	default:
		go d.keep(fn)
	}
}

func (d *warmDispatcher) Throughput() int { return d.throughput }

func (d *warmDispatcher) keep(fn func()) {
	wait := time.NewTimer(warmFor)
	defer wait.Stop()
	for {
		fn()
		wait.Reset(warmFor)
		select {
		case fn = <-d.idle:
		case <-wait.C:
			return
		}
	}
}
