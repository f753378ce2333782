package ledger

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	bolt "go.etcd.io/bbolt"
)

// PayerPayments reads payer's pairs by the prefix of their keys, payer "/":
// the settled ones' receipts, then the settling ones.
func (f *File) PayerPayments(_ context.Context, payer string, since time.Time, limit int) ([]PayerPayment, error) {
	prefix := fileKey(payer, "")
	var out []PayerPayment
	err := f.db.View(func(tx *bolt.Tx) error {
		receipts := tx.Bucket(receiptBucket)
		err := forPrefix(tx.Bucket(spentBucket), prefix, func(k, txHash []byte) error {
			var fr fileReceipt
			if err := json.Unmarshal(receipts.Get(txHash), &fr); err != nil {
				return fmt.Errorf("ledger: receipt %s: %w", txHash, err)
			}
			if !fr.SettledAt.Before(since) {
				fr.Receipt.RequestKey = fr.pairKeys.RequestKey
				out = append(out, PayerPayment{Nonce: string(k[len(prefix):]), State: Settled, Since: fr.SettledAt, Receipt: fr.Receipt})
			}
			return nil
		})
		if err != nil {
			return err
		}
		return forPrefix(tx.Bucket(reservationBucket), prefix, func(k, v []byte) error {
			var e entry
			if err := json.Unmarshal(v, &e); err != nil {
				return fmt.Errorf("ledger: reservation %s: %w", k, err)
			}
			if e.State == Settling && !e.Since.Before(since) {
				r := *e.Receipt
				r.ValidBefore, r.RequestKey = fromExpiry(e.ValidBefore), e.RequestKey
				out = append(out, PayerPayment{Nonce: string(k[len(prefix):]), State: Settling, Since: e.Since, Receipt: r})
			}
			return nil
		})
	})
	if err != nil {
		return nil, err
	}
	newestFirst(out)
	return out[:min(len(out), limit)], nil
}

// newestFirst orders payments by when they entered their state, latest
// first, and by nonce among equals, as both backends list them.
func newestFirst(ps []PayerPayment) {
	slices.SortFunc(ps, func(a, b PayerPayment) int {
		if c := b.Since.Compare(a.Since); c != 0 {
			return c
		}
		return strings.Compare(a.Nonce, b.Nonce)
	})
}

// forPrefix calls fn for each key of b that starts with prefix.
func forPrefix(b *bolt.Bucket, prefix []byte, fn func(k, v []byte) error) error {
	c := b.Cursor()
	for k, v := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, v = c.Next() {
		if err := fn(k, v); err != nil {
			return err
		}
	}
	return nil
}

// PayerChannels reads every channel record: the file serves one process,
// whose channels are few next to its calls.
func (f *File) PayerChannels(_ context.Context, payer string, limit int) ([]Channel, error) {
	payer = strings.ToLower(payer)
	var out []Channel
	err := f.eachChannel(decodeChannel, func(c *Channel) bool {
		if payerOf(c) == payer && len(out) < limit {
			out = append(out, *c)
		}
		return len(out) < limit
	})
	return out, err
}
