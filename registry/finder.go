package registry

import (
	"bytes"
	"encoding/json"
	"math"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/coinslot/coinslot/lexical"
)

// The route finder ranks tools with BM25F: each query word is looked up in
// a tool's name, synonyms (the words people ask for it with), path,
// category and description, weighted per field, its
// repetitions saturating (k1) and long fields discounted (b), and rare words
// count for more than words every tool has. A field's weight above the
// description's is given in proportion to how rare the word is: a word
// many tools have ("market", "data", "scan") in a tool's name says little
// more than in its description. A word matches a tool's word exactly,
// through an alias (a venue's real name for its identifier), as the start
// of a longer word, or, when the catalog has no such word, with one small
// typo in a word of five letters or more ("burn" is no typo of "turn");
// the looser the match, the less it counts. Two query words that stand
// side by side in a field of the tool, a phrase, count once more.
const (
	bm25K1 = 1.2
	bm25B  = 0.75

	weightName        = 3.0
	weightSynonyms    = 2.0
	weightPath        = 1.5
	weightCategory    = 1.5
	weightDescription = 1.0

	matchPrefix = 0.6 // "earth" in "earthquake"
	matchTypo   = 0.5 // "kalhsi" for "kalshi"

	bonusExactName = 10.0 // the query is a tool's name
	// Two query words side by side that stand side by side, in either
	// order, in a field of the tool ("air quality", "price change") add
	// this share of their mean idf, times the field's weight.
	bonusPair  = 1.0
	scoreScale = 100 // scores are published as integers

	// A match is strong when it covers at least fitStrong of what the query
	// asks: each query word weighs its idf, capped at that of a word one
	// tool has, since a word no tool has is as often the request itself
	// ("phishing") as its argument ("tokyo"); a word counts by how firmly
	// the tool holds it, tf/(tf+fitK), so one mention in a description
	// counts a fifth and a name or synonyms most of it. Below the bar the
	// tool shares only a loose or generic word with the question. The
	// values part the tuning set's answered questions from those no tool
	// answers.
	fitStrong = 0.15
	fitK      = 4.0
)

// fields of a tool, in the order of fieldWeights.
const (
	fieldName = iota
	fieldSynonyms
	fieldPath
	fieldCategory
	fieldDescription
	fieldCount
)

var fieldWeights = [fieldCount]float64{weightName, weightSynonyms, weightPath, weightCategory, weightDescription}

// aliasWords are words that name the same thing: the catalog's identifiers
// keep venueA and venueB, buyers ask for Polymarket and Kalshi; names
// abbreviate.
var aliasWords = map[string][]string{
	"polymarket": {"venuea"}, "venuea": {"polymarket"},
	"kalshi": {"venueb"}, "venueb": {"kalshi"},
	"arb": {"arbitrage"}, "arbitrage": {"arb"},
	"quake": {"earthquake"}, "earthquake": {"quake"},
	"btc": {"bitcoin"}, "bitcoin": {"btc"},
	"gov": {"government"}, "government": {"gov"},
	"env": {"environment"}, "environment": {"env"},
	"cve": {"vulnerability"}, "vulnerability": {"cve"},
}

// aliases are aliasWords as stems, the words they are looked up as:
// "earthquakes" is "earthquak", and reaches "quak".
var aliases = func() map[string][]string {
	m := map[string][]string{}
	for k, vs := range aliasWords {
		for _, v := range vs {
			m[stem(k)] = append(m[stem(k)], stem(v))
		}
	}
	return m
}()

// match is one route-finder result without its score and fit; it is
// marshalled once.
type match struct {
	Name           string        `json:"name"`
	Category       string        `json:"category"`
	Description    string        `json:"description"`
	PriceUSD       string        `json:"price_usd"`
	Upto           *upto         `json:"upto,omitempty"`
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
	avgLen   [fieldCount]float64 // mean words per field over the catalog
	vocab    []string            // every word of every field, once
	known    map[string]bool     // the words of vocab
	idfOne   float64             // the idf of a word one tool has
}

