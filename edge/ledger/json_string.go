package ledger

import (
	"encoding/json"
	"unicode/utf8"
)

// AppendJSONString appends s as json.Marshal spells it, byte for byte: the
// channel records are written with it on every voucher call, and the edge
// writes the request keys they keep with it, compared and hashed as those
// bytes. ASCII is escaped here, in place; a string with a byte above 0x7f
// is left to json.Marshal, which also replaces invalid UTF-8 and escapes
// U+2028 and U+2029.
func AppendJSONString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	start := len(b)
	b = append(b, '"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '"', '\\':
			b = append(b, '\\', c)
		case '\n':
			b = append(b, '\\', 'n')
		case '\r':
			b = append(b, '\\', 'r')
		case '\t':
			b = append(b, '\\', 't')
		case '\b':
			b = append(b, '\\', 'b')
		case '\f':
			b = append(b, '\\', 'f')
		case '<', '>', '&':
			b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
		default:
			switch {
			case c >= utf8.RuneSelf:
				v, _ := json.Marshal(s) // a string always encodes
				return append(b[:start], v...)
			case c < 0x20:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			default:
				b = append(b, c)
			}
		}
	}
	return append(b, '"')
}
