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

// idPairBucket indexes the bindings in idBucket by the pair each names
// (payer "/" nonce → payer "/" id), for the release of a settling pair.
var idPairBucket = []byte("payment_id_pairs")

// pendingIDs are the ids bound to pairs this process holds reserved. They
// stay in memory, as the reservations do: written to the file in the
// transaction that makes their pair settling, dropped when it is
// released, and gone with the process, which took the reservations.
type pendingIDs struct {
	byPair  map[string]pendingID // payer "/" nonce → the id bound to it
	byID    map[string]string    // payer "/" id → payer "/" nonce
	byPayer map[string]int64     // how many each payer has
}

type pendingID struct {
	key string // payer "/" id
	Binding
}

func newPendingIDs() pendingIDs {
	return pendingIDs{byPair: map[string]pendingID{}, byID: map[string]string{}, byPayer: map[string]int64{}}
}

func (p *pendingIDs) add(payer, key, pairKey string, b Binding) {
	p.drop(p.byID[key])
	p.drop(pairKey)
	p.byPair[pairKey], p.byID[key] = pendingID{key, b}, pairKey
	p.byPayer[payer]++
}

func (p *pendingIDs) drop(pairKey string) {
	b, ok := p.byPair[pairKey]
	if !ok {
		return
	}
	delete(p.byPair, pairKey)
	delete(p.byID, b.key)
	payer, _, _ := strings.Cut(pairKey, "/")
	if p.byPayer[payer]--; p.byPayer[payer] == 0 {
		delete(p.byPayer, payer)
	}
}

// Identify decides under idMu, against the ids pending here and those in
// the file, so two calls with one id never both bind it. A new binding is
// pending: it is written to the file only with its pair's settling, so a
// payment that is refused costs the file nothing.
func (f *File) Identify(_ context.Context, payer, id, fingerprint, nonce string) (*Binding, error) {
	payer, nonce = pair(payer, nonce)
	key := payer + "/" + id
	f.idMu.Lock()
	defer f.idMu.Unlock()
	var prior *Binding
	if at, ok := f.pending.byID[key]; ok {
		prior = new(f.pending.byPair[at].Binding)
	}
	var paid int64 // bindings in the file: every one of a paid call
	err := f.db.View(func(tx *bolt.Tx) error {
		paid = idCount(tx)
		if v := tx.Bucket(idBucket).Get([]byte(key)); v != nil && prior == nil {
			prior = new(Binding)
			return json.Unmarshal(v, prior)
		}
		return nil
	})
	switch {
	case err != nil:
		return nil, fmt.Errorf("ledger: payment id %s: %w", key, err)
	case prior != nil && !f.free(payer, prior.Nonce):
		return prior, nil
	case prior == nil && paid >= f.paymentIDs:
		return nil, ErrIDsFull
	case f.pending.byPayer[payer] >= f.pendingIDs:
		return nil, ErrIDsPending
	}
	f.pending.add(payer, key, payer+"/"+nonce, Binding{Fingerprint: fingerprint, Nonce: nonce})
	return nil, nil
}

// free reports whether a pair is neither held, settling nor settled.
func (f *File) free(payer, nonce string) bool {
	p, err := f.Payment(context.Background(), payer, nonce)
	return err == nil && p.State == Free
}

// settleID writes the id pending on a pair to the file, in the
// transaction that makes the pair settling (or settled): from then on the
// payment may be charged, and a retry with the id must find it after any
// crash.
func (f *File) settleID(tx *bolt.Tx, pairKey []byte) error {
	f.idMu.Lock()
	p, ok := f.pending.byPair[string(pairKey)]
	f.idMu.Unlock()
	if !ok {
		return nil
	}
	return bind(tx, []byte(p.key), p.Binding, f.now())
}

// forgetID drops the id pending on a pair no longer reserved here: it was
// released, or its binding is in the file now.
func (f *File) forgetID(pairKey []byte) {
	f.idMu.Lock()
	f.pending.drop(string(pairKey))
	f.idMu.Unlock()
}

