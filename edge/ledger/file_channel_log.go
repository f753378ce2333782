package ledger

import (
	"encoding/binary"
	"fmt"
	"log/slog"
	"os"
	"sync"
	"time"

	bolt "go.etcd.io/bbolt"
)

// The file ledger writes channel records behind the call that charged
// them. PutChannel appends the record to a journal, a copy into a file
// mapped shared (file_channel_journal.go) that lands in the kernel's page
// cache and so outlives the process (kill -9 loses nothing), and returns;
// a flusher commits the latest record of each channel to the bbolt file,
// fsynced, at most every ChannelCommitEvery, and then empties the journal
// it wrote them to. The journal itself is never synced: a crash of the
// machine (power loss, kernel panic) loses the records written since the
// last commit began, that is at most ChannelCommitEvery and one commit's
// worth of calls, each channel at most back to its last committed voucher.
// That voucher is cumulative, so the later one makes the earlier redundant
// and one record per channel is committed however many calls it served
// meanwhile.
//
// Why not a sync per call: a voucher call otherwise costs a signature
// check, and waiting for its own fsync (1 to 3 ms on a local disk) would
// be most of its latency; with one P, a sync also holds the processor
// until sysmon takes it back (see group.gather), so a commit every call
// would stall every next call. Exact payments keep their synced writes:
// their answer waits for the chain anyway.
const ChannelCommitEvery = 100 * time.Millisecond

// channelLog holds the channel records written and not yet committed.
type channelLog struct {
	mu       sync.Mutex
	pending  map[string][]byte // channel id → versioned record, journalled, not yet committed
	flushing map[string][]byte // the records the running commit writes
	journals [2]*journal       // appends go to journals[active], the other is being committed or empty
	active   int
	failed   error // the last commit's: writes are refused until a commit succeeds

	wake    chan struct{} // a record is pending
	stop    chan struct{}
	stopped chan struct{}
	close   sync.Once
}

// journalPaths are the ledger's two journals beside its file.
func journalPaths(path string) [2]string {
	return [2]string{path + ".channels.0", path + ".channels.1"}
}

