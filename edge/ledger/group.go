package ledger

import (
	"slices"

	bolt "go.etcd.io/bbolt"
)

// group commits the file ledger's writes together: those that arrive while
// a commit is being fsynced share the next one, and before each commit the
// goroutines ready to run get the processor first, so that those about to
// write join it (see gather). A lone write commits at once; under load one
// fsync serves every write that waited for it. (bbolt's own Batch waits a
// fixed delay instead, and its batches stay small.)
type group struct {
	db *bolt.DB
	queue[write]
}

type write struct {
	fn func(*bolt.Tx) error
	outcome
}

// do runs fn in a committed transaction, and returns its error.
func (g *group) do(fn func(*bolt.Tx) error) error {
	w := write{fn, newOutcome()}
	g.add(w, g.commitWaiting)
	return <-w.outcome
}

// commitWaiting commits groups until no write is waiting. Every write is
// told its outcome by commit, which finds the one that failed itself.
func (g *group) commitWaiting() {
	commitGroups(&g.queue, maxGroup, func(waiting []write) (group, later []write) { return waiting, nil },
		func(writes []write) error {
			g.commit(writes)
			return nil
		})
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
				w.tell(err)
			}
			return
		}
		w := writes[failed]
		w.tell(g.db.Update(w.fn))
		writes = slices.Delete(writes, failed, failed+1)
	}
}
