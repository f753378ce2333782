package ledger

import (
	"context"
	"slices"
	"strings"
	"sync"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// paymentGroup commits the writes of concurrent exact payments that wait
// for the WAL's flush (a pair settling, a pair settled with its receipt)
// together, as chargeGroup does the channels' writes: those that arrive
// while a group is in flight share the next one, sent as one batch (one
// round trip, one transaction, one commit and one flush). A lone write
// commits at once. Alone, each such write cost the database a transaction,
// a commit and a wait for the flush on a backend of its own; with a
// connection per call in flight, the backends also took turns at the WAL's
// lock and at the two cores.
type paymentGroup struct {
	pool    *pgxpool.Pool
	mu      sync.Mutex
	waiting []*paymentWrite
	busy    bool // a goroutine is committing; it takes the waiting writes next
}

// paymentWrite is one call's statements: queue adds them to a group's
// batch, with what reads their outcomes, and may be called again when the
// write is retried alone.
type paymentWrite struct {
	key   string // the pair's: a group's writes lock their rows in its order
	queue func(*pgx.Batch)
	done  chan error
}

// maxPayments bounds a group, as maxCharges does the channels'.
const maxPayments = 128

// do commits the statements queue adds with the next group, and returns
// the outcome, or ctx's error once ctx ends first (the write may still
// commit, as a transaction cut off in flight may).
func (g *paymentGroup) do(ctx context.Context, payer, nonce string, queue func(*pgx.Batch)) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	w := &paymentWrite{key: payer + "/" + nonce, queue: queue, done: make(chan error, 1)}
	g.mu.Lock()
	g.waiting = append(g.waiting, w)
	lead := !g.busy
	g.busy = true
	g.mu.Unlock()
	if lead {
		go g.commitWaiting()
	}
	select {
	case err := <-w.done:
		return err
	case <-ctx.Done():
		return ctx.Err()
	}
}

// commitWaiting commits groups until no write is waiting.
func (g *paymentGroup) commitWaiting() {
	for {
		gather(g.pending, maxPayments)
		writes := g.next()
		if len(writes) == 0 {
			return
		}
		err := g.commit(writes)
		switch {
		case err == nil || len(writes) == 1:
			for _, w := range writes {
				w.done <- err
			}
		default:
			// A statement that failed undid the whole transaction: each
			// write is tried alone, for an outcome of its own.
			for _, w := range writes {
				w.done <- g.commit([]*paymentWrite{w})
			}
		}
	}
}

func (g *paymentGroup) pending() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return len(g.waiting)
}

// next takes the next group off the waiting writes, in the order of their
// pairs: two instances' groups wait for each other rather than deadlock.
func (g *paymentGroup) next() []*paymentWrite {
	g.mu.Lock()
	defer g.mu.Unlock()
	n := min(len(g.waiting), maxPayments)
	writes := slices.Clone(g.waiting[:n])
	g.waiting = slices.Delete(g.waiting, 0, n)
	if len(writes) == 0 {
		g.busy = false
	}
	slices.SortStableFunc(writes, func(a, b *paymentWrite) int { return strings.Compare(a.key, b.key) })
	return writes
}

// commit runs writes' statements in the implicit transaction of one batch.
func (g *paymentGroup) commit(writes []*paymentWrite) error {
	b := &pgx.Batch{}
	for _, w := range writes {
		w.queue(b)
	}
	return g.pool.SendBatch(context.Background(), b).Close()
}
