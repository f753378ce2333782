package ledger

import (
	"fmt"

	"github.com/klauspost/compress/zstd"
)

// Answers are kept compressed with zstd: a JSON answer shrinks several
// times, and one encoder and decoder serve every call concurrently without
// allocating per call, as gzip's writers would.
var (
	encoder, _ = zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedFastest))
	decoder, _ = zstd.NewReader(nil, zstd.WithDecoderConcurrency(0))
)

func compress(answer []byte) []byte {
	if answer == nil {
		return nil
	}
	return encoder.EncodeAll(answer, nil)
}

func decompress(stored []byte) ([]byte, error) {
	if stored == nil {
		return nil, nil
	}
	answer, err := decoder.DecodeAll(stored, nil)
	if err != nil {
		return nil, fmt.Errorf("ledger: stored answer: %w", err)
	}
	return answer, nil
}
