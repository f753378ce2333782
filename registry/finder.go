package registry

import (
	"bytes"
	"encoding/json"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"
)

// Route-finder weights: a tool whose name is the query beats one whose name
// holds a query word, which beats a category word, which beats a word of the
// description.
const (
	scoreExactName   = 100
	scoreNameWord    = 20
	scoreNamePrefix  = 8
	scoreCategory    = 10
	scoreDescription = 3
)

// match is one route-finder result without its score; it is marshalled once.
type match struct {
	Name           string        `json:"name"`
	Category       string        `json:"category"`
	Description    string        `json:"description"`
	PriceUSD       string        `json:"price_usd"`
	Endpoint       string        `json:"endpoint"`
	Quote          string        `json:"quote"`
	ToolPage       string        `json:"tool_page"`
	BuyerContract  BuyerContract `json:"buyer_contract"`
	ApprovalPrompt string        `json:"approval_prompt"`
	ExpectedResult string        `json:"expected_result"`
}

type paymentBoundary struct {
	Network       string `json:"network"`
	AssetContract string `json:"asset_contract"`
	PayTo         string `json:"pay_to"`
	ReceiptSchema string `json:"receipt_schema"`
}

// finder ranks the catalog for a query; each tool's match is prebuilt.
type finder struct {
	service  string
	boundary paymentBoundary
	entries  []finderEntry
}

type finderEntry struct {
	name        string
	nameWords   []string
	category    []string
	description []string
	match       []byte // the match object's JSON, without the score
}

func newFinder(s Site, tools []*Tool) (*finder, error) {
	f := &finder{
		service:  s.Service,
		boundary: paymentBoundary{s.Network, s.AssetContract, s.PayTo, s.URL(PathReceiptSchema)},
	}
	for _, t := range tools {
		m, err := json.Marshal(match{
			Name: t.Name, Category: t.Category, Description: t.Description, PriceUSD: t.Price,
			Endpoint: s.Endpoint(t), Quote: s.QuoteURL(t), ToolPage: s.ToolPage(t),
			BuyerContract: s.Contract(t), ApprovalPrompt: s.ApprovalPrompt(t), ExpectedResult: t.Expected,
		})
		if err != nil {
			return nil, err
		}
		f.entries = append(f.entries, finderEntry{
			name:        t.Name,
			nameWords:   words(t.Name),
			category:    words(t.Category),
			description: words(t.Description),
			match:       m,
		})
	}
	return f, nil
}

// scored writes {"score":N, ...match}.
type scored struct {
	score int
	match []byte
}

func (m scored) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteString(`{"score":`)
	b.WriteString(strconv.Itoa(m.score))
	b.WriteByte(',')
	b.Write(m.match[1:])
	return b.Bytes(), nil
}

type findResult struct {
	Service         string          `json:"service"`
	Query           string          `json:"query"`
	Count           int             `json:"count"`
	Matches         []scored        `json:"matches"`
	PaymentBoundary paymentBoundary `json:"payment_boundary"`
}

// find ranks every tool for q, best first, ties in catalog order. An empty
// query lists the whole catalog with score 0.
func (f *finder) find(q string) findResult {
	q = strings.TrimSpace(q)
	matches := []scored{}
	for _, e := range f.entries {
		n := e.score(q)
		if n > 0 || q == "" {
			matches = append(matches, scored{n, e.match})
		}
	}
	sort.SliceStable(matches, func(i, j int) bool { return matches[i].score > matches[j].score })
	return findResult{f.service, q, len(matches), matches, f.boundary}
}

func (e finderEntry) score(q string) int {
	qw := words(q)
	if len(qw) == 0 {
		return 0
	}
	n := 0
	if strings.Join(qw, "_") == strings.Join(e.nameWords, "_") {
		n += scoreExactName
	}
	for _, w := range qw {
		switch {
		case slices.Contains(e.nameWords, w):
			n += scoreNameWord
		case slices.ContainsFunc(e.nameWords, func(nw string) bool { return len(w) >= 3 && strings.HasPrefix(nw, w) }):
			n += scoreNamePrefix
		}
		if slices.Contains(e.category, w) {
			n += scoreCategory
		}
		if slices.Contains(e.description, w) {
			n += scoreDescription
		}
	}
	return n
}

// stopWords carry no meaning for ranking.
var stopWords = map[string]bool{
	"a": true, "an": true, "and": true, "the": true, "of": true, "for": true, "to": true, "in": true,
	"on": true, "with": true, "by": true, "or": true, "is": true, "from": true, "at": true,
}

// words splits text into lower-case words at anything that is not a letter
// or digit (snake_case and kebab-case split too) and drops a plural "s", so
// "recalls" finds "recall".
func words(text string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	}) {
		if stopWords[w] {
			continue
		}
		if len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") {
			w = w[:len(w)-1]
		}
		out = append(out, w)
	}
	return out
}
