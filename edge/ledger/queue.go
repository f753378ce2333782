package ledger

import (
	"context"
	"runtime"
	"sync"
)

// queue holds the writes of concurrent calls for one goroutine at a time
// to commit in groups: the first write to find none committing starts
// one, which takes the writes waiting, a group after another, until none
// is left. The file ledger's writes have one, and the PostgreSQL ledger's
// channel writes and payment writes one each.
type queue[W any] struct {
	mu      sync.Mutex
	waiting []W
	busy    bool // a goroutine is committing; it takes the waiting writes next
}

// add queues w, and starts commit on a goroutine of its own unless one is
// committing already.
func (q *queue[W]) add(w W, commit func()) {
	q.mu.Lock()
	q.waiting = append(q.waiting, w)
	lead := !q.busy
	q.busy = true
	q.mu.Unlock()
	if lead {
		go commit()
	}
}

func (q *queue[W]) pending() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	return len(q.waiting)
}

// outcome is where a write is told its outcome, and its writer waits for it.
type outcome chan error

// newOutcome has room for the outcome, so that the goroutine committing
// never waits for a writer that has stopped waiting (see awaited).
func newOutcome() outcome { return make(outcome, 1) }

func (o outcome) tell(err error) { o <- err }

// awaited is the write's outcome, or ctx's error once ctx ends first. The
// group is not cut off: it carries the other calls' writes, and this one
// may still commit, as a transaction cut off in flight may.
func (o outcome) awaited(ctx context.Context) error {
	select {
	case err := <-o:
		return err
	case <-ctx.Done():
		return ctx.Err()
	}
}

// next takes the next group: split parts the waiting writes into the
// group and those left for a later one. The goroutine committing ends
// once a group is empty.
func (q *queue[W]) next(split func(waiting []W) (group, later []W)) []W {
	q.mu.Lock()
	defer q.mu.Unlock()
	group, later := split(q.waiting)
	q.waiting = later
	if len(group) == 0 {
		q.busy = false
	}
	return group
}

// told is a write of a group that commits as one transaction: it is told
// its outcome once.
type told interface{ tell(error) }

// commitGroups commits q's waiting writes, a group after another, until
// none is left: split parts each group off, and commit writes a group in
// one transaction and tells each write its outcome, or returns the error
// that failed the transaction and tells none. A statement that failed (a
// deadlock with another instance's group, say) failed the group's others
// too, so each is then tried alone, for an outcome of its own.
func commitGroups[W told](q *queue[W], most int, split func(waiting []W) (group, later []W), commit func([]W) error) {
	for {
		gather(q.pending, most)
		writes := q.next(split)
		if len(writes) == 0 {
			return
		}
		err := commit(writes)
		switch {
		case err == nil:
		case len(writes) == 1:
			writes[0].tell(err)
		default:
			for _, w := range writes {
				if err := commit([]W{w}); err != nil {
					w.tell(err)
				}
			}
		}
	}
}

// gather yields the processor until two yields in a row bring no new
// write (one could land on the scheduler's periodic turn to the global
// queue, which holds the yielder itself), or most are pending: the
// goroutines ready to run, about to write, join the group about to
// commit rather than wait for the next. A commit's fdatasync holds its
// thread's P for the whole sync: the runtime hands a P in a syscall to
// another thread only when sysmon sees the same syscall on two of its
// ticks, and sysmon's period backs off from 20 µs to 10 ms. With
// GOMAXPROCS=1 nothing else runs meanwhile, so a commit started before the
// goroutines already runnable had run would sync alone, and each of their
// writes would wait for a sync of its own. On PostgreSQL a group's
// transaction costs the database more than its writes do.
func gather(pending func() int, most int) {
	n, still := pending(), 0
	for n < most && still < 2 {
		runtime.Gosched()
		if m := pending(); m != n {
			n, still = m, 0
		} else {
			still++
		}
	}
}
