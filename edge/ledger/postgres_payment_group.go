package ledger

import (
	"context"
	"slices"
	"strings"

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
// lock and at the cores.
type paymentGroup struct {
	pool *pgxpool.Pool
	queue[*paymentWrite]
}

// paymentWrite is one call's statements: statements adds them to a group's
// batch, with what reads their outcomes, and may be called again when the
// write is retried alone.
type paymentWrite struct {
	key        string // the pair's: a group's writes lock their rows in its order
	statements func(*pgx.Batch)
	outcome
}

// maxPayments bounds a group, as maxCharges does the channels'.
const maxPayments = 128

// do commits what statements adds to a batch with the next group (see
// outcome.awaited).
func (g *paymentGroup) do(ctx context.Context, payer, nonce string, statements func(*pgx.Batch)) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	w := &paymentWrite{key: payer + "/" + nonce, statements: statements, outcome: newOutcome()}
	g.add(w, g.commitWaiting)
	return w.awaited(ctx)
}

// commitWaiting commits groups until no write is waiting.
func (g *paymentGroup) commitWaiting() { commitGroups(&g.queue, maxPayments, byPair, g.commit) }

// byPair parts the next group off the waiting writes, in the order of
// their pairs: two instances' groups wait for each other rather than
// deadlock.
func byPair(waiting []*paymentWrite) (group, later []*paymentWrite) {
	n := min(len(waiting), maxPayments)
	group, later = slices.Clone(waiting[:n]), waiting[n:]
	slices.SortStableFunc(group, func(a, b *paymentWrite) int { return strings.Compare(a.key, b.key) })
	return group, later
}

// commit runs writes' statements in the implicit transaction of one batch;
// each write reads its outcome from its statements' own callbacks.
func (g *paymentGroup) commit(writes []*paymentWrite) error {
	b := &pgx.Batch{}
	for _, w := range writes {
		w.statements(b)
	}
	if err := g.pool.SendBatch(context.Background(), b).Close(); err != nil {
		return err
	}
	for _, w := range writes {
		w.tell(nil)
	}
	return nil
}
