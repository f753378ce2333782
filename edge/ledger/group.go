package ledger

import (
	"runtime"
	"slices"
	"sync"

	bolt "go.etcd.io/bbolt"
)

// group commits the file ledger's writes together: those that arrive while
// a commit is being fsynced share the next one, and before each commit the
// goroutines ready to run get the processor first, so that those about to
// write join it (see gather). A lone write commits at once; under load one
// fsync serves every write that waited for it. (bbolt's own Batch waits a
// fixed delay instead, and its batches stay small.)
type group struct {
	db      *bolt.DB
	mu      sync.Mutex
	waiting []write
	busy    bool // a goroutine is committing; it takes the waiting writes next
}

type write struct {
	fn   func(*bolt.Tx) error
	done chan error
}

// do runs fn in a committed transaction, and returns its error.
func (g *group) do(fn func(*bolt.Tx) error) error {
	w := write{fn, make(chan error, 1)}
	g.mu.Lock()
	g.waiting = append(g.waiting, w)
	lead := !g.busy
	g.busy = true
	g.mu.Unlock()
	if lead {
		go g.commitWaiting()
	}
	return <-w.done
}

// commitWaiting commits groups until no write is waiting.
func (g *group) commitWaiting() {
	for {
		gather(g.pending, maxGroup)
		g.mu.Lock()
		writes := g.waiting
		g.waiting = nil
		if len(writes) == 0 {
			g.busy = false
			g.mu.Unlock()
			return
		}
		g.mu.Unlock()
		g.commit(writes)
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

func (g *group) pending() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return len(g.waiting)
}

// maxGroup ends a gathering: a group this large amortises its sync already.
const maxGroup = 256

// commit runs writes in one transaction. A write that fails is taken out
// and run alone, so that it gets its own error and the others still commit.
func (g *group) commit(writes []write) {
	for len(writes) > 0 {
		failed := -1
		err := g.db.Update(func(tx *bolt.Tx) error {
			for i, w := range writes {
				if err := w.fn(tx); err != nil {
					failed = i
					return err
				}
			}
			return nil
		})
		if failed < 0 {
			for _, w := range writes {
				w.done <- err
			}
			return
		}
		w := writes[failed]
		w.done <- g.db.Update(w.fn)
		writes = slices.Delete(writes, failed, failed+1)
	}
}
