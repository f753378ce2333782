package x402

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
func (l *Lexer) Space() {
	for l.i < len(l.b) {
		switch l.b[l.i] {
		case ' ', '\t', '\n', '\r':
			l.i++
		default:
			return
		}
	}
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
	for ; l.i < len(l.b); l.i++ {
		switch c := l.b[l.i]; {
		case c == '"':
			l.i++
			return l.b[start : l.i-1], true
		case c == '\\' || c < 0x20 || ascii && c >= 0x80:
			return nil, false
		}
	}
	return nil, false
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
	if len(l.b)-l.i < len(lit) || string(l.b[l.i:l.i+len(lit)]) != lit {
		return false
	}
	l.i += len(lit)
	return true
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
