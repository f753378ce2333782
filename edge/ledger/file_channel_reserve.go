package ledger

import "os"

// writeZeros allocates the file's blocks from offset from to to by writing
// zeros to them: where fallocate is not had.
func writeZeros(f *os.File, from, to int) error {
	zeros := make([]byte, min(to-from, 1<<20))
	for off := from; off < to; off += len(zeros) {
		if _, err := f.WriteAt(zeros[:min(len(zeros), to-off)], int64(off)); err != nil {
			return err
		}
	}
	return nil
}
