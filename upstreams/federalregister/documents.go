package federalregister

import (
	"net/url"
	"strconv"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

// Document types as the search filter spells them.
const (
	Rule         = "RULE"
	ProposedRule = "PRORULE"
	Notice       = "NOTICE"
	Presidential = "PRESDOCU"
)

// documentFields is the projection every search asks for.
var documentFields = []string{
	"title", "type", "abstract", "document_number", "html_url", "pdf_url", "publication_date",
	"agencies", "significant", "comments_close_on", "effective_on",
}

// Search selects documents. Agencies are Federal Register slugs, e.g.
// "securities-and-exchange-commission"; Types use the constants above; zero
// dates set no bound.
type Search struct {
	Term       string
	Agencies   []string
	Types      []string
	Since      time.Time // publication date on or after
	Until      time.Time // publication date on or before
	Order      string    // newest, oldest or relevance
	PerPage    int       // at most 1000
	Page       int       // 1-based; 0 means the first
	OnlySignif bool      // significant under E.O. 12866
}

// Request builds GET /documents.json.
func (s Search) Request() *upstreams.Request {
	v := url.Values{"fields[]": documentFields}
	if s.Term != "" {
		v.Set("conditions[term]", s.Term)
	}
	for _, a := range s.Agencies {
		v.Add("conditions[agencies][]", a)
	}
	for _, t := range s.Types {
		v.Add("conditions[type][]", t)
	}
	if !s.Since.IsZero() {
		v.Set("conditions[publication_date][gte]", s.Since.Format(time.DateOnly))
	}
	if !s.Until.IsZero() {
		v.Set("conditions[publication_date][lte]", s.Until.Format(time.DateOnly))
	}
	if s.OnlySignif {
		v.Set("conditions[significant]", "1")
	}
	if s.Order != "" {
		v.Set("order", s.Order)
	}
	if s.PerPage > 0 {
		v.Set("per_page", strconv.Itoa(s.PerPage))
	}
	if s.Page > 1 {
		v.Set("page", strconv.Itoa(s.Page))
	}
	return &upstreams.Request{Source: Source.Name, URL: Source.BaseURL + "/documents.json?" + v.Encode()}
}

// Agency is a document's issuing agency.
type Agency struct {
	Name    string `json:"name"`
	RawName string `json:"raw_name"`
	Slug    string `json:"slug"`
}

// Document is one search result. Type is human-readable here ("Rule",
// "Proposed Rule", "Notice", "Presidential Document").
type Document struct {
	Title           string   `json:"title"`
	Type            string   `json:"type"`
	Abstract        *string  `json:"abstract"`
	DocumentNumber  string   `json:"document_number"`
	HTMLURL         string   `json:"html_url"`
	PDFURL          string   `json:"pdf_url"`
	PublicationDate string   `json:"publication_date"`
	Agencies        []Agency `json:"agencies"`
	Significant     *bool    `json:"significant"`
	CommentsCloseOn *string  `json:"comments_close_on"`
	EffectiveOn     *string  `json:"effective_on"`
}

// AgencyName is the first agency's name (the raw name for sub-units that
// have no page of their own).
func (d Document) AgencyName() string {
	if len(d.Agencies) == 0 {
		return ""
	}
	if a := d.Agencies[0]; a.Name != "" {
		return a.Name
	}
	return d.Agencies[0].RawName
}

// Results is one page of a search.
type Results struct {
	Count      int        `json:"count,required"`
	TotalPages int        `json:"total_pages"`
	Documents  []Document `json:"results"`
}

// DecodeResults reads a search answer. A search without matches has no
// results field.
func DecodeResults(body []byte) (Results, error) {
	var r Results
	if err := upstreams.DecodeJSON(Source.Name, body, &r); err != nil {
		return Results{}, err
	}
	if r.Documents == nil {
		r.Documents = []Document{}
	}
	return r, nil
}
