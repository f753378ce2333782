package edge

import (
	"context"
	"errors"
	"strings"
	"sync"
	"time"

	"github.com/coinslot/coinslot/edge/ledger"
)

// channelBook is this instance's side of the batch-settlement channels: a
// lock per channel, so its calls are served one at a time as the scheme
// requires, and the last record this instance read or wrote of each, so a
// voucher call reads nothing from the ledger. The ledger's versioned writes
// keep instances apart: another's write shows here as a version conflict or
// a charged total behind the buyer's, and the record is read again.
type channelBook struct {
	locks   sync.Map // channel id → chan struct{}, holding a token while locked
	records sync.Map // channel id → ledger.Channel, without its answer
}

// channelWait is how long a call waits for its channel: the claimer holds
// it for a ledger write, and a buyer's next call may overtake the answer
// of the last; a call still waiting then is refused as busy.
const channelWait = 2 * time.Second

// acquire takes the channel's lock, waiting at most wait.
func (b *channelBook) acquire(id string, wait time.Duration) (unlock func(), ok bool) {
	lock := b.lockOf(id)
	select {
	case lock <- struct{}{}:
		return func() { <-lock }, true
	default:
	}
	timer := time.NewTimer(wait)
	defer timer.Stop()
	select {
	case lock <- struct{}{}:
		return func() { <-lock }, true
	case <-timer.C:
		return nil, false
	}
}

// lock waits for the channel's lock.
func (b *channelBook) lock(id string) (unlock func()) {
	lock := b.lockOf(id)
	lock <- struct{}{}
	return func() { <-lock }
}

func (b *channelBook) lockOf(id string) chan struct{} {
	v, _ := b.locks.LoadOrStore(id, make(chan struct{}, 1))
	return v.(chan struct{})
}

// record is the channel's record, nil when it has none: the one kept here
// unless fresh is asked for, else the ledger's (with its answer). Call it
// holding the channel's lock.
func (b *channelBook) record(ctx context.Context, l ledger.Channels, id string, fresh bool) (*ledger.Channel, error) {
	if v, ok := b.records.Load(id); ok && !fresh {
		c := v.(ledger.Channel)
		return &c, nil
	}
	c, err := l.Channel(ctx, id)
	switch {
	case errors.Is(err, ledger.ErrNotFound):
		b.records.Delete(id)
		return nil, nil
	case err != nil:
		return nil, err
	}
	b.remember(c)
	return c, nil
}

// put writes c to the ledger at the version it was read at, and keeps it.
func (b *channelBook) put(ctx context.Context, l ledger.Channels, c *ledger.Channel) error {
	err := l.PutChannel(ctx, c)
	switch {
	case err == nil:
		b.remember(c)
	case errors.Is(err, ledger.ErrConflict):
		b.records.Delete(strings.ToLower(c.ID))
	}
	return err
}

func (b *channelBook) remember(c *ledger.Channel) {
	kept := *c
	kept.ID, kept.Answer = strings.ToLower(c.ID), nil
	b.records.Store(kept.ID, kept)
}
