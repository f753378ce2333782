package edge

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"unicode/utf8"
)

// syntaxError says what makes body, which is not valid JSON, invalid and
// where, as a buyer fixing it by hand needs both: "invalid character '}'
// looking for beginning of value at offset 5 (line 1, column 6)". It reads
// body again, which only a refused call pays for.
func syntaxError(body []byte) string {
	var se *json.SyntaxError
	if err := json.Unmarshal(body, new(any)); !errors.As(err, &se) {
		return "it cannot be read" // every body json.Valid refuses has a syntax error: not met
	}
	at := int(se.Offset) // the bytes read: the offending one included, or all at the end
	if at > 0 && se.Error() != "unexpected end of JSON input" {
		at--
	}
	return se.Error() + " " + where(body, at)
}

// where names offset at of body, and its line and column (in characters,
// from 1) as an editor shows them.
func where(body []byte, at int) string {
	before := body[:at]
	start := bytes.LastIndexByte(before, '\n') + 1
	return fmt.Sprintf("at offset %d (line %d, column %d)", at, bytes.Count(before, []byte{'\n'})+1, utf8.RuneCount(before[start:])+1)
}
