package ledger

import (
	"bytes"
	"cmp"
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	bolt "go.etcd.io/bbolt"
)

// File is the embedded ledger: one bbolt file, written by one process at a
// time. Settling, Record and the release of a settling pair are fsynced
// before they return; channel records are journalled and committed behind
// (see file_channel_log.go); concurrent writes share a commit (see group), which
// would otherwise bound paid calls to a few hundred a second. Reservations
// are kept in memory (see Reserve).
type File struct {
	db     *bolt.DB
	path   string
	writes group
	chans  channelLog // channel records written behind
	settings

	mu   sync.Mutex
	held map[string]*hold // pair → its live reservation

	challenges challenges // sign-in-with-x nonces, in memory: one process serves from the file

	idMu    sync.Mutex
	pending pendingIDs
}

// hold is a reservation this process holds.
type hold struct {
	tool     string
	since    time.Time
	settling bool // Settling is writing it to disk
}

// Pairs are keyed payer "/" nonce. A pair is in at most one of
// reservationBucket (settling) and spentBucket (settled).
var (
	reservationBucket = []byte("reservations")    // pair → entry (JSON)
	spentBucket       = []byte("spent")           // pair → tx
	receiptBucket     = []byte("receipts")        // tx → Receipt (JSON)
	answerBucket      = []byte("answers")         // pair → stored (unix ns, 8 bytes) + compressed answer
	answerAgeBucket   = []byte("answer_ages")     // stored (8 bytes) + pair → nothing: oldest first
	metaBucket        = []byte("meta")            // answerBytesKey → total compressed bytes (8)
	idBucket          = []byte("payment_ids")     // payer "/" id → fileBinding (JSON)
	idAgeBucket       = []byte("payment_id_ages") // bound (unix ns, 8 bytes) + payer "/" id → nothing: oldest first
	channelBucket     = []byte("channels")        // channel id → storedChannel (JSON)
	paidBucket        = []byte("paid_requests")   // payer "/" tool "/" request key → the latest pair paying it
)

var answerBytesKey = []byte("answer_bytes")

// entry is a settling pair. (Ledgers written by earlier versions may hold
// reserved entries too; OpenFile drops them.)
type entry struct {
	Tool    string    `json:"tool"`
	State   State     `json:"state"`
	Since   time.Time `json:"since"`
	Receipt *Receipt  `json:"receipt,omitempty"`
	Answer  []byte    `json:"answer,omitempty"` // compressed

	ValidBefore int64 `json:"valid_before,omitempty"` // see expiry
	pairKeys
}

// fileReceipt is a settled pair's receipt as the file keeps it: the
// svc.receipt.v1 document and what identifies the request and the payment,
// which the document leaves out.
type fileReceipt struct {
	Receipt
	pairKeys
}

// OpenFile opens or creates the ledger file at path.
func OpenFile(path string, opts ...Option) (*File, error) {
	// The timeout turns a second process on the same file into an error
	// instead of a hang.
	db, err := bolt.Open(path, 0o600, &bolt.Options{Timeout: 2 * time.Second})
	if err != nil {
		return nil, fmt.Errorf("ledger: open %s: %w", path, err)
	}
	f := &File{db: db, path: path, writes: group{db: db}, settings: newSettings(opts), held: map[string]*hold{}, pending: newPendingIDs()}
	err = db.Update(func(tx *bolt.Tx) error {
		for _, b := range [][]byte{reservationBucket, spentBucket, receiptBucket, answerBucket, answerAgeBucket, metaBucket, idBucket, idAgeBucket, channelBucket, paidBucket} {
			if _, err := tx.CreateBucketIfNotExists(b); err != nil {
				return err
			}
		}
		if err := dropReserved(tx.Bucket(reservationBucket)); err != nil {
			return err
		}
		if err := countBindings(tx); err != nil {
			return err
		}
		if err := pairBindings(tx); err != nil {
			return err
		}
		return stampBindings(tx, f.now())
	})
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("ledger: prepare %s: %w", path, err)
	}
	if err := f.openChannelLog(path); err != nil {
		db.Close()
		return nil, fmt.Errorf("ledger: %w", err)
	}
	return f, nil
}

