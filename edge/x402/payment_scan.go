package x402

import (
	"bytes"
	"encoding/json"
	"hash/maphash"
	"strconv"
)

// scanPayload reads a v2 payment in one pass over its bytes, when it is
// written plainly: members named exactly as this service writes them, each
// once, no null, strings without escapes or non-ASCII bytes, integers
// without sign, fraction or exponent. The echoed extensions are only
// checked to be JSON and kept as sent. Anything else (ok false) is left to
// encoding/json, which also words every refusal: what this accepts is
// exactly what encoding/json decodes the same bytes to, as
// FuzzScanPayload checks. It exists because a voucher's header is mostly
// echoed extensions, which encoding/json reads twice and copies. On the
// way it picks out the payment-identifier extension. Extension values
// remembered in echoes are passed over by their bytes, and echoes learns
// one more when there is one; the extensions are raw's bytes, or the copy
// echoes remembered.
func scanPayload(raw []byte, echoes *echoSet) (*Payload, extensionsScan, bool) {
	s := scanner{NewLexer(raw), echoes}
	p := new(Payload)
	var ext extensionsScan
	if !s.object(func(key []byte) bool {
		switch string(key) {
		case "x402Version":
			return s.int(&p.X402Version)
		case "resource":
			p.Resource = new(ResourceInfo)
			return s.resource(p.Resource)
		case "accepted":
			return s.requirements(&p.Accepted)
		case "payload":
			return s.schemePayload(&p.Payload)
		case "extensions":
			// A payment's extensions are an object; anything else is for
			// decodeVersion to judge as encoding/json read it.
			if s.Peek() != '{' {
				return false
			}
			start := s.i
			if v := s.echoes.object(raw[start:]); v != nil {
				s.i += len(v.value)
				p.Extensions, ext = json.RawMessage(v.value[:len(v.value):len(v.value)]), *v.scan
				return true
			}
			var ok bool
			if ext, ok = s.extensions(); !ok {
				return false
			}
			p.Extensions = json.RawMessage(raw[start:s.i:s.i])
			return true
		}
		return false
	}) {
		return nil, extensionsScan{}, false
	}
	if !s.End() {
		return nil, extensionsScan{}, false
	}
	return p, ext, true
}

// extensionsScan is what the scan saw of a payment's extensions.
type extensionsScan struct {
	identifier [2]int // where in them the payment-identifier member's value is, the last when sent twice, as encoding/json keeps it; {0, 0}: not sent
	known      bool   // false: a key is escaped, so only encoding/json can tell which member identifier names
	remembered bool   // the extensions are a copy echoes remembered, not the decoded bytes
}

// extensions passes over the extensions object at s.i, each member's value
// by its bytes when s.echoes knows it, else by skipValue, and finds the
// payment-identifier member's value. Only the first maxEchoLookups
// members are looked up: extensions have a few, and an object of
// thousands of small members must not cost a lookup for each. The longest
// of their values read by skipValue is remembered, or else the object.
func (s *scanner) extensions() (extensionsScan, bool) {
	ext := extensionsScan{known: true}
	var novel struct{ key, value []byte }
	// The object's bytes but for its remembered values, from start, hashed
	// while it has no novel value, up to last.
	var seen maphash.Hash
	seen.SetSeed(s.echoes.seed)
	start := s.i
	last := start
	lookups := 0
	s.Next() // the opening brace
	ok := s.Items('}', func() bool {
		key, next, ok := skipKey(s.b, s.i)
		if s.i = next; !ok {
			return false
		}
		if bytes.IndexByte(key, '\\') >= 0 {
			ext.known = false
		}
		// A key without escapes reads as its bytes (one with invalid UTF-8
		// cannot read as this ASCII name).
		named := string(key) == PaymentIdentifier
		s.Space()
		value := s.i
		n, looked := 0, lookups < maxEchoLookups
		if looked {
			lookups++
			n = s.echoes.known(key, s.b[value:])
		}
		if n > 0 {
			s.i += n
			if novel.value == nil {
				seen.Write(s.b[last:value])
				last = s.i
			}
		} else {
			if s.i, ok = skipValue(s.b, s.i); !ok {
				return false
			}
			if looked && s.i-value >= max(minEcho, len(novel.value)+1) {
				novel.key, novel.value = key, s.b[value:s.i]
			}
		}
		if named {
			ext.identifier = [2]int{value - start, s.i - start}
		}
		return true
	})
	switch {
	case !ok:
	case novel.value != nil:
		s.echoes.remember(novel.key, novel.value)
	default:
		seen.Write(s.b[last:s.i])
		s.echoes.rememberObject(s.b[start:s.i], ext, seen.Sum64())
	}
	return ext, ok
}

