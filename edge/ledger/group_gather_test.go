package ledger

import (
	"encoding/binary"
	"path/filepath"
	"runtime"
	"sync"
	"testing"

	bolt "go.etcd.io/bbolt"
)

// With one P, the writes of goroutines that are all ready to run share one
// commit: the commit does not start, and hold the only P in its fsync,
// before they have had their turn to join it.
func TestGroupGathersReadyWrites(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	db, err := bolt.Open(filepath.Join(t.TempDir(), "group.db"), 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	txid := func() (id int) {
		db.View(func(tx *bolt.Tx) error { id = tx.ID(); return nil })
		return id
	}
	g, before := &group{db: db}, txid()
	const writers = 32
	var wg sync.WaitGroup
	for i := range writers {
		wg.Go(func() {
			err := g.do(func(tx *bolt.Tx) error {
				b, err := tx.CreateBucketIfNotExists([]byte("gathered"))
				if err != nil {
					return err
				}
				return b.Put(binary.BigEndian.AppendUint32(nil, uint32(i)), []byte{1})
			})
			if err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if commits := txid() - before; commits != 1 {
		t.Errorf("%d ready writers made %d commits, want 1", writers, commits)
	}
	db.View(func(tx *bolt.Tx) error {
		if n := tx.Bucket([]byte("gathered")).Stats().KeyN; n != writers {
			t.Errorf("%d writes committed, want %d", n, writers)
		}
		return nil
	})
}
