package edge

import (
	"context"
	"errors"
	"strings"
	"sync"

	"github.com/coinslot/coinslot/edge/ledger"
)

// channelBook is this instance's side of the batch-settlement channels: a
// lock per channel, so its calls are served one at a time as the scheme
// requires, and the last record this instance read or wrote of each, so a
// voucher call reads nothing from the ledger. The ledger's versioned writes
// keep instances apart: another's write shows here as a version conflict or
// a charged total behind the buyer's, and the record is read again.
type channelBook struct {
	locks   sync.Map // channel id → *sync.Mutex
	records sync.Map // channel id → ledger.Channel, without its answer
}

// try takes the channel's lock if it is free.
func (b *channelBook) try(id string) (unlock func(), ok bool) {
	mu := b.lockOf(id)
	if !mu.TryLock() {
		return nil, false
	}
	return mu.Unlock, true
}

// lock waits for the channel's lock.
func (b *channelBook) lock(id string) (unlock func()) {
	mu := b.lockOf(id)
	mu.Lock()
	return mu.Unlock
}

func (b *channelBook) lockOf(id string) *sync.Mutex {
	v, _ := b.locks.LoadOrStore(id, new(sync.Mutex))
	return v.(*sync.Mutex)
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