type scanner struct {
	Lexer
	echoes *echoSet
}

// maxEchoLookups bounds the members of an extensions object looked up
// among the values remembered.
const maxEchoLookups = 16

// maxScanDepth bounds the nesting skipValue follows; deeper documents are
// left to encoding/json, which has its own bound.
const maxScanDepth = 64

// plain reads a string without escapes, control or non-ASCII bytes; its
// bytes stay in the document.
func (s *scanner) plain() ([]byte, bool) {
	if s.Peek() != '"' {
		return nil, false
	}
	return s.Plain(true)
}

func (s *scanner) str(dst *string) bool {
	v, ok := s.plain()
	*dst = string(v)
	return ok
}

// repeated reads a string that payments repeat (see internTable).
func (s *scanner) repeated(dst *string) bool {
	v, ok := s.plain()
	*dst = interned.of(v)
	return ok
}

// object reads an object, handing each member's key to member, which reads
// its value; a key met twice is left to encoding/json.
func (s *scanner) object(member func(key []byte) bool) bool {
	if !s.Eat('{') {
		return false
	}
	var met [16][]byte
	seen := met[:0]
	return s.Items('}', func() bool {
		key, ok := s.plain()
		if !ok || !s.Eat(':') {
			return false
		}
		for _, prev := range seen {
			if string(prev) == string(key) {
				return false
			}
		}
		seen = append(seen, key)
		return member(key)
	})
}

// uint reads an integer of at most 15 digits, without sign or leading
// zero: a value every integer type here holds, and a float64 exactly.
func (s *scanner) uint() (uint64, bool) {
	s.Space()
	start := s.i
	n := s.Digits()
	if n == 0 || n > 15 || (n > 1 && s.b[start] == '0') || s.i < len(s.b) && (s.b[s.i] == '.' || s.b[s.i] == 'e' || s.b[s.i] == 'E') {
		return 0, false
	}
	v, err := strconv.ParseUint(string(s.b[start:s.i]), 10, 64)
	return v, err == nil
}

func (s *scanner) int(dst *int) bool {
	v, ok := s.uint()
	*dst = int(v)
	return ok
}

func (s *scanner) resource(r *ResourceInfo) bool {
	return s.object(func(key []byte) bool {
		switch string(key) {
		case "url":
			return s.repeated(&r.URL)
		case "description":
			return s.repeated(&r.Description)
		case "mimeType":
			return s.repeated(&r.MimeType)
		case "serviceName":
			return s.repeated(&r.ServiceName)
		case "iconUrl":
			return s.repeated(&r.IconURL)
		case "tags":
			if !s.Eat('[') {
				return false
			}
			r.Tags = []string{}
			return s.Items(']', func() bool {
				var tag string
				ok := s.repeated(&tag)
				r.Tags = append(r.Tags, tag)
				return ok
			})
		}
		return false
	})
}

func (s *scanner) requirements(r *Requirements) bool {
	return s.object(func(key []byte) bool {
		switch string(key) {
		case "scheme":
			return s.repeated(&r.Scheme)
		case "network":
			return s.repeated(&r.Network)
		case "amount":
			return s.repeated(&r.Amount)
		case "asset":
			return s.repeated(&r.Asset)
		case "payTo":
			return s.repeated(&r.PayTo)
		case "maxTimeoutSeconds":
			return s.int(&r.MaxTimeoutSeconds)
		case "extra":
			// Flat objects of strings, integers and booleans, as the terms
			// write them.
			r.Extra = map[string]any{}
			return s.object(func(key []byte) bool {
				name := interned.of(key)
				switch s.Peek() {
				case '"':
					var v string
					ok := s.repeated(&v)
					r.Extra[name] = v
					return ok
				case 't', 'f':
					v, ok := s.boolean()
					r.Extra[name] = v
					return ok
				}
				v, ok := s.uint()
				r.Extra[name] = float64(v)
				return ok
			})
		}
		return false
	})
}

