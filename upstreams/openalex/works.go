package openalex

import (
	"net/url"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/coinslot/coinslot/upstreams"
)

// workFields trims the answer to what Work carries.
const workFields = "id,doi,title,publication_year,publication_date,type,cited_by_count,open_access,primary_location,authorships,abstract_inverted_index"

// Search builds GET /works?search=, by relevance.
func Search(query string, perPage int) *upstreams.Request {
	v := url.Values{"search": {query}, "per_page": {strconv.Itoa(perPage)}, "page": {"1"}, "select": {workFields}}
	return &upstreams.Request{Source: Source.Name, URL: Source.BaseURL + "/works?" + v.Encode()}
}

// Author is one authorship.
type Author struct {
	Name         string   `json:"name"`
	ORCID        string   `json:"orcid,omitempty"`
	Institutions []string `json:"institutions"`
	Countries    []string `json:"countries"`
}

// Work is one scholarly work.
type Work struct {
	ID              string   `json:"id"`
	DOI             string   `json:"doi,omitempty"`
	Title           string   `json:"title"`
	Year            *int     `json:"year"`
	PublicationDate string   `json:"publication_date"`
	Type            string   `json:"type"`
	CitedByCount    int      `json:"cited_by_count"`
	IsOA            bool     `json:"is_oa"`
	OAURL           string   `json:"oa_url,omitempty"`
	Venue           string   `json:"venue,omitempty"`
	Authors         []Author `json:"authors"`
	Abstract        string   `json:"abstract,omitempty"`
}

// Page is one answer.
type Page struct {
	Count int
	Works []Work
}

// DecodeWorks reads a works list.
func DecodeWorks(body []byte) (Page, error) {
	var r struct {
		Meta struct {
			Count int `json:"count,required"`
		} `json:"meta,required"`
		Results []struct {
			ID              string  `json:"id"`
			DOI             *string `json:"doi"`
			Title           *string `json:"title"`
			PublicationYear *int    `json:"publication_year"`
			PublicationDate string  `json:"publication_date"`
			Type            string  `json:"type"`
			CitedByCount    int     `json:"cited_by_count"`
			OpenAccess      struct {
				IsOA  bool    `json:"is_oa"`
				OAURL *string `json:"oa_url"`
			} `json:"open_access"`
			PrimaryLocation *struct {
				Source *struct {
					DisplayName string `json:"display_name"`
				} `json:"source"`
			} `json:"primary_location"`
			Authorships []struct {
				Author struct {
					DisplayName string  `json:"display_name"`
					ORCID       *string `json:"orcid"`
				} `json:"author"`
				Institutions []struct {
					DisplayName string  `json:"display_name"`
					CountryCode *string `json:"country_code"`
				} `json:"institutions"`
			} `json:"authorships"`
			AbstractIndex map[string][]int `json:"abstract_inverted_index"`
		} `json:"results,required"`
	}
	if err := upstreams.DecodeJSON(Source.Name, body, &r); err != nil {
		return Page{}, err
	}
	page := Page{Count: r.Meta.Count, Works: make([]Work, 0, len(r.Results))}
	for _, w := range r.Results {
		out := Work{ID: w.ID, DOI: deref(w.DOI), Title: deref(w.Title), Year: w.PublicationYear,
			PublicationDate: w.PublicationDate, Type: w.Type, CitedByCount: w.CitedByCount,
			IsOA: w.OpenAccess.IsOA, OAURL: deref(w.OpenAccess.OAURL), Authors: []Author{},
			Abstract: Abstract(w.AbstractIndex)}
		if pl := w.PrimaryLocation; pl != nil && pl.Source != nil {
			out.Venue = pl.Source.DisplayName
		}
		for _, a := range w.Authorships {
			au := Author{Name: a.Author.DisplayName, ORCID: deref(a.Author.ORCID), Institutions: []string{}, Countries: []string{}}
			for _, in := range a.Institutions {
				au.Institutions = append(au.Institutions, in.DisplayName)
				if c := deref(in.CountryCode); c != "" && !slices.Contains(au.Countries, c) {
					au.Countries = append(au.Countries, c)
				}
			}
			out.Authors = append(out.Authors, au)
		}
		page.Works = append(page.Works, out)
	}
	return page, nil
}

// Abstract rebuilds the text OpenAlex ships as an inverted index (word ->
// positions), which it does for licensing reasons.
func Abstract(index map[string][]int) string {
	type placed struct {
		pos  int
		word string
	}
	var words []placed
	for w, positions := range index {
		for _, p := range positions {
			words = append(words, placed{p, w})
		}
	}
	sort.Slice(words, func(i, j int) bool { return words[i].pos < words[j].pos })
	parts := make([]string, len(words))
	for i, w := range words {
		parts[i] = w.word
	}
	return strings.Join(parts, " ")
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
