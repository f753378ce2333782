package patentsview

import (
	"encoding/json"
	"net/url"
	"strings"

	"github.com/coinslot/coinslot/upstreams"
)

// patentFields is the projection every search asks for.
var patentFields = []string{
	"patent_id", "patent_title", "patent_date", "patent_type", "patent_abstract",
	"assignees.assignee_organization", "inventors.inventor_name_first", "inventors.inventor_name_last",
}

// Search builds GET /patent/: patents whose title or abstract contains all
// the words of text, newest grant first.
func Search(text string, size int) *upstreams.Request {
	match := func(field string) map[string]any {
		return map[string]any{"_text_all": map[string]string{field: text}}
	}
	q, _ := json.Marshal(map[string]any{"_or": []any{match("patent_title"), match("patent_abstract")}})
	f, _ := json.Marshal(patentFields)
	o, _ := json.Marshal(map[string]int{"size": size})
	s, _ := json.Marshal([]map[string]string{{"patent_date": "desc"}})
	v := url.Values{"q": {string(q)}, "f": {string(f)}, "o": {string(o)}, "s": {string(s)}}
	return &upstreams.Request{Source: Source.Name, URL: Source.BaseURL + "/patent/?" + v.Encode()}
}

// Patent is one granted patent.
type Patent struct {
	ID        string   `json:"patent_id"`
	Title     string   `json:"title"`
	Date      string   `json:"date"`
	Type      string   `json:"type"`
	Abstract  string   `json:"abstract"`
	Assignees []string `json:"assignees"`
	Inventors []string `json:"inventors"`
	URL       string   `json:"url"`
}

// Page is one search answer.
type Page struct {
	TotalHits int
	Patents   []Patent
}

// DecodePatents reads a search answer.
func DecodePatents(body []byte) (Page, error) {
	var r struct {
		Error     bool `json:"error,required"`
		TotalHits int  `json:"total_hits,required"`
		Patents   []struct {
			ID        string `json:"patent_id"`
			Title     string `json:"patent_title"`
			Date      string `json:"patent_date"`
			Type      string `json:"patent_type"`
			Abstract  string `json:"patent_abstract"`
			Assignees []struct {
				Organization string `json:"assignee_organization"`
			} `json:"assignees"`
			Inventors []struct {
				First string `json:"inventor_name_first"`
				Last  string `json:"inventor_name_last"`
			} `json:"inventors"`
		} `json:"patents,required"`
	}
	if err := upstreams.DecodeJSON(Source.Name, body, &r); err != nil {
		return Page{}, err
	}
	if r.Error {
		return Page{}, upstreams.Errorf(Source.Name, upstreams.BadAnswer, "PatentsView reported an error")
	}
	page := Page{TotalHits: r.TotalHits, Patents: make([]Patent, 0, len(r.Patents))}
	for _, p := range r.Patents {
		out := Patent{ID: p.ID, Title: p.Title, Date: p.Date, Type: p.Type, Abstract: p.Abstract,
			Assignees: []string{}, Inventors: []string{}, URL: "https://patents.google.com/patent/US" + p.ID}
		for _, a := range p.Assignees {
			if a.Organization != "" {
				out.Assignees = append(out.Assignees, a.Organization)
			}
		}
		for _, i := range p.Inventors {
			if name := strings.TrimSpace(i.First + " " + i.Last); name != "" {
				out.Inventors = append(out.Inventors, name)
			}
		}
		page.Patents = append(page.Patents, out)
	}
	return page, nil
}
