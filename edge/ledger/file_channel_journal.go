package ledger

import (
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"math/rand/v2"
	"os"
	"syscall"
)

// A journal is a file mapped shared into the process: an append is a copy
// into the kernel's page cache, with no system call, and outlives the
// process as a write would (kill -9 loses nothing). Emptying it writes a
// new header instead of truncating: truncating freed the pages every 100
// ms, and the appends after it paid for fresh zeroed ones, twice what the
// write itself cost.
//
// Its layout: a header of 16 bytes, "csj1", a nonce drawn at each emptying
// (8) and the CRC-32C of those 12 (4); then frames, each its length (4
// bytes, big-endian), the CRC-32C of the header and the rest (4), the id's
// length (2), the id and the versioned record. The frames an earlier window
// left past the current ones were checksummed under another nonce, so a
// replay stops where this window's frames end.
type journal struct {
	file *os.File
	mem  []byte // the whole file, mapped
	end  int    // where the next frame goes
	seed uint32 // the CRC-32C of the header, which each frame's continues
}

const (
	journalMagic  = "csj1"
	journalHeader = 16
	// journalSize is a new journal's size: about a window of the records
	// of 10,000 voucher calls a second. A longer window doubles it.
	journalSize = 4 << 20
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// openJournal opens the journal at path, creating it, maps it and calls
// replay with each whole frame of the window it holds. The values replay
// is given are the mapping's bytes: they hold until the journal is emptied.
func openJournal(path string, replay func(id string, value []byte)) (*journal, error) {
	file, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, err
	}
	j := &journal{file: file}
	if err := j.mapSize(journalSize); err != nil {
		file.Close()
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	readJournal(j.mem, replay)
	return j, nil
}

// readJournal calls fn with each whole frame of data's window. A journal
// without the header is one written before it had one: its frames begin
// at the start, checksummed from zero.
func readJournal(data []byte, fn func(id string, value []byte)) {
	var seed uint32
	if len(data) >= 4 && string(data[:4]) == journalMagic {
		if len(data) < journalHeader || crc32.Checksum(data[:12], castagnoli) != binary.BigEndian.Uint32(data[12:]) {
			return // torn at its emptying: what it held was committed
		}
		seed, data = binary.BigEndian.Uint32(data[12:]), data[journalHeader:]
	}
	readFrames(data, seed, fn)
}

// readFrames calls fn with each whole frame of data, and stops at the
// first torn or damaged one: the tail of an append the process did not
// finish, or a frame of an earlier window.
func readFrames(data []byte, seed uint32, fn func(id string, value []byte)) {
	for len(data) >= 8 {
		n := int(binary.BigEndian.Uint32(data))
		body := data[8:]
		if n < 2 || n > len(body) || crc32.Update(seed, castagnoli, body[:n]) != binary.BigEndian.Uint32(data[4:]) {
			return
		}
		idLen := int(binary.BigEndian.Uint16(body))
		if 2+idLen+8 > n {
			return
		}
		fn(string(body[2:2+idLen]), body[2+idLen:n])
		data = body[n:]
	}
}

// frame appends a frame of a record to buf, checksummed from seed.
func frame(buf []byte, seed uint32, id string, value []byte) []byte {
	start := len(buf)
	buf = binary.BigEndian.AppendUint32(buf, uint32(2+len(id)+len(value)))
	buf = append(buf, 0, 0, 0, 0)
	buf = binary.BigEndian.AppendUint16(buf, uint16(len(id)))
	buf = append(append(buf, id...), value...)
	binary.BigEndian.PutUint32(buf[start+4:], crc32.Update(seed, castagnoli, buf[start+8:]))
	return buf
}

func frameSize(id string, value []byte) int { return 10 + len(id) + len(value) }

// append copies one frame into the journal, growing it first when the
// frame would pass its end.
func (j *journal) append(id string, value []byte) error {
	n := frameSize(id, value)
	if j.end+n > len(j.mem) {
		if err := j.mapSize(max(2*len(j.mem), j.end+n)); err != nil {
			return err
		}
	}
	frame(j.mem[j.end:j.end], j.seed, id, value)
	j.end += n
	return nil
}

// empty starts a new window: a new header, and the next frame after it.
func (j *journal) empty() {
	h := binary.BigEndian.AppendUint64([]byte(journalMagic), rand.Uint64())
	j.seed = crc32.Checksum(h, castagnoli)
	copy(j.mem, binary.BigEndian.AppendUint32(h, j.seed))
	j.end = journalHeader
}

// mapSize maps the journal's file at size bytes at least. The file is
// lengthened by writing zeros, not left a hole: its blocks are taken now,
// so a full disk fails this call instead of killing the process with
// SIGBUS at a later copy into the mapping; and its pages are in the cache,
// where a hole's would each be faulted in by the first copy to touch it.
func (j *journal) mapSize(size int) error {
	info, err := j.file.Stat()
	if err != nil {
		return err
	}
	if have := int(info.Size()); have < size {
		if err := writeZeros(j.file, have, size); err != nil {
			return fmt.Errorf("lengthening the channel journal: %w", err)
		}
	} else {
		size = have
	}
	mem, err := syscall.Mmap(int(j.file.Fd()), 0, size, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_SHARED)
	if err != nil {
		return fmt.Errorf("mapping the channel journal: %w", err)
	}
	j.unmap()
	j.mem = mem
	return nil
}

// writeZeros writes zeros to f from offset from to to.
func writeZeros(f *os.File, from, to int) error {
	zeros := make([]byte, min(to-from, 1<<20))
	for off := from; off < to; off += len(zeros) {
		if _, err := f.WriteAt(zeros[:min(len(zeros), to-off)], int64(off)); err != nil {
			return err
		}
	}
	return nil
}

func (j *journal) unmap() {
	if j.mem != nil {
		syscall.Munmap(j.mem)
		j.mem = nil
	}
}

func (j *journal) close() {
	j.unmap()
	j.file.Close()
}