type finderEntry struct {
	name   string // the tool's name as words joined by "_"
	fields [fieldCount][]string
	pairs  map[[2]string]float64 // neighbouring words, both orders, and the heaviest field's weight
	match  []byte                // the match object's JSON, without the score
}

func newFinder(s Site, tools []*Tool) (*finder, error) {
	f := &finder{
		service:  s.Service,
		boundary: paymentBoundary{s.Network, s.AssetContract, s.PayTo, s.URL(PathReceiptSchema)},
	}
	for _, t := range tools {
		m, err := json.Marshal(match{
			Name: t.Name, Category: t.Category, Description: t.Description, PriceUSD: t.Price, Upto: t.upto(),
			Endpoint: s.Endpoint(t), Quote: s.QuoteURL(t), ToolPage: s.ToolPage(t),
			BuyerContract: s.Contract(t), ApprovalPrompt: s.ApprovalPrompt(t), ExpectedResult: t.Expected,
		})
		if err != nil {
			return nil, err
		}
		e := finderEntry{
			name:   strings.Join(words(t.Name), "_"),
			fields: [fieldCount][]string{words(t.Name), words(strings.Join(t.Synonyms, " ")), words(t.Path), words(t.Category), words(t.Description)},
			pairs:  map[[2]string]float64{},
			match:  m,
		}
		pair := func(ws []string, weight float64) {
			for i := 1; i < len(ws); i++ {
				for _, p := range [][2]string{{ws[i-1], ws[i]}, {ws[i], ws[i-1]}} {
					e.pairs[p] = max(e.pairs[p], weight)
				}
			}
		}
		pair(e.fields[fieldName], weightName)
		for _, syn := range t.Synonyms { // a pair never spans two synonyms
			pair(words(syn), weightSynonyms)
		}
		pair(e.fields[fieldDescription], weightDescription)
		f.entries = append(f.entries, e)
	}
	seen := map[string]bool{}
	for w := range aliases { // "arbitrag" reaches the arb tools through "arbitrage"
		seen[w] = true
		f.vocab = append(f.vocab, w)
	}
	slices.Sort(f.vocab)
	f.known = seen
	f.idfOne = f.idfOf(1)
	for _, e := range f.entries {
		for i, ws := range e.fields {
			f.avgLen[i] += float64(len(ws)) / float64(len(f.entries))
			for _, w := range ws {
				if !seen[w] {
					seen[w] = true
					f.vocab = append(f.vocab, w)
				}
			}
		}
	}
	return f, nil
}

// scored writes {"score":N,"match":"strong"|"weak", ...match}.
type scored struct {
	score  int
	strong bool
	match  []byte
}

func (m scored) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteString(`{"score":`)
	b.WriteString(strconv.Itoa(m.score))
	if m.strong {
		b.WriteString(`,"match":"strong",`)
	} else {
		b.WriteString(`,"match":"weak",`)
	}
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

// find ranks every tool for q: strong matches, then weak ones, each best
// first, ties in catalog order. An empty query lists the whole catalog with
// score 0, every tool a strong match.
func (f *finder) find(q string) findResult {
	q = strings.TrimSpace(q)
	qw := words(argumentKinds(q))
	terms := make([]term, len(qw))
	for i, w := range qw {
		v := f.variants(w)
		terms[i] = term{v, f.idf(v)}
	}
	name := strings.Join(qw, "_")
	pairs := make([]pairTerm, 0, max(len(qw)-1, 0))
	for i := 1; i < len(qw); i++ {
		if qw[i] != qw[i-1] {
			pairs = append(pairs, pairTerm{[2]string{qw[i-1], qw[i]}, (terms[i-1].idf + terms[i].idf) / 2})
		}
	}
	matches := []scored{}
	for _, e := range f.entries {
		if len(qw) == 0 {
			if q == "" {
				matches = append(matches, scored{0, true, e.match})
			}
			continue
		}
		s, fit := f.score(e, name, terms)
		for _, p := range pairs {
			s += bonusPair * p.idf * e.pairs[p.words] / weightName
		}
		if n := int(math.Round(scoreScale * s)); n > 0 {
			matches = append(matches, scored{n, fit >= fitStrong, e.match})
		}
	}
	sort.SliceStable(matches, func(i, j int) bool {
		if matches[i].strong != matches[j].strong {
			return matches[i].strong
		}
		return matches[i].score > matches[j].score
	})
	return findResult{f.service, q, len(matches), matches, f.boundary}
}

