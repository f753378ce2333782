package x402

import (
	"encoding/binary"
	"math/bits"
)

// Lexer reads JSON's tokens in one pass over a document, for the readers
// that take a plainly written document without encoding/json: the payment
// scan here, and the edge's reader of a call's body and its check of the
// numbers it copies into a request key. Each keeps its own grammar and
// leaves anything else to encoding/json.
type Lexer struct {
	b []byte
	i int
}

// NewLexer starts a Lexer at the beginning of doc.
func NewLexer(doc []byte) Lexer { return Lexer{b: doc} }

// Space passes over white space.
func (l *Lexer) Space() { l.i = space(l.b, l.i) }

// space is Space on a document's bytes and an index: the index of the
// first byte from i on that is not white space.
func space(b []byte, i int) int {
	// Any byte above ' ' ends it, as most do.
	for i < len(b) && b[i] <= ' ' && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// Peek is the next byte after white space, 0 at the end.
func (l *Lexer) Peek() byte {
	l.Space()
	if l.i == len(l.b) {
		return 0
	}
	return l.b[l.i]
}

// Next passes over the byte Peek returned.
func (l *Lexer) Next() { l.i++ }

// Eat passes over c when it is the next byte after white space.
func (l *Lexer) Eat(c byte) bool {
	if l.Peek() != c {
		return false
	}
	l.i++
	return true
}

// End reports whether only white space is left.
func (l *Lexer) End() bool {
	l.Space()
	return l.i == len(l.b)
}

// Plain reads the string whose opening quote Peek returned, when it has no
// escapes or control bytes, nor with ascii any byte outside ASCII (which
// encoding/json would check for UTF-8). Its bytes stay in the document.
func (l *Lexer) Plain(ascii bool) ([]byte, bool) {
	l.i++ // the opening quote
	start := l.i
	l.i = stringRun(l.b, l.i, ascii)
	if l.i == len(l.b) || l.b[l.i] != '"' {
		return nil, false
	}
	l.i++
	return l.b[start : l.i-1], true
}

// stringRun is the index of the first byte from i on that does not read
// as itself inside a string: a quote, a backslash, a control byte or, with
// ascii, a byte outside ASCII. Most of a document is bytes that do, so it
// tests eight at a time.
func stringRun(b []byte, i int, ascii bool) int {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	var outside uint64 // the high bits that stop the run
	if ascii {
		outside = highs
	}
	for ; len(b)-i >= 8; i += 8 {
		x := binary.LittleEndian.Uint64(b[i:])
		// A byte's high bit is set in (x - n*ones) &^ x when it is below n,
		// and in ((x^c) - ones) &^ x when it is c. A borrow only runs up
		// from a byte that stops the run, so the lowest set byte is the first.
		if stop := ((x-0x20*ones)|((x^'"'*ones)-ones)|((x^'\\'*ones)-ones))&^x&highs | x&outside; stop != 0 {
			return i + bits.TrailingZeros64(stop)/8
		}
	}
	for ; i < len(b); i++ {
		if c := b[i]; c == '"' || c == '\\' || c < 0x20 || ascii && c >= 0x80 {
			break
		}
	}
	return i
}

// Items reads the items of an object or array whose opening byte was
// passed, to close: each by item, separated by commas.
func (l *Lexer) Items(close byte, item func() bool) bool {
	if l.Eat(close) {
		return true
	}
	for {
		if !item() {
			return false
		}
		if l.Eat(close) {
			return true
		}
		if !l.Eat(',') {
			return false
		}
	}
}

// Literal passes over lit (true, false or null) at the position.
func (l *Lexer) Literal(lit string) bool {
	var ok bool
	l.i, ok = literal(l.b, l.i, lit)
	return ok
}

// literal is Literal on a document's bytes and an index: the index after
// lit, when lit is at i.
func literal(b []byte, i int, lit string) (int, bool) {
	if len(b)-i < len(lit) || string(b[i:i+len(lit)]) != lit {
		return i, false
	}
	return i + len(lit), true
}

// Number passes over a number at the position and returns its bytes:
// -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
func (l *Lexer) Number() ([]byte, bool) {
	start := l.i
	if l.i < len(l.b) && l.b[l.i] == '-' {
		l.i++
	}
	if l.i < len(l.b) && l.b[l.i] == '0' {
		l.i++
	} else if l.Digits() == 0 {
		return nil, false
	}
	if l.i < len(l.b) && l.b[l.i] == '.' {
		l.i++
		if l.Digits() == 0 {
			return nil, false
		}
	}
	if l.i < len(l.b) && (l.b[l.i] == 'e' || l.b[l.i] == 'E') {
		l.i++
		if l.i < len(l.b) && (l.b[l.i] == '+' || l.b[l.i] == '-') {
			l.i++
		}
		if l.Digits() == 0 {
			return nil, false
		}
	}
	return l.b[start:l.i], true
}

// Digits passes over decimal digits and counts them.
func (l *Lexer) Digits() int {
	start := l.i
	for l.i < len(l.b) && l.b[l.i] >= '0' && l.b[l.i] <= '9' {
		l.i++
	}
	return l.i - start
}
