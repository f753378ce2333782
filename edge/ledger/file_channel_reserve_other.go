//go:build !linux

package ledger

import "os"

// reserve allocates the file's blocks from offset from to to, which read
// as zeros: fallocate is Linux's.
func reserve(f *os.File, from, to int) error { return writeZeros(f, from, to) }
