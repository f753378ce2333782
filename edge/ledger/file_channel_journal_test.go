package ledger

import (
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func record(version int, body string) []byte {
	return append(binary.BigEndian.AppendUint64(nil, uint64(version)), body...)
}

// replayed is what a replay of the journal file at path reads: each
// frame's id and record body.
func replayed(t *testing.T, path string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	readJournal(data, func(id string, value []byte) { got = append(got, id+"="+string(value[8:])) })
	return got
}

// An emptied journal keeps its pages and the frames of the window before,
// and a replay reads only the frames of the window after: the earlier
// ones were checksummed under another header.
func TestJournalWindowIsItsOwnFrames(t *testing.T) {
	path := filepath.Join(t.TempDir(), "j")
	j, err := openJournal(path, func(string, []byte) { t.Fatal("a new journal replayed a frame") })
	if err != nil {
		t.Fatal(err)
	}
	defer j.close()
	j.empty()
	for i := range 5 {
		if err := j.append("0xa", record(i+1, fmt.Sprint("first window ", i))); err != nil {
			t.Fatal(err)
		}
	}
	if got := fmt.Sprint(replayed(t, path)); got != "[0xa=first window 0 0xa=first window 1 0xa=first window 2 0xa=first window 3 0xa=first window 4]" {
		t.Fatalf("first window: %s", got)
	}
	j.empty()
	if got := replayed(t, path); len(got) != 0 {
		t.Fatalf("an emptied journal replays %v", got)
	}
	if err := j.append("0xb", record(6, "second")); err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(replayed(t, path)); got != "[0xb=second]" {
		t.Fatalf("second window: %s", got)
	}
	if info, _ := os.Stat(path); info.Size() != journalSize {
		t.Fatalf("the journal is %d bytes, want %d", info.Size(), journalSize)
	}
}

// A window longer than the journal doubles it, and every frame is read.
func TestJournalGrows(t *testing.T) {
	path := filepath.Join(t.TempDir(), "j")
	j, err := openJournal(path, func(string, []byte) {})
	if err != nil {
		t.Fatal(err)
	}
	defer j.close()
	j.empty()
	body := strings.Repeat("x", 100<<10)
	n := journalSize/len(body) + 3
	for i := range n {
		if err := j.append(fmt.Sprint("0x", i), record(1, body)); err != nil {
			t.Fatal(err)
		}
	}
	if got := len(replayed(t, path)); got != n {
		t.Fatalf("replayed %d frames of %d", got, n)
	}
	if info, _ := os.Stat(path); info.Size() != 2*journalSize {
		t.Fatalf("the journal is %d bytes, want %d", info.Size(), 2*journalSize)
	}
}

// A journal written before journals had a header is read from its start;
// one whose header was torn at its emptying holds nothing to replay.
func TestJournalHeaderlessAndTorn(t *testing.T) {
	old := frame(frame(nil, 0, "0xa", record(1, "one")), 0, "0xb", record(2, "two"))
	var got []string
	readJournal(old, func(id string, value []byte) { got = append(got, id) })
	if fmt.Sprint(got) != "[0xa 0xb]" {
		t.Fatalf("a journal without a header: %v", got)
	}
	torn := append([]byte(journalMagic+"\x01\x02\x03\x04\x05\x06\x07\x08\x00\x00\x00\x00"), old...)
	readJournal(torn, func(id string, value []byte) { t.Fatalf("a journal with a torn header replayed %s", id) })
}

// A journal is lengthened with zeros: the file reads as zeros to its new
// end, and what it held is kept.
func TestJournalZerosLengthenTheFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "j")
	if err := os.WriteFile(path, []byte("held"), 0o600); err != nil {
		t.Fatal(err)
	}
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := writeZeros(f, 4, 3<<20+5); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(data) != 3<<20+5 || string(data[:4]) != "held" || strings.Trim(string(data[4:]), "\x00") != "" {
		t.Fatalf("the file is %d bytes, starting %q", len(data), data[:8])
	}
}
