package semanticscholar

import (
	"encoding/json"
	"net/url"
	"strconv"
	"strings"

	"github.com/coinslot/coinslot/upstreams"
)

// Field lists: without fields the API returns only paperId and title.
const (
	searchFields  = "paperId,externalIds,url,title,abstract,venue,year,publicationDate,authors,citationCount,influentialCitationCount,isOpenAccess,openAccessPdf"
	detailsFields = searchFields + ",referenceCount,fieldsOfStudy,publicationTypes,journal,tldr"
	edgeFields    = "paperId,url,title,year,venue,authors,externalIds,contexts,intents,isInfluential"
)

// Search builds GET /paper/search, by relevance.
func Search(query string, limit int) *upstreams.Request {
	v := url.Values{"query": {query}, "limit": {strconv.Itoa(limit)}, "fields": {searchFields}}
	return get("/paper/search?" + v.Encode())
}

// PaperByID builds GET /paper/{id}. id is a Semantic Scholar id or a
// prefixed external id such as DOI:10.1145/3442188.3445922 or ARXIV:1706.03762.
func PaperByID(id string) *upstreams.Request {
	return get("/paper/" + escapeID(id) + "?" + url.Values{"fields": {detailsFields}}.Encode())
}

// Citations builds GET /paper/{id}/citations (papers citing id).
func Citations(id string, limit int) *upstreams.Request { return edges(id, "citations", limit) }

// References builds GET /paper/{id}/references (papers id cites).
func References(id string, limit int) *upstreams.Request { return edges(id, "references", limit) }

func edges(id, kind string, limit int) *upstreams.Request {
	v := url.Values{"fields": {edgeFields}, "limit": {strconv.Itoa(limit)}}
	return get("/paper/" + escapeID(id) + "/" + kind + "?" + v.Encode())
}

func get(path string) *upstreams.Request {
	return &upstreams.Request{Source: Source.Name, URL: Source.BaseURL + path}
}

// escapeID escapes an id but keeps the slashes of DOIs, which the API takes
// as they are.
func escapeID(id string) string {
	parts := strings.Split(id, "/")
	for i, p := range parts {
		parts[i] = url.PathEscape(p)
	}
	return strings.Join(parts, "/")
}

// Paper is a paper as search results and edges describe it.
type Paper struct {
	PaperID                  string            `json:"paper_id"`
	Title                    string            `json:"title"`
	Abstract                 *string           `json:"abstract,omitempty"`
	Year                     *int              `json:"year"`
	Venue                    string            `json:"venue"`
	PublicationDate          *string           `json:"publication_date,omitempty"`
	Authors                  []string          `json:"authors"`
	CitationCount            *int              `json:"citation_count,omitempty"`
	InfluentialCitationCount *int              `json:"influential_citation_count,omitempty"`
	IsOpenAccess             *bool             `json:"is_open_access,omitempty"`
	OpenAccessPDF            string            `json:"open_access_pdf,omitempty"`
	ExternalIDs              map[string]string `json:"external_ids"`
	URL                      string            `json:"url"`
}

// rawPaper is the API's paper object for every field list used here.
type rawPaper struct {
	PaperID                  *string                    `json:"paperId"`
	ExternalIDs              map[string]json.RawMessage `json:"externalIds"`
	URL                      string                     `json:"url"`
	Title                    string                     `json:"title"`
	Abstract                 *string                    `json:"abstract"`
	Venue                    string                     `json:"venue"`
	Year                     *int                       `json:"year"`
	PublicationDate          *string                    `json:"publicationDate"`
	Authors                  []struct{ Name string }    `json:"authors"`
	CitationCount            *int                       `json:"citationCount"`
	InfluentialCitationCount *int                       `json:"influentialCitationCount"`
	IsOpenAccess             *bool                      `json:"isOpenAccess"`
	OpenAccessPDF            *struct{ URL string }      `json:"openAccessPdf"`
}

func (r rawPaper) paper() Paper {
	p := Paper{Title: r.Title, Abstract: r.Abstract, Year: r.Year, Venue: r.Venue, PublicationDate: r.PublicationDate,
		Authors: make([]string, 0, len(r.Authors)), CitationCount: r.CitationCount,
		InfluentialCitationCount: r.InfluentialCitationCount, IsOpenAccess: r.IsOpenAccess,
		ExternalIDs: map[string]string{}, URL: r.URL}
	if r.PaperID != nil {
		p.PaperID = *r.PaperID
	}
	for _, a := range r.Authors {
		p.Authors = append(p.Authors, a.Name)
	}
	if r.OpenAccessPDF != nil {
		p.OpenAccessPDF = r.OpenAccessPDF.URL
	}
	// External ids are strings except CorpusId, a number.
	for k, raw := range r.ExternalIDs {
		var s string
		if json.Unmarshal(raw, &s) != nil {
			s = string(raw)
		}
		if s != "null" && s != "" {
			p.ExternalIDs[k] = s
		}
	}
	return p
}

// Page is one search answer.
type Page struct {
	Total  int
	Papers []Paper
}

// DecodeSearch reads a search answer. A search without matches has no data.
func DecodeSearch(body []byte) (Page, error) {
	var r struct {
		Total int        `json:"total,required"`
		Data  []rawPaper `json:"data"`
	}
	if err := upstreams.DecodeJSON(Source.Name, body, &r); err != nil {
		return Page{}, err
	}
	page := Page{Total: r.Total, Papers: make([]Paper, 0, len(r.Data))}
	for _, d := range r.Data {
		page.Papers = append(page.Papers, d.paper())
	}
	return page, nil
}