// openChannelLog replays what the journals beside the ledger hold into
// its file (a process that wrote them was killed before it committed
// them), empties them and starts the flusher.
func (f *File) openChannelLog(path string) error {
	l := &f.chans
	l.pending = map[string][]byte{}
	l.wake, l.stop, l.stopped = make(chan struct{}, 1), make(chan struct{}), make(chan struct{})
	latest := map[string][]byte{}
	for i, p := range journalPaths(path) {
		j, err := openJournal(p, func(id string, value []byte) {
			if old, ok := latest[id]; !ok || versionOf(old) < versionOf(value) {
				latest[id] = value
			}
		})
		if err != nil {
			l.closeJournals()
			return err
		}
		l.journals[i] = j
	}
	replayed := 0
	err := f.db.Update(func(tx *bolt.Tx) error {
		b := tx.Bucket(channelBucket)
		for id, v := range latest {
			if old := b.Get([]byte(id)); len(old) >= 8 && versionOf(old) >= versionOf(v) {
				continue
			}
			replayed++
			if err := b.Put([]byte(id), v); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		l.closeJournals()
		return fmt.Errorf("replaying the channel journal: %w", err)
	}
	// After the commit: the values replayed point into the journals.
	for _, j := range l.journals {
		j.empty()
	}
	if replayed > 0 {
		slog.Warn("ledger: channel records written behind by a process that stopped before committing them were recovered from the journal",
			"channels", replayed, "path", path)
	}
	go f.commitChannels()
	return nil
}

// put journals value as the record of channel id if the record is still
// at version; ErrConflict otherwise.
func (f *File) putChannel(id string, version int64, value []byte) error {
	l := &f.chans
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.failed != nil {
		return fmt.Errorf("ledger: channel records are not being committed: %w", l.failed)
	}
	old, err := f.channelValueLocked(id)
	if err != nil {
		return err
	}
	if (old == nil && version != 0) || (old != nil && (len(old) < 8 || versionOf(old) != version)) {
		return ErrConflict
	}
	if err := l.journals[l.active].append(id, value); err != nil {
		return fmt.Errorf("ledger: channel journal: %w", err)
	}
	l.pending[id] = value
	select {
	case l.wake <- struct{}{}:
	default:
	}
	return nil
}

// channelValue is the versioned record of channel id, nil for none: the
// journalled one, else the committed one.
func (f *File) channelValue(id string) ([]byte, error) {
	f.chans.mu.Lock()
	defer f.chans.mu.Unlock()
	return f.channelValueLocked(id)
}

func (f *File) channelValueLocked(id string) ([]byte, error) {
	l := &f.chans
	if v, ok := l.pending[id]; ok {
		return v, nil
	}
	if v, ok := l.flushing[id]; ok {
		return v, nil
	}
	var v []byte
	err := f.db.View(func(tx *bolt.Tx) error {
		v = append(v, tx.Bucket(channelBucket).Get([]byte(id))...)
		return nil
	})
	if len(v) == 0 {
		v = nil
	}
	return v, err
}

// journalled is a copy of the records not yet committed.
func (f *File) journalled() map[string][]byte {
	l := &f.chans
	l.mu.Lock()
	defer l.mu.Unlock()
	out := make(map[string][]byte, len(l.pending)+len(l.flushing))
	for id, v := range l.flushing {
		out[id] = v
	}
	for id, v := range l.pending {
		out[id] = v
	}
	return out
}

// commitChannels commits the pending records a ChannelCommitEvery after
// the first of them was written, until the ledger closes, and then once
// more.
func (f *File) commitChannels() {
	l := &f.chans
	defer close(l.stopped)
	wait := time.NewTimer(ChannelCommitEvery)
	wait.Stop()
	for {
		select {
		case <-l.wake:
		case <-l.stop:
			f.flushChannels()
			return
		}
		wait.Reset(ChannelCommitEvery)
		select {
		case <-wait.C:
		case <-l.stop:
			wait.Stop()
			f.flushChannels()
			return
		}
		if f.flushChannels() != nil {
			// Its records are pending again: retry after the next wait.
			select {
			case l.wake <- struct{}{}:
			default:
			}
		}
	}
}

// flushChannels commits the pending records, then empties the journal
// they were written to, while new records go to the other.
func (f *File) flushChannels() error {
	l := &f.chans
	l.mu.Lock()
	if len(l.pending) == 0 {
		l.mu.Unlock()
		return nil
	}
	batch, written := l.pending, l.active
	l.flushing, l.pending = batch, make(map[string][]byte, len(batch))
	l.active ^= 1
	l.mu.Unlock()
	err := f.writes.do(func(tx *bolt.Tx) error {
		b := tx.Bucket(channelBucket)
		for id, v := range batch {
			if err := b.Put([]byte(id), v); err != nil {
				return err
			}
		}
		return nil
	})
	if err == nil {
		// Outside l.mu: no append reaches this journal before the next
		// swap, which only this goroutine makes.
		l.journals[written].empty()
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if err != nil {
		for id, v := range batch {
			if _, newer := l.pending[id]; !newer {
				l.pending[id] = v
			}
		}
		slog.Error("ledger: committing channel records failed; voucher calls are refused until a commit succeeds", "err", err)
	}
	l.flushing, l.failed = nil, err
	return err
}

// stopChannelLog commits what is pending and removes the journals: a
// ledger closed in order leaves none behind.
func (f *File) stopChannelLog(path string) {
	l := &f.chans
	l.close.Do(func() {
		close(l.stop)
		<-l.stopped
		l.mu.Lock()
		defer l.mu.Unlock()
		l.closeJournals()
		if l.failed == nil && len(l.pending) == 0 {
			for _, p := range journalPaths(path) {
				os.Remove(p)
			}
		}
	})
}

func (l *channelLog) closeJournals() {
	for i, j := range l.journals {
		if j != nil {
			j.close()
			l.journals[i] = nil
		}
	}
}

// versionOf reads a stored record's version, its first 8 bytes.
func versionOf(v []byte) int64 { return int64(binary.BigEndian.Uint64(v)) }
