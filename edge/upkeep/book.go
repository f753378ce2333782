package upkeep

import (
	"context"
	"errors"
	"strings"
	"sync"
	"time"

	"github.com/coinslot/coinslot/edge/ledger"
)

// ChannelBook is the one owner of the batch-settlement channels' records
// in this instance: every write of a record goes through Update (calls,
// refunds, claims, the chain watch). It holds a lock per channel, so its
// calls are served one at a time as the scheme requires, and the last
// record this instance read or wrote of each, so a voucher call reads
// nothing from the ledger; neither takes a lock shared by all channels. The ledger's versioned writes keep writers
// apart, here and across instances: a write that finds the record changed
// reads it again and applies its change to what is there, or gives up
// when the change no longer holds.
type ChannelBook struct {
	locks   sync.Map // channel id → chan struct{}, holding a token while locked
	records sync.Map // channel id → *ledger.Channel, its latest record seen here, without its answer; never changed once kept
}

// ChannelWait is how long a call waits for its channel, whose previous
// call a buyer's next one may overtake; a call still waiting then is
// refused as busy. Claims and the chain watch take no lock: their writes
// meet calls' at the record's version.
const ChannelWait = 2 * time.Second

// Acquire takes the channel's lock, waiting at most wait.
func (b *ChannelBook) Acquire(id string, wait time.Duration) (unlock func(), ok bool) {
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

// lockOf is the channel's lock, made on its first turn: a channel's lock
// is found far more often than made, and a lookup allocates nothing.
func (b *ChannelBook) lockOf(id string) chan struct{} {
	if v, ok := b.locks.Load(id); ok {
		return v.(chan struct{})
	}
	v, _ := b.locks.LoadOrStore(id, make(chan struct{}, 1))
	return v.(chan struct{})
}

// Record is the channel's record, nil when it has none: the one kept here
// unless fresh is asked for, else the ledger's (with its answer).
func (b *ChannelBook) Record(ctx context.Context, l ledger.Channels, id string, fresh bool) (*ledger.Channel, error) {
	id = strings.ToLower(id)
	if !fresh {
		if kept, ok := b.records.Load(id); ok {
			c := *kept.(*ledger.Channel)
			return &c, nil
		}
	}
	c, err := l.Channel(ctx, id)
	switch {
	case errors.Is(err, ledger.ErrNotFound):
		b.forget(id)
		return nil, nil
	case err != nil:
		return nil, err
	}
	b.remember(c)
	return c, nil
}

// writeAttempts bounds Update's rereads: each conflict is another writer's
// success, so a channel that conflicts this often is contended beyond use.
const writeAttempts = 8

// Update writes change's record over rec, the channel's record as the
// caller read it (nil: none yet). When another write came first, it reads
// the record again and applies change to that. change gets a copy it may
// modify and returns the record to write, or an error to write nothing,
// which Update returns. It returns the record written.
func (b *ChannelBook) Update(ctx context.Context, l ledger.Channels, id string, rec *ledger.Channel, change func(cur *ledger.Channel) (*ledger.Channel, error)) (*ledger.Channel, error) {
	id = strings.ToLower(id)
	for attempt := 0; ; attempt++ {
		var cur *ledger.Channel
		if rec != nil {
			c := *rec
			cur = &c
		}
		next, err := change(cur)
		if err != nil {
			return nil, err
		}
		err = l.PutChannel(ctx, next)
		if err == nil {
			b.remember(next)
			return next, nil
		}
		if !errors.Is(err, ledger.ErrConflict) || attempt+1 == writeAttempts {
			b.forget(id)
			return nil, err
		}
		if rec, err = b.Record(ctx, l, id, true); err != nil {
			return nil, err
		}
	}
}

// remember keeps c unless a later version of it is kept already.
func (b *ChannelBook) remember(c *ledger.Channel) {
	kept := *c
	kept.ID, kept.Answer = strings.ToLower(c.ID), nil
	for {
		old, loaded := b.records.LoadOrStore(kept.ID, &kept)
		if !loaded || old.(*ledger.Channel).Version > kept.Version || b.records.CompareAndSwap(kept.ID, old, &kept) {
			return
		}
	}
}

func (b *ChannelBook) forget(id string) { b.records.Delete(id) }
