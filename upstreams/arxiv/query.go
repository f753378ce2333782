package arxiv

import (
	"encoding/xml"
	"net/url"
	"strconv"
	"strings"

	"github.com/coinslot/coinslot/lexical"
	"github.com/coinslot/coinslot/upstreams"
)

// Query builds GET /query by relevance. searchQuery uses arXiv's fielded
// syntax, e.g. `all:transformer AND cat:cs.LG`.
func Query(searchQuery string, max int) *upstreams.Request {
	v := url.Values{"search_query": {searchQuery}, "start": {"0"}, "max_results": {strconv.Itoa(max)},
		"sortBy": {"relevance"}, "sortOrder": {"descending"}}
	return &upstreams.Request{Source: Source.Name, URL: Source.BaseURL + "/query?" + v.Encode()}
}

// Paper is one feed entry.
type Paper struct {
	ID              string   `json:"id"`
	Title           string   `json:"title"`
	Summary         string   `json:"summary"`
	Authors         []string `json:"authors"`
	Published       string   `json:"published"`
	Updated         string   `json:"updated"`
	PrimaryCategory string   `json:"primary_category"`
	Categories      []string `json:"categories"`
	DOI             string   `json:"doi,omitempty"`
	JournalRef      string   `json:"journal_ref,omitempty"`
	Comment         string   `json:"comment,omitempty"`
	AbsURL          string   `json:"abs_url"`
	PDFURL          string   `json:"pdf_url"`
}

// Feed is one decoded answer.
type Feed struct {
	TotalResults int
	Papers       []Paper
}

// Elements are matched by namespace URI: the prefixes vary between answers.
type feed struct {
	XMLName      xml.Name `xml:"http://www.w3.org/2005/Atom feed"`
	TotalResults string   `xml:"http://a9.com/-/spec/opensearch/1.1/ totalResults"`
	Entries      []entry  `xml:"http://www.w3.org/2005/Atom entry"`
}

type entry struct {
	ID        string `xml:"http://www.w3.org/2005/Atom id"`
	Title     string `xml:"http://www.w3.org/2005/Atom title"`
	Summary   string `xml:"http://www.w3.org/2005/Atom summary"`
	Published string `xml:"http://www.w3.org/2005/Atom published"`
	Updated   string `xml:"http://www.w3.org/2005/Atom updated"`
	Authors   []struct {
		Name string `xml:"http://www.w3.org/2005/Atom name"`
	} `xml:"http://www.w3.org/2005/Atom author"`
	Links []struct {
		Href  string `xml:"href,attr"`
		Rel   string `xml:"rel,attr"`
		Title string `xml:"title,attr"`
	} `xml:"http://www.w3.org/2005/Atom link"`
	Categories []struct {
		Term string `xml:"term,attr"`
	} `xml:"http://www.w3.org/2005/Atom category"`
	Primary struct {
		Term string `xml:"term,attr"`
	} `xml:"http://arxiv.org/schemas/atom primary_category"`
	DOI        string `xml:"http://arxiv.org/schemas/atom doi"`
	JournalRef string `xml:"http://arxiv.org/schemas/atom journal_ref"`
	Comment    string `xml:"http://arxiv.org/schemas/atom comment"`
}

// DecodeFeed reads an Atom answer. arXiv reports a bad query as a feed whose
// only entry is titled "Error".
func DecodeFeed(body []byte) (Feed, error) {
	var f feed
	if err := xml.Unmarshal(body, &f); err != nil {
		return Feed{}, upstreams.Errorf(Source.Name, upstreams.BadAnswer, "the answer is not an Atom feed")
	}
	if len(f.Entries) == 1 && strings.TrimSpace(f.Entries[0].Title) == "Error" {
		return Feed{}, upstreams.Errorf(Source.Name, upstreams.BadAnswer, "arXiv rejected the query: %s", lexical.Collapse(f.Entries[0].Summary))
	}
	total, err := strconv.Atoi(strings.TrimSpace(f.TotalResults))
	if err != nil {
		return Feed{}, upstreams.Errorf(Source.Name, upstreams.BadAnswer, "the feed has no result count")
	}
	out := Feed{TotalResults: total, Papers: make([]Paper, 0, len(f.Entries))}
	for _, e := range f.Entries {
		p := Paper{ID: idOf(e.ID), Title: lexical.Collapse(e.Title), Summary: lexical.Collapse(e.Summary), Authors: []string{},
			Published: e.Published, Updated: e.Updated, PrimaryCategory: e.Primary.Term, Categories: []string{},
			DOI: strings.TrimSpace(e.DOI), JournalRef: lexical.Collapse(e.JournalRef), Comment: lexical.Collapse(e.Comment)}
		for _, a := range e.Authors {
			p.Authors = append(p.Authors, lexical.Collapse(a.Name))
		}
		for _, c := range e.Categories {
			p.Categories = append(p.Categories, c.Term)
		}
		for _, l := range e.Links {
			switch {
			case l.Rel == "alternate":
				p.AbsURL = https(l.Href)
			case l.Title == "pdf":
				p.PDFURL = https(l.Href)
			}
		}
		out.Papers = append(out.Papers, p)
	}
	return out, nil
}

// idOf takes the versioned id from an abs URL: http://arxiv.org/abs/1706.01836v2.
func idOf(absURL string) string {
	_, id, ok := strings.Cut(strings.TrimSpace(absURL), "/abs/")
	if !ok {
		return strings.TrimSpace(absURL)
	}
	return id
}

// https upgrades the feed's http links; arxiv.org serves the same pages over TLS.
func https(u string) string {
	if rest, ok := strings.CutPrefix(u, "http://"); ok {
		return "https://" + rest
	}
	return u
}