func (s *scanner) boolean() (bool, bool) {
	switch s.Peek() {
	case 't':
		return true, s.Literal("true")
	case 'f':
		return false, s.Literal("false")
	}
	return false, false
}

// schemePayload reads the members of an exact payload (EIP-3009 or
// Permit2, which upto's is too) and of the payloads
// buyers send under batch-settlement; the ones only a seller writes
// (claims, refund nonce, authorizer signatures) are left to encoding/json.
func (s *scanner) schemePayload(sp *SchemePayload) bool {
	exact := func() *ExactPayload {
		if sp.ExactPayload == nil {
			sp.ExactPayload = new(ExactPayload)
		}
		return sp.ExactPayload
	}
	batch := func() *BatchPayload {
		if sp.BatchPayload == nil {
			sp.BatchPayload = new(BatchPayload)
		}
		return sp.BatchPayload
	}
	return s.object(func(key []byte) bool {
		switch string(key) {
		case "signature":
			return s.str(&exact().Signature)
		case "authorization":
			return s.authorization(&exact().Authorization)
		case "permit2Authorization":
			e := exact()
			e.Permit2Authorization = new(Permit2Authorization)
			return s.permit2Authorization(e.Permit2Authorization)
		case "type":
			return s.repeated(&batch().Type)
		case "amount":
			return s.str(&batch().Amount)
		case "channelConfig":
			b := batch()
			b.ChannelConfig = new(ChannelConfig)
			return s.channelConfig(b.ChannelConfig)
		case "voucher":
			b := batch()
			b.Voucher = new(Voucher)
			return s.voucher(b.Voucher)
		case "deposit":
			b := batch()
			b.Deposit = new(Deposit)
			return s.deposit(b.Deposit)
		}
		return false
	})
}

func (s *scanner) authorization(a *Authorization) bool {
	return s.object(func(key []byte) bool {
		switch string(key) {
		case "from":
			return s.repeated(&a.From)
		case "to":
			return s.repeated(&a.To)
		case "value":
			return s.repeated(&a.Value)
		case "validAfter":
			return s.repeated(&a.ValidAfter)
		case "validBefore":
			return s.str(&a.ValidBefore)
		case "nonce":
			return s.str(&a.Nonce)
		}
		return false
	})
}

func (s *scanner) permit2Authorization(a *Permit2Authorization) bool {
	return s.object(func(key []byte) bool {
		switch string(key) {
		case "from":
			return s.repeated(&a.From)
		case "permitted":
			return s.object(func(key []byte) bool {
				switch string(key) {
				case "token":
					return s.repeated(&a.Permitted.Token)
				case "amount":
					return s.repeated(&a.Permitted.Amount)
				}
				return false
			})
		case "spender":
			return s.repeated(&a.Spender)
		case "nonce":
			return s.str(&a.Nonce)
		case "deadline":
			return s.str(&a.Deadline)
		case "witness":
			return s.object(func(key []byte) bool {
				switch string(key) {
				case "to":
					return s.repeated(&a.Witness.To)
				case "facilitator":
					return s.repeated(&a.Witness.Facilitator)
				case "validAfter":
					return s.str(&a.Witness.ValidAfter)
				}
				return false
			})
		}
		return false
	})
}

func (s *scanner) channelConfig(c *ChannelConfig) bool {
	return s.object(func(key []byte) bool {
		switch string(key) {
		case "payer":
			return s.repeated(&c.Payer)
		case "payerAuthorizer":
			return s.repeated(&c.PayerAuthorizer)
		case "receiver":
			return s.repeated(&c.Receiver)
		case "receiverAuthorizer":
			return s.repeated(&c.ReceiverAuthorizer)
		case "token":
			return s.repeated(&c.Token)
		case "salt":
			return s.repeated(&c.Salt)
		case "withdrawDelay":
			v, ok := s.uint()
			c.WithdrawDelay = v
			return ok
		}
		return false
	})
}

func (s *scanner) voucher(v *Voucher) bool {
	return s.object(func(key []byte) bool {
		switch string(key) {
		case "channelId":
			return s.repeated(&v.ChannelID)
		case "maxClaimableAmount":
			return s.str(&v.MaxClaimableAmount)
		case "signature":
			return s.str(&v.Signature)
		}
		return false
	})
}

