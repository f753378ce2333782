package polymarket

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// Num is a number Polymarket sends either as a JSON number or as a numeric
// string; an empty one (see parseNum) decodes as 0. Fields whose absence is
// not 0 (volume, liquidity) are Opt.
type Num float64

func (n *Num) UnmarshalJSON(b []byte) error {
	f, _, err := parseNum(b)
	*n = Num(f)
	return err
}

// Opt is a Num the venue may leave out: a missing member and an empty one
// decode as unknown (Known false), never as 0, which would claim none.
type Opt struct {
	Value float64
	Known bool
}

func (o *Opt) UnmarshalJSON(b []byte) error {
	f, ok, err := parseNum(b)
	*o = Opt{Value: f, Known: ok}
	return err
}

// Known is an Opt of v, as the venue reported it.
func Known(v float64) Opt { return Opt{Value: v, Known: true} }

// Ptr is the value for an answer: nil when unknown.
func (o Opt) Ptr() *float64 {
	if !o.Known {
		return nil
	}
	v := o.Value
	return &v
}

// parseNum is the one rule of what Polymarket's numbers hold: a JSON number
// or a numeric string; null, "" and "null" are empty (ok false).
func parseNum(b []byte) (f float64, ok bool, err error) {
	s := strings.Trim(string(bytes.TrimSpace(b)), `"`)
	if s == "" || s == "null" {
		return 0, false, nil
	}
	f, err = strconv.ParseFloat(s, 64)
	if err != nil {
		return 0, false, fmt.Errorf("not a number: %s", b)
	}
	return f, true, nil
}

// Text is a string that may arrive as a JSON number (ids, thresholds, ranks).
type Text string

func (t *Text) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if string(b) == "null" {
		*t = ""
		return nil
	}
	if len(b) > 0 && b[0] == '"' {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		*t = Text(s)
		return nil
	}
	*t = Text(b)
	return nil
}

// Strings is a string array that Gamma encodes as JSON text inside a string
// (outcomes, clobTokenIds); a plain array is accepted too.
type Strings []string

func (s *Strings) UnmarshalJSON(b []byte) error {
	inner, err := unquoteArray(b)
	if err != nil || inner == nil {
		*s = nil
		return err
	}
	var out []string
	if err := json.Unmarshal(inner, &out); err != nil {
		return fmt.Errorf("string array: %w", err)
	}
	*s = out
	return nil
}

// Nums is a number array encoded like Strings, with numbers as strings
// (outcomePrices: "[\"0.485\", \"0.515\"]").
type Nums []float64

func (n *Nums) UnmarshalJSON(b []byte) error {
	inner, err := unquoteArray(b)
	if err != nil || inner == nil {
		*n = nil
		return err
	}
	var raw []Num
	if err := json.Unmarshal(inner, &raw); err != nil {
		return fmt.Errorf("number array: %w", err)
	}
	out := make([]float64, len(raw))
	for i, v := range raw {
		out[i] = float64(v)
	}
	*n = out
	return nil
}

// unquoteArray returns the JSON array inside b, which is either the array
// itself or a string holding it; nil for null or "".
func unquoteArray(b []byte) ([]byte, error) {
	b = bytes.TrimSpace(b)
	if string(b) == "null" {
		return nil, nil
	}
	if len(b) > 0 && b[0] == '"' {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return nil, err
		}
		if strings.TrimSpace(s) == "" {
			return nil, nil
		}
		return []byte(s), nil
	}
	return b, nil
}