// unbindPair drops the binding of a settling pair being released: its
// settlement was refused or never landed, nothing was charged, and the id
// is free at once.
func unbindPair(tx *bolt.Tx, pairKey []byte) error {
	key := tx.Bucket(idPairBucket).Get(pairKey)
	if key == nil {
		return nil
	}
	key = bytes.Clone(key)
	var b fileBinding
	if err := json.Unmarshal(tx.Bucket(idBucket).Get(key), &b); err != nil {
		return fmt.Errorf("ledger: payment id %s: %w", key, err)
	}
	return unbind(tx, key, b)
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
	ids, ages, pairs := tx.Bucket(idBucket), tx.Bucket(idAgeBucket), tx.Bucket(idPairBucket)
	if v := ids.Get(key); v != nil {
		var old fileBinding
		if err := json.Unmarshal(v, &old); err != nil {
			return fmt.Errorf("ledger: payment id %s: %w", key, err)
		}
		if err := ages.Delete(idAge(old.At, key)); err != nil {
			return err
		}
		if err := pairs.Delete(bindingPair(key, old.Nonce)); err != nil {
			return err
		}
	} else if err := addIDs(tx, 1); err != nil {
		return err
	}
	at := now.UnixNano()
	if err := putJSON(ids, key, fileBinding{b, at}); err != nil {
		return err
	}
	if err := pairs.Put(bindingPair(key, b.Nonce), key); err != nil {
		return err
	}
	return ages.Put(idAge(at, key), nil)
}

// unbind drops the binding b under key.
func unbind(tx *bolt.Tx, key []byte, b fileBinding) error {
	for _, del := range []struct {
		bucket []byte
		key    []byte
	}{{idBucket, key}, {idAgeBucket, idAge(b.At, key)}, {idPairBucket, bindingPair(key, b.Nonce)}} {
		if err := tx.Bucket(del.bucket).Delete(del.key); err != nil {
			return err
		}
	}
	return addIDs(tx, -1)
}

// bindingPair is the pair a binding under key (payer "/" id) names.
func bindingPair(key []byte, nonce string) []byte {
	payer, _, _ := bytes.Cut(key, []byte("/"))
	return []byte(string(payer) + "/" + nonce)
}

// pairBindings indexes the bindings of a ledger written before they were
// indexed by pair, and drops those whose pair is neither settling nor
// settled: earlier versions bound an id before its payment was verified,
// and the file has one process at a time, so no call holds such a pair.
func pairBindings(tx *bolt.Tx) error {
	if tx.Bucket(idPairBucket) != nil {
		return nil
	}
	if _, err := tx.CreateBucket(idPairBucket); err != nil {
		return err
	}
	var keep, drop [][]byte
	var dropped []fileBinding
	err := tx.Bucket(idBucket).ForEach(func(k, v []byte) error {
		var b fileBinding
		if err := json.Unmarshal(v, &b); err != nil {
			return fmt.Errorf("payment id %s: %w", k, err)
		}
		at := bindingPair(k, b.Nonce)
		if tx.Bucket(spentBucket).Get(at) != nil || tx.Bucket(reservationBucket).Get(at) != nil {
			keep = append(keep, bytes.Clone(k))
		} else {
			drop, dropped = append(drop, bytes.Clone(k)), append(dropped, b)
		}
		return nil
	})
	for _, k := range keep {
		if err == nil {
			var b fileBinding
			if err = json.Unmarshal(tx.Bucket(idBucket).Get(k), &b); err == nil {
				err = tx.Bucket(idPairBucket).Put(bindingPair(k, b.Nonce), k)
			}
		}
	}
	for i, k := range drop {
		if err == nil {
			err = unbind(tx, k, dropped[i])
		}
	}
	return err
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
// binding whose payment is still settling, or whose answer is still kept,
// may yet be asked for: it is dated now and looked at again a retention
// later.
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
		key := bytes.Clone(k[8:])
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
		at := bindingPair(key, b.Nonce)
		var err error
		if tx.Bucket(reservationBucket).Get(at) != nil || tx.Bucket(answerBucket).Get(at) != nil {
			err = bind(tx, key, b.Binding, now)
		} else {
			err = unbind(tx, key, b)
		}
		if err != nil {
			return err
		}
	}
}