func (s *scanner) deposit(d *Deposit) bool {
	return s.object(func(key []byte) bool {
		switch string(key) {
		case "amount":
			return s.str(&d.Amount)
		case "authorization":
			return s.object(func(key []byte) bool {
				if string(key) != "erc3009Authorization" {
					return false // a permit2 deposit is refused by name, rarely: encoding/json reads it
				}
				a := new(ERC3009Deposit)
				d.Authorization.ERC3009 = a
				return s.object(func(key []byte) bool {
					switch string(key) {
					case "validAfter":
						return s.str(&a.ValidAfter)
					case "validBefore":
						return s.str(&a.ValidBefore)
					case "salt":
						return s.str(&a.Salt)
					case "signature":
						return s.str(&a.Signature)
					}
					return false
				})
			})
		}
		return false
	})
}

// skipValue passes over the value of an extensions member at i (after
// white space) and returns the index after it, checking its grammar as
// encoding/json does: strings are not checked for UTF-8, as encoding/json
// keeps a raw value's bytes as sent. A value nested deeper than
// maxScanDepth, the member counting as 1, is not read. It keeps the
// brackets that close the objects and arrays it is in, not a call for
// each, and the index in a variable rather than a Lexer's field: most of
// the extensions are short values in small objects, each read from where
// the last ended.
func skipValue(b []byte, i int) (int, bool) {
	var closes [maxScanDepth]byte
	open := 0
	for {
		if open == maxScanDepth {
			return i, false
		}
		if i = space(b, i); i == len(b) {
			return i, false
		}
		ok := true
		switch c := b[i]; c {
		case '[', '{':
			closing := c + 2 // ']' and '}'
			if i = space(b, i+1); i < len(b) && b[i] == closing {
				i++
				break
			}
			closes[open] = closing
			open++
			if closing == '}' {
				if _, i, ok = skipKey(b, i); !ok {
					return i, false
				}
			}
			continue
		case '"':
			i, ok = skipString(b, i)
		case 't':
			i, ok = literal(b, i, "true")
		case 'f':
			i, ok = literal(b, i, "false")
		case 'n':
			i, ok = literal(b, i, "null")
		default:
			l := Lexer{b, i} // numbers are rare here
			_, ok = l.Number()
			i = l.i
		}
		if !ok {
			return i, false
		}
		// A value is read: close the objects and arrays it ends, then on
		// to the next item.
		for ; open > 0; open-- {
			if i = space(b, i); i < len(b) && b[i] == ',' {
				i++
				break
			}
			if i == len(b) || b[i] != closes[open-1] {
				return i, false
			}
			i++
		}
		if open == 0 {
			return i, true
		}
		if closes[open-1] == '}' {
			if _, i, ok = skipKey(b, i); !ok {
				return i, false
			}
		}
	}
}

// skipKey passes over an object member's key at i (after white space) and
// its colon, and returns the key's bytes as sent, escapes and all, and the
// index after the colon.
func skipKey(b []byte, i int) ([]byte, int, bool) {
	if i = space(b, i); i == len(b) || b[i] != '"' {
		return nil, i, false
	}
	start := i
	i, ok := skipString(b, i)
	if !ok {
		return nil, i, false
	}
	key := b[start+1 : i-1]
	if i = space(b, i); i == len(b) || b[i] != ':' {
		return nil, i, false
	}
	return key, i + 1, true
}

// skipString passes over the string at i, escapes included, and returns
// the index after it.
func skipString(b []byte, i int) (int, bool) {
	i++ // the opening quote
	for {
		if i = stringRun(b, i, false); i == len(b) {
			return i, false
		}
		c := b[i]
		i++
		switch c {
		case '"':
			return i, true
		case '\\':
			if i == len(b) {
				return i, false
			}
			e := b[i]
			i++
			switch e {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			case 'u':
				if len(b)-i < 4 {
					return i, false
				}
				for _, h := range b[i : i+4] {
					if !('0' <= h && h <= '9' || 'a' <= h && h <= 'f' || 'A' <= h && h <= 'F') {
						return i, false
					}
				}
				i += 4
			default:
				return i, false
			}
		default:
			return i, false // a control byte
		}
	}
}
