package ledger

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	bolt "go.etcd.io/bbolt"
)

// File is the embedded ledger: one bbolt file, written by one process at a
// time. Every write is fsynced before it returns; concurrent writes share a
// commit (see group), which would otherwise bound paid calls to a few
// hundred a second.
type File struct {
	db     *bolt.DB
	writes group
	settings
}

// Pairs are keyed payer "/" nonce. A pair is in at most one of
// reservationBucket (reserved or settling) and spentBucket (settled).
var (
	reservationBucket = []byte("reservations") // pair → entry (JSON)
	spentBucket       = []byte("spent")        // pair → tx
	receiptBucket     = []byte("receipts")     // tx → Receipt (JSON)
)

// entry is an unsettled pair.
type entry struct {
	Tool    string    `json:"tool"`
	State   string    `json:"state"` // reserved or settling
	Since   time.Time `json:"since"`
	Receipt *Receipt  `json:"receipt,omitempty"` // while settling

	ValidBefore int64 `json:"valid_before,omitempty"` // while settling; see expiry
}

// OpenFile opens or creates the ledger file at path.
func OpenFile(path string, opts ...Option) (*File, error) {
	// The timeout turns a second process on the same file into an error
	// instead of a hang.
	db, err := bolt.Open(path, 0o600, &bolt.Options{Timeout: 2 * time.Second})
	if err != nil {
		return nil, fmt.Errorf("ledger: open %s: %w", path, err)
	}
	err = db.Update(func(tx *bolt.Tx) error {
		for _, b := range [][]byte{reservationBucket, spentBucket, receiptBucket} {
			if _, err := tx.CreateBucketIfNotExists(b); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("ledger: prepare %s: %w", path, err)
	}
	return &File{db: db, writes: group{db: db}, settings: newSettings(opts)}, nil
}

func fileKey(payer, nonce string) []byte {
	p, n := pair(payer, nonce)
	return []byte(p + "/" + n)
}

func getEntry(b *bolt.Bucket, key []byte) (*entry, error) {
	v := b.Get(key)
	if v == nil {
		return nil, nil
	}
	e := new(entry)
	if err := json.Unmarshal(v, e); err != nil {
		return nil, fmt.Errorf("ledger: reservation %s: %w", key, err)
	}
	return e, nil
}

func putJSON(b *bolt.Bucket, key []byte, v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return b.Put(key, data)
}

func (f *File) stamp() time.Time { return f.now().UTC().Truncate(time.Microsecond) }

func (f *File) Reserve(_ context.Context, payer, nonce, tool string) error {
	key := fileKey(payer, nonce)
	return f.writes.do(func(tx *bolt.Tx) error {
		if tx.Bucket(spentBucket).Get(key) != nil {
			return ErrReplayed
		}
		b := tx.Bucket(reservationBucket)
		e, err := getEntry(b, key)
		if err != nil {
			return err
		}
		now := f.stamp()
		if e != nil && (e.State != reserved || now.Sub(e.Since) <= f.hold) {
			return ErrReplayed
		}
		return putJSON(b, key, entry{Tool: tool, State: reserved, Since: now})
	})
}

func (f *File) Release(_ context.Context, payer, nonce string) error {
	return f.writes.do(func(tx *bolt.Tx) error {
		return tx.Bucket(reservationBucket).Delete(fileKey(payer, nonce))
	})
}

func (f *File) Settling(_ context.Context, payer, nonce string, r *Receipt) error {
	key := fileKey(payer, nonce)
	return f.writes.do(func(tx *bolt.Tx) error {
		b := tx.Bucket(reservationBucket)
		e, err := getEntry(b, key)
		if err != nil {
			return err
		}
		if e == nil || e.State != reserved {
			return ErrNotReserved
		}
		would := stored(r)
		return putJSON(b, key, entry{Tool: e.Tool, State: settling, Since: f.stamp(), Receipt: &would, ValidBefore: expiry(r.ValidBefore)})
	})
}

func (f *File) Record(_ context.Context, payer, nonce string, r *Receipt) error {
	if r.Tx == "" {
		return errNoTx
	}
	key := fileKey(payer, nonce)
	return f.writes.do(func(tx *bolt.Tx) error {
		spent := tx.Bucket(spentBucket)
		if prior := spent.Get(key); prior != nil && string(prior) != r.Tx {
			return ErrReplayed
		}
		if err := tx.Bucket(reservationBucket).Delete(key); err != nil {
			return err
		}
		if err := spent.Put(key, []byte(r.Tx)); err != nil {
			return err
		}
		return putJSON(tx.Bucket(receiptBucket), []byte(r.Tx), stored(r))
	})
}

func (f *File) Pending(context.Context) ([]Pending, error) {
	var out []Pending
	err := f.db.View(func(tx *bolt.Tx) error {
		return tx.Bucket(reservationBucket).ForEach(func(k, v []byte) error {
			var e entry
			if err := json.Unmarshal(v, &e); err != nil {
				return fmt.Errorf("ledger: reservation %s: %w", k, err)
			}
			if e.State == settling {
				payer, nonce, _ := strings.Cut(string(k), "/")
				r := *e.Receipt
				r.ValidBefore = fromExpiry(e.ValidBefore)
				out = append(out, Pending{Payer: payer, Nonce: nonce, Receipt: r, Since: e.Since})
			}
			return nil
		})
	})
	slices.SortStableFunc(out, func(a, b Pending) int { return a.Since.Compare(b.Since) })
	return out, err
}

func (f *File) Receipt(_ context.Context, txHash string) (*Receipt, error) {
	r := new(Receipt)
	err := f.db.View(func(tx *bolt.Tx) error {
		v := tx.Bucket(receiptBucket).Get([]byte(txHash))
		if v == nil {
			return ErrNotFound
		}
		return json.Unmarshal(v, r)
	})
	if err != nil {
		return nil, err
	}
	return r, nil
}

func (f *File) Close() error { return f.db.Close() }
