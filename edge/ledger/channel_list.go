package ledger

import (
	"bytes"
	"encoding/json"
)

// A listed record (ListChannels) leaves out the answer and the settlement
// of the channel's latest call. They are two thirds of a record's bytes,
// read again only by a retry of that call, and the claimer lists every
// record at each survey: decoding them was nearly all of a survey's cost
// (BenchmarkUpkeepAtScale, edge/upkeep). They are cut from the document
// before it is decoded, by a scan that finds where each member ends
// without decoding it, much faster than encoding/json's, which would
// still read every byte of what it skips.

// decodeListed decodes a record as ListChannels gives it, using buf as
// scratch space, which it returns for the next record: always buf's, never
// doc, which may be the database driver's own buffer.
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
// settlement; false when doc is not one JSON object. The members kept are
// left to the decoder to check.
func appendListed(dst, doc []byte) ([]byte, bool) {
	i := skipSpace(doc, 0)
	if i == len(doc) || doc[i] != '{' {
		return dst, false
	}
	dst = append(dst, '{')
	start := len(dst)
	if i = skipSpace(doc, i+1); i < len(doc) && doc[i] == '}' {
		return append(dst, '}'), skipSpace(doc, i+1) == len(doc)
	}
	for {
		if i == len(doc) || doc[i] != '"' {
			return dst, false
		}
		member := i
		end, ok := skipString(doc, i)
		if !ok {
			return dst, false
		}
		key := doc[i+1 : end-1]
		if i = skipSpace(doc, end); i == len(doc) || doc[i] != ':' {
			return dst, false
		}
		if end, ok = skipValue(doc, skipSpace(doc, i+1)); !ok {
			return dst, false
		}
		if string(key) != "answer" && string(key) != "settlement" {
			if len(dst) > start {
				dst = append(dst, ',')
			}
			dst = append(dst, doc[member:end]...)
		}
		if i = skipSpace(doc, end); i == len(doc) {
			return dst, false
		}
		switch doc[i] {
		case ',':
			i = skipSpace(doc, i+1)
		case '}':
			return append(dst, '}'), skipSpace(doc, i+1) == len(doc)
		default:
			return dst, false
		}
	}
}

// skipValue returns where the JSON value at i ends.
func skipValue(doc []byte, i int) (int, bool) {
	if i == len(doc) {
		return 0, false
	}
	switch doc[i] {
	case '"':
		return skipString(doc, i)
	case '{', '[':
		depth := 0
		for j := i; j < len(doc); j++ {
			switch doc[j] {
			case '"':
				end, ok := skipString(doc, j)
				if !ok {
					return 0, false
				}
				j = end - 1
			case '{', '[':
				depth++
			case '}', ']':
				if depth--; depth == 0 {
					return j + 1, true
				}
			}
		}
		return 0, false
	}
	j := i // a number, true, false or null
	for ; j < len(doc); j++ {
		switch doc[j] {
		case ',', '}', ']', ' ', '\t', '\r', '\n':
			return j, j > i
		}
	}
	return j, j > i
}

// skipString returns where the JSON string opening at i ends: after the
// first quote past it not escaped, which an odd run of backslashes before
// it would be.
func skipString(doc []byte, i int) (int, bool) {
	for j := i + 1; ; j++ {
		k := bytes.IndexByte(doc[j:], '"')
		if k < 0 {
			return 0, false
		}
		j += k
		escaped := false
		for b := j - 1; b > i && doc[b] == '\\'; b-- {
			escaped = !escaped
		}
		if !escaped {
			return j + 1, true
		}
	}
}

func skipSpace(doc []byte, i int) int {
	for i < len(doc) && (doc[i] == ' ' || doc[i] == '\t' || doc[i] == '\r' || doc[i] == '\n') {
		i++
	}
	return i
}
