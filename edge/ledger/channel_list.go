package ledger

import (
	"encoding/json"

	"github.com/coinslot/coinslot/edge/x402"
)

// A listed record (ListChannels) leaves out the answer and the settlement
// of the channel's latest call. They are two thirds of a record's bytes,
// read again only by a retry of that call, and the claimer lists every
// record at each survey: decoding them was nearly all of a survey's cost
// (BenchmarkUpkeepAtScale, edge/upkeep). They are cut from the document
// before it is decoded, by x402's lexer, which finds where each member ends
// without decoding it, much faster than encoding/json, which would still
// decode every byte of what it skips.

// decodeListed decodes a record as ListChannels gives it, using buf as
// scratch space, which it returns for the next record.
// The scratch returned is always buf's, never doc, which may be the
// database driver's own buffer.
func decodeListed(doc []byte, version int64, buf []byte) (*Channel, []byte, error) {
	scratch, ok := appendListed(buf[:0], doc)
	listed := scratch
	if !ok {
		// Not the object a ledger writes: encoding/json says what is wrong.
		listed = doc
	}
	c := new(Channel)
	if err := json.Unmarshal(listed, c); err != nil {
		return nil, scratch, err
	}
	// Also when the members were spelled otherwise (escaped, or in
	// another case, which encoding/json matches too).
	c.Answer, c.Settlement = nil, nil
	c.Version = version
	return c, scratch, nil
}

// appendListed appends doc, a record, to dst without its answer and
// settlement; false when doc is not one JSON object, or one nested deeper
// than the lexer reads. The members kept are left to the decoder to check.
func appendListed(dst, doc []byte) ([]byte, bool) {
	l := x402.NewLexer(doc)
	if !l.Eat('{') {
		return dst, false
	}
	dst = append(dst, '{')
	start := len(dst)
	ok := l.Items('}', func() bool {
		l.Space()
		member := l.Offset()
		key, ok := l.Key()
		if !ok || !l.Skip() {
			return false
		}
		if k := string(key); k != "answer" && k != "settlement" {
			if len(dst) > start {
				dst = append(dst, ',')
			}
			dst = append(dst, doc[member:l.Offset()]...)
		}
		return true
	})
	return append(dst, '}'), ok && l.End()
}