// argumentShapes are the shapes of values a question may carry, with the
// words that name what they are: "where is 8.8.8.8" asks about an IP
// address, and its digits are no 8-K; "978-0-14-312755-0" is an ISBN,
// "march 3" a date. A value with no meaning in its characters (an
// address, a number, a URL's path) is replaced by its kind.
var argumentShapes = []struct {
	re   *regexp.Regexp
	with string
}{
	{regexp.MustCompile(`(?i)\bhttps?://\S+`), " web page url "},
	{regexp.MustCompile(`\b\d{4}-\d{2}-\d{2}\b`), " date "},
	{regexp.MustCompile(`(?i)\b(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.? \d{1,2}(st|nd|rd|th)?\b`), " date "},
	{regexp.MustCompile(`(?i)\bCVE-\d{4}-\d{4,}\b`), " CVE "},
	{regexp.MustCompile(`\b10\.\d{4,9}/\S+`), " DOI "},
	{regexp.MustCompile(`\b\d{1,3}(\.\d{1,3}){3}\b`), " IP address "},
	{regexp.MustCompile(`\b97[89]-?(\d-?){9}\d\b`), " ISBN "},
	{regexp.MustCompile(`\b(bc1[a-z0-9]{25,59}|[13][a-km-zA-HJ-NP-Z1-9]{25,34})\b`), " bitcoin address "},
}

// argumentKinds rewrites the values in q that argumentShapes recognise.
func argumentKinds(q string) string {
	for _, a := range argumentShapes {
		q = a.re.ReplaceAllString(q, a.with)
	}
	return q
}

// term is a query word: the catalog's words it stands for, with how much
// each counts, and how rare they are.
type term struct {
	variants map[string]float64
	idf      float64
}

// pairTerm is two neighbouring query words and their mean idf.
type pairTerm struct {
	words [2]string
	idf   float64
}

// variants are the catalog's words a query word stands for, with how much
// each counts. A loose match carries the matched word's aliases along, so
// "kalhsi" finds venueB as "kalshi" would.
func (f *finder) variants(w string) map[string]float64 {
	v := map[string]float64{}
	add := func(word string, m float64) {
		for _, x := range append([]string{word}, aliases[word]...) {
			v[x] = max(v[x], m)
		}
	}
	add(w, 1)
	known := f.known[w] // a word the catalog has is spelt as meant: "stock" is no typo of "stack"
	for _, cw := range f.vocab {
		if _, ok := v[cw]; ok {
			continue
		}
		switch {
		case len(w) >= 3 && strings.HasPrefix(cw, w):
			add(cw, matchPrefix)
		case len(w) >= 4 && w[len(w)-1] == 'e' && len(cw) >= len(w) && strings.HasPrefix(cw, w[:len(w)-1]):
			add(cw, matchPrefix) // "dose" in "dosage", but "plane" is not "plan"
		case !known && len(w) >= 5 && withinTypos(w, cw):
			add(cw, matchTypo)
		}
	}
	return v
}

// score is e's BM25F score for the query words' variants, scaled by the
// share of the query it matches, each word weighing its idf and counted as
// closely as it matches (a tool about both venues beats one that only
// repeats one of them, and one holding the rare word of a question beats one
// holding its common ones), and its fit, the share of the query it covers;
// name is the query as a tool name.
func (f *finder) score(e finderEntry, name string, terms []term) (score, fit float64) {
	matched, total, weight := 0.0, 0.0, 0.0
	for _, t := range terms {
		tf, held, closest := 0.0, 0.0, 0.0
		spec := min(t.idf/f.idfOne, 1)
		for i, ws := range e.fields {
			n := 0.0
			for _, w := range ws {
				n += t.variants[w]
				closest = max(closest, t.variants[w])
			}
			n /= 1 - bm25B + bm25B*float64(len(ws))/max(f.avgLen[i], 1)
			tf += (1 + (fieldWeights[i]-1)*spec) * n
			held += fieldWeights[i] * n
		}
		w := min(t.idf, f.idfOne)
		weight += w
		total += t.idf
		if tf > 0 {
			score += t.idf * tf * (bm25K1 + 1) / (tf + bm25K1)
			fit += w * closest * held / (held + fitK)
			matched += t.idf * closest
		}
	}
	score *= matched / max(total, 1e-9)
	if name == e.name {
		score += bonusExactName
	}
	return score, fit / weight
}

