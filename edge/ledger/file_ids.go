package ledger

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	bolt "go.etcd.io/bbolt"
)

// fileBinding is a payment id's binding as the file keeps it, with when it
// was bound (unix ns), which its entry in idAgeBucket repeats.
type fileBinding struct {
	Binding
	At int64 `json:"at,omitempty"`
}

// Identify decides under idMu, against the bindings being written and
// those on disk, so two calls with one id never both bind it; the write
// itself happens outside the lock and shares a commit with others.
func (f *File) Identify(_ context.Context, payer, id, fingerprint, nonce string) (*Binding, error) {
	payer, nonce = pair(payer, nonce)
	key := payer + "/" + id
	f.idMu.Lock()
	prior := f.binding[key]
	var bound int64 // on disk, and being written (counted as new)
	if prior == nil {
		err := f.db.View(func(tx *bolt.Tx) error {
			bound = idCount(tx) + int64(len(f.binding))
			if v := tx.Bucket(idBucket).Get([]byte(key)); v != nil {
				prior = new(Binding)
				return json.Unmarshal(v, prior)
			}
			return nil
		})
		if err != nil {
			f.idMu.Unlock()
			return nil, fmt.Errorf("ledger: payment id %s: %w", key, err)
		}
		if prior == nil && bound >= f.paymentIDs {
			f.idMu.Unlock()
			return nil, ErrIDsFull
		}
	}
	if prior != nil && (prior.Fingerprint != fingerprint || !f.free(payer, prior.Nonce)) {
		f.idMu.Unlock()
		return prior, nil
	}
	b := &Binding{Fingerprint: fingerprint, Nonce: nonce}
	f.binding[key] = b
	f.idMu.Unlock()
	err := f.writes.do(func(tx *bolt.Tx) error { return bind(tx, []byte(key), *b, f.now()) })
	f.idMu.Lock()
	delete(f.binding, key)
	f.idMu.Unlock()
	return nil, err
}

// free reports whether a pair is neither held, settling nor settled.
func (f *File) free(payer, nonce string) bool {
	p, err := f.Payment(context.Background(), payer, nonce)
	return err == nil && p.State == Free
}

// idCountKey keeps, in metaBucket, how many bindings idBucket holds, so
// Identify reads the count instead of counting.
var idCountKey = []byte("payment_ids")

// idCount is how many bindings the ledger holds.
func idCount(tx *bolt.Tx) int64 {
	if v := tx.Bucket(metaBucket).Get(idCountKey); v != nil {
		return int64(binary.BigEndian.Uint64(v))
	}
	return 0
}

func addIDs(tx *bolt.Tx, n int64) error {
	return tx.Bucket(metaBucket).Put(idCountKey, binary.BigEndian.AppendUint64(nil, uint64(idCount(tx)+n)))
}

// countBindings counts the bindings of a ledger written before they were
// counted.
func countBindings(tx *bolt.Tx) error {
	if tx.Bucket(metaBucket).Get(idCountKey) != nil {
		return nil
	}
	return addIDs(tx, int64(tx.Bucket(idBucket).Stats().KeyN))
}

// bind writes b under key, bound at now, in place of any earlier binding.
func bind(tx *bolt.Tx, key []byte, b Binding, now time.Time) error {
	ids, ages := tx.Bucket(idBucket), tx.Bucket(idAgeBucket)
	if v := ids.Get(key); v != nil {
		var old fileBinding
		if err := json.Unmarshal(v, &old); err != nil {
			return fmt.Errorf("ledger: payment id %s: %w", key, err)
		}
		if err := ages.Delete(idAge(old.At, key)); err != nil {
			return err
		}
	} else if err := addIDs(tx, 1); err != nil {
		return err
	}
	at := now.UnixNano()
	if err := putJSON(ids, key, fileBinding{b, at}); err != nil {
		return err
	}
	return ages.Put(idAge(at, key), nil)
}

func idAge(at int64, key []byte) []byte {
	return append(binary.BigEndian.AppendUint64(nil, uint64(at)), key...)
}

// stampBindings dates the bindings written before bindings were dated, so
// they are pruned a retention after the ledger first opens with this code.
func stampBindings(tx *bolt.Tx, now time.Time) error {
	var undated []fileBinding
	var keys [][]byte
	err := tx.Bucket(idBucket).ForEach(func(k, v []byte) error {
		var b fileBinding
		if err := json.Unmarshal(v, &b); err != nil {
			return fmt.Errorf("payment id %s: %w", k, err)
		}
		if b.At == 0 {
			undated, keys = append(undated, b), append(keys, bytes.Clone(k))
		}
		return nil
	})
	for i := range undated {
		if err == nil {
			err = bind(tx, keys[i], undated[i].Binding, now)
		}
	}
	return err
}

// pruneBindings drops the bindings older than the retention whose answer
// is gone, as their payment's retry could only be told answer_expired. A
// binding whose payment is still in use or settling, or whose answer is
// still kept, may yet be asked for: it is dated now and looked at again a
// retention later.
func (f *File) pruneBindings(tx *bolt.Tx, now time.Time) error {
	ids, ages := tx.Bucket(idBucket), tx.Bucket(idAgeBucket)
	for {
		k, _ := ages.Cursor().First()
		if k == nil || f.retained(time.Unix(0, int64(binary.BigEndian.Uint64(k[:8]))), now) {
			return nil
		}
		if err := ages.Delete(k); err != nil {
			return err
		}
		key := k[8:]
		v := ids.Get(key)
		if v == nil {
			continue
		}
		var b fileBinding
		if err := json.Unmarshal(v, &b); err != nil {
			return fmt.Errorf("ledger: payment id %s: %w", key, err)
		}
		if b.At != int64(binary.BigEndian.Uint64(k[:8])) {
			continue // bound again since: its newer entry stands for it
		}
		payer, _, _ := strings.Cut(string(key), "/")
		spent := fileKey(payer, b.Nonce)
		f.mu.Lock()
		held := f.held[string(spent)] != nil
		f.mu.Unlock()
		var err error
		if held || tx.Bucket(reservationBucket).Get(spent) != nil || tx.Bucket(answerBucket).Get(spent) != nil {
			err = bind(tx, key, b.Binding, now)
		} else if err = ids.Delete(key); err == nil {
			err = addIDs(tx, -1)
		}
		if err != nil {
			return err
		}
	}
}