// dropReserved frees the pairs reserved on disk by earlier versions: the
// file has one process at a time, so whoever reserved them is gone, and a
// pair that never reached Settling was never sent to be settled.
func dropReserved(b *bolt.Bucket) error {
	var orphans [][]byte
	err := b.ForEach(func(k, v []byte) error {
		var e entry
		if err := json.Unmarshal(v, &e); err != nil {
			return fmt.Errorf("reservation %s: %w", k, err)
		}
		if e.State == Reserved {
			orphans = append(orphans, k)
		}
		return nil
	})
	for _, k := range orphans {
		if err == nil {
			err = b.Delete(k)
		}
	}
	return err
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

// Reserve holds the pair in this process's memory, not in the file. A
// reservation guards a pair only until Settling, which is durable and comes
// before /settle is asked: a reservation lost in a crash therefore frees an
// authorization that was never sent to be settled, which its buyer may
// spend again, as after Release. The file has one process at a time, so
// its memory holds every live reservation.
func (f *File) Reserve(_ context.Context, payer, nonce, tool string) error {
	key := fileKey(payer, nonce)
	now := f.stamp()
	f.mu.Lock()
	defer f.mu.Unlock()
	if h := f.held[string(key)]; h != nil && (h.settling || now.Sub(h.since) <= f.hold) {
		return ErrReplayed
	}
	err := f.db.View(func(tx *bolt.Tx) error {
		if tx.Bucket(spentBucket).Get(key) != nil || tx.Bucket(reservationBucket).Get(key) != nil {
			return ErrReplayed
		}
		return nil
	})
	if err != nil {
		return err
	}
	f.held[string(key)] = &hold{tool: tool, since: now}
	return nil
}

// Release frees a held pair in memory, and a pair in the file (settling)
// durably.
func (f *File) Release(_ context.Context, payer, nonce string) error {
	key := fileKey(payer, nonce)
	f.forget(key)
	var inFile bool
	if err := f.db.View(func(tx *bolt.Tx) error {
		inFile = tx.Bucket(reservationBucket).Get(key) != nil
		return nil
	}); err != nil || !inFile {
		return err
	}
	return f.writes.do(func(tx *bolt.Tx) error {
		if err := unbindPair(tx, key); err != nil {
			return err
		}
		return tx.Bucket(reservationBucket).Delete(key)
	})
}

// forget drops a pair's reservation from memory.
func (f *File) forget(key []byte) {
	f.mu.Lock()
	delete(f.held, string(key))
	f.mu.Unlock()
	f.forgetID(key)
}

// Settling writes the held pair to the file as settling. The reservation
// stays held in memory until the write is durable, so the pair is never
// free in between.
func (f *File) Settling(_ context.Context, payer, nonce string, r *Receipt, answer []byte) error {
	key := fileKey(payer, nonce)
	f.mu.Lock()
	h := f.held[string(key)]
	if h == nil || h.settling {
		f.mu.Unlock()
		return ErrNotReserved
	}
	h.settling = true
	f.mu.Unlock()
	would := stored(r)
	err := f.writes.do(func(tx *bolt.Tx) error {
		if err := f.settleID(tx, key); err != nil {
			return err
		}
		return putJSON(tx.Bucket(reservationBucket), key, entry{Tool: h.tool, State: Settling, Since: f.stamp(), Receipt: &would, Answer: compress(answer), ValidBefore: expiry(r.ValidBefore), pairKeys: keysOf(r)})
	})
	if err != nil {
		f.mu.Lock()
		h.settling = false
		f.mu.Unlock()
		return err
	}
	f.forget(key)
	return nil
}

func (f *File) Record(_ context.Context, payer, nonce string, r *Receipt) error {
	if r.Tx == "" {
		return errNoTx
	}
	key := fileKey(payer, nonce)
	err := f.writes.do(func(tx *bolt.Tx) error {
		spent := tx.Bucket(spentBucket)
		if prior := spent.Get(key); prior != nil && string(prior) != r.Tx {
			return ErrReplayed
		}
		reservations := tx.Bucket(reservationBucket)
		e, err := getEntry(reservations, key)
		if err != nil {
			return err
		}
		if err := reservations.Delete(key); err != nil {
			return err
		}
		if err := spent.Put(key, []byte(r.Tx)); err != nil {
			return err
		}
		if err := f.settleID(tx, key); err != nil {
			return err
		}
		keys, err := keptKeys(tx, r, e)
		if err != nil {
			return err
		}
		if err := putJSON(tx.Bucket(receiptBucket), []byte(r.Tx), fileReceipt{stored(r), keys}); err != nil {
			return err
		}
		if err := notePaid(tx, payer, r.Tool, keys.RequestKey, key); err != nil {
			return err
		}
		now := f.now()
		if e != nil && e.Answer != nil {
			if err := keepAnswer(tx, key, e.Answer, now); err != nil {
				return err
			}
		}
		if err := f.prune(tx, now); err != nil {
			return err
		}
		return f.pruneBindings(tx, now)
	})
	if err == nil {
		f.forget(key) // once spent in the file, never before
	}
	return err
}

// keptKeys are the pair keys a Record stores: each one given, else the one
// noted when the pair was settling or by an earlier Record.
func keptKeys(tx *bolt.Tx, r *Receipt, e *entry) (pairKeys, error) {
	var noted pairKeys
	switch v := tx.Bucket(receiptBucket).Get([]byte(r.Tx)); {
	case e != nil:
		noted = e.pairKeys
	case v != nil:
		var prior fileReceipt
		if err := json.Unmarshal(v, &prior); err != nil {
			return noted, fmt.Errorf("ledger: receipt %s: %w", r.Tx, err)
		}
		noted = prior.pairKeys
	}
	return pairKeys{cmp.Or(r.RequestKey, noted.RequestKey), cmp.Or(r.Sent, noted.Sent), cmp.Or(r.IDKey, noted.IDKey)}, nil
}

func (f *File) Pending(context.Context) ([]Pending, error) {
	var out []Pending
	err := f.db.View(func(tx *bolt.Tx) error {
		return tx.Bucket(reservationBucket).ForEach(func(k, v []byte) error {
			var e entry
			if err := json.Unmarshal(v, &e); err != nil {
				return fmt.Errorf("ledger: reservation %s: %w", k, err)
			}
			if e.State == Settling {
				payer, nonce, _ := strings.Cut(string(k), "/")
				r := *e.Receipt
				r.ValidBefore = fromExpiry(e.ValidBefore)
				e.onto(&r)
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

func (f *File) Payment(_ context.Context, payer, nonce string) (*Payment, error) {
	key := fileKey(payer, nonce)
	f.mu.Lock()
	h := f.held[string(key)]
	f.mu.Unlock()
	if h != nil {
		return &Payment{State: Reserved, Since: h.since}, nil
	}
	p := &Payment{State: Free}
	err := f.db.View(func(tx *bolt.Tx) error {
		if txHash := tx.Bucket(spentBucket).Get(key); txHash != nil {
			p.State = Settled
			var fr fileReceipt
			if err := json.Unmarshal(tx.Bucket(receiptBucket).Get(txHash), &fr); err != nil {
				return fmt.Errorf("ledger: receipt %s: %w", txHash, err)
			}
			r := &fr.Receipt
			fr.onto(r)
			p.Receipt, p.Since = r, r.SettledAt
			if v := tx.Bucket(answerBucket).Get(key); v != nil && f.retained(storedAt(v), f.now()) {
				return p.setAnswer(v[8:])
			}
			return nil
		}
		e, err := getEntry(tx.Bucket(reservationBucket), key)
		if err != nil || e == nil {
			return err
		}
		r := *e.Receipt
		r.ValidBefore = fromExpiry(e.ValidBefore)
		e.onto(&r)
		p.State, p.Since, p.Receipt = e.State, e.Since, &r
		return p.setAnswer(e.Answer)
	})
	if err != nil {
		return nil, err
	}
	return p, nil
}

// setAnswer decompresses a stored answer into p. The stored bytes belong to
// a read transaction, so they are copied.
func (p *Payment) setAnswer(stored []byte) (err error) {
	p.Answer, err = decompress(stored)
	return err
}

// keepAnswer stores a settled pair's compressed answer, stamped now.
func keepAnswer(tx *bolt.Tx, key, answer []byte, now time.Time) error {
	stamp := binary.BigEndian.AppendUint64(nil, uint64(now.UnixNano()))
	if err := tx.Bucket(answerBucket).Put(key, append(stamp, answer...)); err != nil {
		return err
	}
	if err := tx.Bucket(answerAgeBucket).Put(append(stamp, key...), nil); err != nil {
		return err
	}
	return addAnswerBytes(tx, int64(len(answer)))
}

func storedAt(v []byte) time.Time { return time.Unix(0, int64(binary.BigEndian.Uint64(v[:8]))) }

func addAnswerBytes(tx *bolt.Tx, n int64) error {
	meta := tx.Bucket(metaBucket)
	var total int64
	if v := meta.Get(answerBytesKey); v != nil {
		total = int64(binary.BigEndian.Uint64(v))
	}
	return meta.Put(answerBytesKey, binary.BigEndian.AppendUint64(nil, uint64(total+n)))
}

// prune drops the oldest answers while they are older than the retention
// or larger in all than its bytes. Each Record prunes, so the work per
// call stays small.
func (f *File) prune(tx *bolt.Tx, now time.Time) error {
	ages, answers := tx.Bucket(answerAgeBucket), tx.Bucket(answerBucket)
	var total int64
	if v := tx.Bucket(metaBucket).Get(answerBytesKey); v != nil {
		total = int64(binary.BigEndian.Uint64(v))
	}
	var freed int64
	for {
		k, _ := ages.Cursor().First()
		if k == nil || (f.retained(storedAt(k), now) && total-freed <= f.retentionBytes) {
			break
		}
		key := k[8:]
		if v := answers.Get(key); v != nil && bytes.Equal(v[:8], k[:8]) {
			freed += int64(len(v) - 8)
			if err := answers.Delete(key); err != nil {
				return err
			}
		}
		if err := ages.Delete(k); err != nil {
			return err
		}
	}
	if freed == 0 {
		return nil
	}
	return addAnswerBytes(tx, -freed)
}

// Close commits the channel records written behind, then closes the file.
func (f *File) Close() error {
	f.stopChannelLog(f.path)
	return f.db.Close()
}
