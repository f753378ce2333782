package ledger

import (
	"errors"
	"os"
	"syscall"
)

// reserve allocates the file's blocks from offset from to to, which read
// as zeros, without writing them where the file system can.
func reserve(f *os.File, from, to int) error {
	err := syscall.Fallocate(int(f.Fd()), 0, int64(from), int64(to-from))
	if errors.Is(err, syscall.EOPNOTSUPP) {
		return writeZeros(f, from, to)
	}
	return err
}