// idf weighs a query word by how few tools have any of its variants.
func (f *finder) idf(v map[string]float64) float64 {
	df := 0
	for _, e := range f.entries {
		if slices.ContainsFunc(e.fields[:], func(ws []string) bool {
			return slices.ContainsFunc(ws, func(w string) bool { return v[w] > 0 })
		}) {
			df++
		}
	}
	return f.idfOf(df)
}

// idfOf is BM25's idf of a word df of the tools have.
func (f *finder) idfOf(df int) float64 {
	n := float64(len(f.entries))
	return math.Log(1 + (n-float64(df)+0.5)/(float64(df)+0.5))
}

// withinTypos reports whether a and b differ by one edit (insertion,
// deletion, substitution or transposition of neighbours), or two for words
// of eight letters or more.
func withinTypos(a, b string) bool {
	limit := 1
	if len(a) >= 8 {
		limit = 2
	}
	if d := len(a) - len(b); d > limit || -d > limit {
		return false
	}
	return lexical.Distance(a, b) <= limit
}

// stopWords carry no meaning for ranking: articles, prepositions, the words
// a question is phrased with ("what is this", "show me"), the tails of
// contractions ("what's") and fillers that say when, not what ("right now",
// "today": every tool answers as of now), the asides of a conversation
// ("quick", "thanks", "what's happening") and the words a question asks for
// information with, whatever its subject ("check", "look up", "info",
// "details", "latest"). A word whose stem is a stop word is one too:
// "whats".
var stopWords = map[string]bool{
	"a": true, "an": true, "and": true, "the": true, "of": true, "for": true, "to": true, "in": true,
	"on": true, "with": true, "by": true, "or": true, "is": true, "from": true, "at": true,
	"are": true, "be": true, "do": true, "does": true, "can": true, "i": true, "me": true, "my": true,
	"we": true, "our": true, "you": true, "your": true, "it": true, "its": true, "this": true, "that": true,
	"these": true, "what": true, "which": true, "who": true, "how": true, "when": true, "where": true,
	"there": true, "any": true, "about": true, "against": true, "get": true, "show": true, "find": true,
	"give": true, "tell": true, "want": true, "need": true, "please": true, "much": true,
	"many": true, "s": true, "t": true, "d": true, "ll": true, "m": true, "re": true, "ve": true,
	"will": true, "would": true, "could": true, "should": true, "has": true, "have": true, "had": true,
	"was": true, "were": true, "been": true, "if": true, "so": true, "just": true, "some": true,
	"really": true, "like": true, "know": true, "let": true, "them": true, "their": true, "they": true,
	"now": true, "right": true, "rn": true, "today": true, "tonight": true, "currently": true,
	"lately": true, "asap": true, "recently": true, "yesterday": true, "pls": true, "plz": true,
	"hey": true, "hi": true, "also": true, "still": true, "here": true, "than": true, "into": true,
	"up": true, "out": true, "anything": true, "everything": true, "something": true, "thing": true,
	"kind": true, "sort": true, "maybe": true, "possible": true, "someone": true, "anyone": true,
	"as": true, "more": true, "happen": true, "going": true, "moment": true, "quick": true, "quickly": true,
	"help": true, "thank": true, "thanks": true, "ok": true, "okay": true, "hello": true, "wonder": true,
	"im": true, "ive": true, "dont": true, "wanna": true, "gonna": true, "got": true, "people": true, "question": true, "favor": true,
	"see": true, "think": true, "u": true, "ur": true, "yo": true,
	"check": true, "look": true, "info": true, "information": true, "detail": true, "latest": true,
	"again": true, "those": true, "according": true, "around": true, "near": true, "over": true, "across": true,
}

