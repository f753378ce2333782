package ledger

import (
	"bufio"
	"context"
	"encoding/binary"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
)

const (
	killChild   = "LEDGER_KILL_CHILD" // the ledger path the child writes to
	killChannel = "0x00000000000000000000000000000000000000000000000000000000000000c1"
)

// The child of the kill tests: it charges the channel `committed` times
// and commits, charges it `behind` times more with the commits held off,
// says so, and waits to be killed.
func TestFileChannelKillChild(t *testing.T) {
	path := os.Getenv(killChild)
	if path == "" {
		t.Skip("run by TestFileChannelsOutliveKill")
	}
	committed, _ := strconv.Atoi(os.Getenv(killChild + "_COMMITTED"))
	behind, _ := strconv.Atoi(os.Getenv(killChild + "_BEHIND"))
	f, err := OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	c := &Channel{ID: killChannel, Config: []byte(`{}`)}
	charge := func(n int) {
		for range n {
			c.Charged = strconv.FormatInt(c.Version+1, 10)
			if err := f.PutChannel(context.Background(), c); err != nil {
				t.Fatal(err)
			}
		}
	}
	charge(committed)
	for deadline := time.Now().Add(10 * time.Second); committedIn(f.db) != int64(committed); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the flusher did not commit")
		}
	}
	f.writes.mu.Lock() // the flusher's next commit never starts
	f.writes.busy = true
	f.writes.mu.Unlock()
	charge(behind)
	fmt.Println("written")
	time.Sleep(time.Minute)
}

// killWriter runs the child, which charges the channel committed + behind
// times, the last behind of them journalled only, and kills it with
// SIGKILL once it has.
func killWriter(t *testing.T, path string, committed, behind int) {
	cmd := exec.Command(os.Args[0], "-test.run=^TestFileChannelKillChild$", "-test.v")
	cmd.Env = append(os.Environ(), killChild+"="+path,
		killChild+"_COMMITTED="+strconv.Itoa(committed), killChild+"_BEHIND="+strconv.Itoa(behind))
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines, written := bufio.NewScanner(out), false
	for !written && lines.Scan() {
		written = lines.Text() == "written"
	}
	cmd.Process.Kill()
	cmd.Wait()
	if !written {
		t.Fatal("the child stopped before it wrote")
	}
}

// committedVersion is the channel's version in the bbolt file alone.
func committedVersion(t *testing.T, path string) int64 {
	db, err := bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true, Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	return committedIn(db)
}

func committedIn(db *bolt.DB) (v int64) {
	db.View(func(tx *bolt.Tx) error {
		if b := tx.Bucket(channelBucket).Get([]byte(killChannel)); len(b) >= 8 {
			v = versionOf(b)
		}
		return nil
	})
	return v
}

func reopenedCharge(t *testing.T, path string) (charged string, version int64) {
	f, err := OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	c, err := f.Channel(context.Background(), killChannel)
	if err != nil {
		t.Fatal(err)
	}
	return c.Charged, c.Version
}

// A process killed with SIGKILL loses no charge it wrote: the records it
// had not committed are in its journal, which the next process replays.
func TestFileChannelsOutliveKill(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ledger.db")
	killWriter(t, path, 20, 30)
	if v := committedVersion(t, path); v != 20 {
		t.Fatalf("the file holds version %d at the kill, want the 20 committed", v)
	}
	if charged, v := reopenedCharge(t, path); charged != "50" || v != 50 {
		t.Fatalf("after the kill: charged %s at version %d, want 50 at 50", charged, v)
	}
	for _, j := range journalPaths(path) {
		if _, err := os.Stat(j); !os.IsNotExist(err) {
			t.Fatalf("%s is left after a close in order: %v", j, err)
		}
	}
}

// What a crash of the machine can lose: the journal never reached the disk,
// so the channel is back at its last committed record, and every charge
// after it is lost.
func TestFileChannelsMachineCrashLosesTheJournal(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ledger.db")
	killWriter(t, path, 20, 30)
	for _, j := range journalPaths(path) {
		if err := os.Truncate(j, 0); err != nil {
			t.Fatal(err)
		}
	}
	if charged, v := reopenedCharge(t, path); charged != "20" || v != 20 {
		t.Fatalf("after losing the journal: charged %s at version %d, want 20 at 20", charged, v)
	}
}

// A journal's torn or damaged tail is where replay stops; the frames
// before it are replayed.
func TestJournalFramesStopAtATornTail(t *testing.T) {
	var data []byte
	for i, v := range []string{"first", "second", "third"} {
		data = frame(data, 0, "0xc"+strconv.Itoa(i), append(binary.BigEndian.AppendUint64(nil, uint64(i+1)), v...))
	}
	read := func(data []byte) (ids []string) {
		readFrames(data, 0, func(id string, value []byte) { ids = append(ids, id) })
		return ids
	}
	if got := fmt.Sprint(read(data)); got != "[0xc0 0xc1 0xc2]" {
		t.Fatalf("whole journal: %s", got)
	}
	if got := fmt.Sprint(read(data[:len(data)-3])); got != "[0xc0 0xc1]" {
		t.Fatalf("torn tail: %s", got)
	}
	damaged := append([]byte(nil), data...)
	damaged[len(damaged)-1] ^= 1
	if got := fmt.Sprint(read(damaged)); got != "[0xc0 0xc1]" {
		t.Fatalf("damaged last frame: %s", got)
	}
}
