package ledger

import (
	"context"
	"sync"
	"time"
)

// PutChannelsTogether writes cs as one group, as concurrent PutChannel
// calls would share it, and returns each write's outcome.
func (p *Postgres) PutChannelsTogether(cs []*Channel) []error {
	writes := make([]*chargeWrite, len(cs))
	for i, c := range cs {
		doc, err := appendChannelJSON(nil, c)
		if err != nil {
			panic(err)
		}
		writes[i] = &chargeWrite{id: c.ID, version: c.Version, doc: doc, outcome: newOutcome()}
	}
	g := p.charges
	g.lead()
	g.mu.Lock()
	g.waiting = append(g.waiting, writes...)
	g.mu.Unlock()
	g.commitWaiting()
	errs := make([]error, len(cs))
	for i, w := range writes {
		if errs[i] = <-w.outcome; errs[i] == nil {
			cs[i].Version++
		}
	}
	return errs
}

// Setting is the value of the named setting on a connection of the pool.
func (p *Postgres) Setting(name string) (string, error) {
	var v string
	err := p.pool.QueryRow(context.Background(), `SELECT current_setting($1)`, name).Scan(&v)
	return v, err
}

// PaymentsTogether runs calls at once, each a ledger call that writes
// once through the payments' group, and commits their writes as one
// group once all of them wait.
func (p *Postgres) PaymentsTogether(calls ...func() error) []error {
	g := p.payments
	g.lead()
	errs := make([]error, len(calls))
	var wg sync.WaitGroup
	for i, call := range calls {
		wg.Go(func() { errs[i] = call() })
	}
	for g.pending() < len(calls) {
		time.Sleep(time.Millisecond)
	}
	g.commitWaiting()
	wg.Wait()
	return errs
}

// lead makes the caller the queue's committing goroutine, once the one
// before it has seen the queue empty: were two to commit at once, their
// groups would not be the ones a test means.
func (q *queue[W]) lead() {
	for {
		q.mu.Lock()
		if !q.busy {
			q.busy = true
			q.mu.Unlock()
			return
		}
		q.mu.Unlock()
		time.Sleep(time.Millisecond)
	}
}
