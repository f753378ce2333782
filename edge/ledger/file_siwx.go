package ledger

import (
	"context"
	"crypto/rand"
	"strings"
	"sync"
	"time"

	bolt "go.etcd.io/bbolt"
)

// notePaid points payer's request (tool and request key) at the pair that
// paid it last. Pairs settled without a request key are not found by it.
func notePaid(tx *bolt.Tx, payer, tool, requestKey string, pair []byte) error {
	if requestKey == "" {
		return nil
	}
	return tx.Bucket(paidBucket).Put(paidKey(payer, tool, requestKey), pair)
}

func paidKey(payer, tool, requestKey string) []byte {
	p, _ := pair(payer, "")
	return []byte(p + "/" + tool + "/" + requestKey)
}

func (f *File) Answered(ctx context.Context, payer, tool, requestKey string) (*Payment, error) {
	var key string
	err := f.db.View(func(tx *bolt.Tx) error {
		key = string(tx.Bucket(paidBucket).Get(paidKey(payer, tool, requestKey)))
		return nil
	})
	if err != nil {
		return nil, err
	}
	_, nonce, found := strings.Cut(key, "/")
	if !found {
		return nil, ErrNotFound
	}
	pm, err := f.Payment(ctx, payer, nonce)
	if err != nil {
		return nil, err
	}
	if pm.State != Settled || pm.Answer == nil {
		return nil, ErrNotFound
	}
	return pm, nil
}

func (f *File) SignInKey(context.Context) ([]byte, error) {
	return f.challenges.key(), nil
}

func (f *File) SpendChallenge(_ context.Context, nonce string, expires time.Time) (bool, error) {
	return f.challenges.spend(nonce, expires, f.now()), nil
}

// challenges are the sign-in-with-x nonces used up and not yet expired,
// and the key that seals them, in memory: one process serves from the
// file, and a restart only voids the challenges out (a client signs the
// next 402's). Expired nonces are swept at most once per sweepEvery.
type challenges struct {
	mu        sync.Mutex
	seal      []byte
	spent     map[string]time.Time
	nextSweep time.Time
}

const sweepEvery = time.Minute

func (c *challenges) key() []byte {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.seal == nil {
		c.seal = make([]byte, 32)
		rand.Read(c.seal)
	}
	return c.seal
}

func (c *challenges) spend(nonce string, expires, now time.Time) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.spent == nil {
		c.spent = map[string]time.Time{}
	}
	if now.After(c.nextSweep) {
		for n, e := range c.spent {
			if !now.Before(e) {
				delete(c.spent, n)
			}
		}
		c.nextSweep = now.Add(sweepEvery)
	}
	if _, used := c.spent[nonce]; used {
		return false
	}
	c.spent[nonce] = expires
	return true
}

func (f *File) ChannelAnswered(_ context.Context, payer, tool, requestKey string) (*Channel, error) {
	var found *Channel
	err := f.eachChannel(decodeChannel, func(c *Channel) bool {
		if answers(c, payer, tool, requestKey) {
			found = c
		}
		return found == nil
	})
	if err == nil && found == nil {
		err = ErrNotFound
	}
	return found, err
}

// answers reports whether c's latest call is payer's request to tool, its
// answer kept.
func answers(c *Channel, payer, tool, requestKey string) bool {
	return payerOf(c) == strings.ToLower(payer) && payerOf(c) != "" &&
		c.Tool == tool && c.Request == requestKey && requestKey != "" && c.Answer != nil
}
