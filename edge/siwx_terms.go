package edge

import (
	"bytes"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/coinslot/coinslot/config"
	"github.com/coinslot/coinslot/edge/x402"
)

// signInTerms are an offer's 402 document with a sign-in-with-x challenge,
// encoded once with stand-ins for the values each challenge has of its
// own: a 402 splices its fresh values in instead of encoding the whole
// document again. The values (a hex nonce, ISO 8601 times) are written in
// JSON as they are.
type signInTerms struct {
	extensions challengeTemplate // the document's extensions object
	document   challengeTemplate // the whole document, as PAYMENT-REQUIRED carries it
	header     []byte            // the document with the stand-ins, in base64
}

// challengeTemplate is a document encoded with the stand-ins.
type challengeTemplate struct {
	doc   []byte
	at    [3]int // where each stand-in lies in doc
	order [3]int // the stand-ins by where they lie
}

// standIns are the values the templates are encoded with, each found once
// in an encoded document, and each as long as the values it stands for,
// so a 402's header differs from the template's only where they lie.
var standIns = challengeValues{
	standIn("siwx-stand-in-nonce", hex.EncodedLen(nonceBody+nonceMAC)),
	standIn("siwx-issued-at", len(siwxTime(time.Time{}))),
	standIn("siwx-expires-at", len(siwxTime(time.Time{}))),
}

func standIn(name string, n int) string { return name + strings.Repeat("-", n-len(name)) }

// newSignInTerms encodes o's 402 document with a challenge under cfg.
func newSignInTerms(cfg *config.Config, o *offer) (*signInTerms, error) {
	ext, err := challengeFor(cfg, o.terms.Resource, signInChains(o), standIns)
	if err != nil {
		return nil, err
	}
	r, err := x402.WithExtensions(o.terms.Required, map[string]any{x402.SignInWithX: ext})
	if err != nil {
		return nil, err
	}
	doc, err := json.Marshal(r)
	if err != nil {
		return nil, err
	}
	t := &signInTerms{header: x402.AppendHeader(nil, doc)}
	if t.extensions, err = newChallengeTemplate(r.Extensions); err != nil {
		return nil, fmt.Errorf("tool %s: %w", o.tool.Name, err)
	}
	if t.document, err = newChallengeTemplate(doc); err != nil {
		return nil, fmt.Errorf("tool %s: %w", o.tool.Name, err)
	}
	// headerWith encodes each value anew in the base64 groups of 3 bytes
	// it touches; two values sharing a group could not be.
	for i := 1; i < len(t.document.order); i++ {
		prev, next := t.document.order[i-1], t.document.order[i]
		if t.document.at[next]/3 <= (t.document.at[prev]+len(standIns[prev])-1)/3 {
			return nil, fmt.Errorf("tool %s: the challenge's values share a base64 group", o.tool.Name)
		}
	}
	return t, nil
}

// newChallengeTemplate finds the stand-ins in doc.
func newChallengeTemplate(doc []byte) (challengeTemplate, error) {
	t := challengeTemplate{doc: doc, order: [3]int{0, 1, 2}}
	for v, standIn := range standIns {
		quoted := []byte(`"` + standIn + `"`)
		if n := bytes.Count(doc, quoted); n != 1 {
			return challengeTemplate{}, fmt.Errorf("the encoded challenge holds %s %d times", standIn, n)
		}
		t.at[v] = bytes.Index(doc, quoted) + 1
	}
	slices.SortFunc(t.order[:], func(a, b int) int { return t.at[a] - t.at[b] })
	return t, nil
}

// with is the document with the challenge's values v.
func (t challengeTemplate) with(v challengeValues) []byte {
	n := len(t.doc)
	for i := range v {
		n += len(v[i]) - len(standIns[i])
	}
	b := make([]byte, 0, n)
	from := 0
	for _, i := range t.order {
		b = append(append(b, t.doc[from:t.at[i]]...), v[i]...)
		from = t.at[i] + len(standIns[i])
	}
	return append(b, t.doc[from:]...)
}

// headerWith is the PAYMENT-REQUIRED value of the document with the
// challenge's values v: the template's, the groups holding the values
// encoded anew.
func (t *signInTerms) headerWith(v challengeValues) string {
	for i := range v {
		if len(v[i]) != len(standIns[i]) { // the document's length changes: encode it whole
			return string(x402.AppendHeader(nil, t.document.with(v)))
		}
	}
	var b strings.Builder
	b.Grow(len(t.header))
	written := 0 // of the template's header
	var group, encoded [128]byte
	for _, i := range t.document.order {
		at := t.document.at[i]
		from, to := at/3*3, min((at+len(v[i])+2)/3*3, len(t.document.doc))
		src := append(group[:0], t.document.doc[from:to]...)
		copy(src[at-from:], v[i])
		b.Write(t.header[written : from/3*4])
		b.Write(base64.StdEncoding.AppendEncode(encoded[:0], src))
		written = from/3*4 + base64.StdEncoding.EncodedLen(len(src))
	}
	b.Write(t.header[written:])
	return b.String()
}