// words splits text into lower-case words at anything that is not a letter
// or digit (snake_case and kebab-case split too), drops stop words and
// reduces each word to its stem, so "recalls" finds "recall" and "priced"
// finds "pricing". A stop word in capitals is an acronym and stays: "WHO",
// "US".
func words(text string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(text, func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	}) {
		lw := strings.ToLower(w)
		if len(w) > 1 && w == strings.ToUpper(w) {
			out = append(out, stem(lw))
		} else if sw := stem(lw); !stopWords[lw] && !stopWords[sw] {
			out = append(out, sw)
		}
	}
	return out
}

// stem strips the common English inflections, plurals, -ing and -ed, then
// a final silent e, so that "cite", "cites", "cited" and "citing" are one
// word. As in Porter's stemmer, a short word ending consonant-vowel-
// consonant keeps its e, and gets it back once -ing or -ed is gone: "plane"
// and "planes" stay apart from "plan" and "planning", "price" and "pricing"
// meet at "price".
func stem(w string) string {
	switch {
	case len(w) <= 3, invariant[w]:
		return w
	case strings.HasSuffix(w, "ies") && len(w) > 4:
		w = w[:len(w)-3] + "y"
	case strings.HasSuffix(w, "sses"), strings.HasSuffix(w, "ches"), strings.HasSuffix(w, "shes"), strings.HasSuffix(w, "xes"):
		w = w[:len(w)-2]
	case strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && !strings.HasSuffix(w, "us") && !strings.HasSuffix(w, "is"):
		w = w[:len(w)-1]
	case strings.HasSuffix(w, "ing") && len(w) > 5:
		return restoreE(w[:len(w)-3])
	case strings.HasSuffix(w, "ed") && len(w) > 4:
		return restoreE(w[:len(w)-2])
	}
	if len(w) > 3 && strings.HasSuffix(w, "e") && !strings.HasSuffix(w, "ee") && !shortSyllable(w[:len(w)-1]) {
		w = w[:len(w)-1]
	}
	return w
}

// restoreE is what is left of a word once -ing or -ed is gone: a doubled
// consonant undoubled ("betting" is "bet"), or the silent e a short
// syllable had ("citing" is "cite").
func restoreE(w string) string {
	if u := undouble(w); u != w {
		return u
	}
	if shortSyllable(w) {
		return w + "e"
	}
	return w
}

// shortSyllable reports whether w is one syllable ending consonant, vowel,
// consonant (not w, x or y), Porter's measure 1 with *o: "plan", "cit",
// "pric", but not "comput" or "rain".
func shortSyllable(w string) bool {
	n := len(w)
	if n < 3 {
		return false
	}
	vowel := make([]bool, n)
	for i := range n {
		switch w[i] {
		case 'a', 'e', 'i', 'o', 'u':
			vowel[i] = true
		case 'y':
			vowel[i] = i > 0 && !vowel[i-1]
		}
	}
	if vowel[n-3] || !vowel[n-2] || vowel[n-1] || strings.ContainsRune("wxy", rune(w[n-1])) {
		return false
	}
	for i := 1; i < n-2; i++ { // no vowel-consonant before the last one
		if vowel[i-1] && !vowel[i] {
			return false
		}
	}
	return true
}

// invariant are words that end like an inflection and are none: "news" is
// not the plural of "new".
var invariant = map[string]bool{"news": true}

// undouble drops the consonant English doubles before -ing and -ed, so
// "betting" finds "bet" and "shipped" "ship"; l, s and z stay doubled
// ("falling" is "fall", "passed" "pass").
func undouble(w string) string {
	n := len(w)
	if n >= 3 && w[n-1] == w[n-2] && !strings.ContainsRune("aeiouylsz", rune(w[n-1])) {
		return w[:n-1]
	}
	return w
}
