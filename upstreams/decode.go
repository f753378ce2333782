package upstreams

import (
	"bytes"
	"fmt"
	"strconv"
)

// Num is a number that sources send as a JSON number or as a numeric string.
// Missing values, written null, "", "." or "null", decode as 0; FRED writes
// "." for a missing observation.
type Num float64

func (n *Num) UnmarshalJSON(b []byte) error {
	s := string(bytes.Trim(bytes.TrimSpace(b), `"`))
	switch s {
	case "", ".", "null":
		*n = 0
		return nil
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return fmt.Errorf("not a number: %s", b)
	}
	*n = Num(f)
	return nil
}
