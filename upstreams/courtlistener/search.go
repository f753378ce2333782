package courtlistener

import (
	"net/http"
	"net/url"
	"time"

	"github.com/coinslot/coinslot/lexical"
	"github.com/coinslot/coinslot/upstreams"
)

// site is where the absolute_url paths of results live.
const site = "https://www.courtlistener.com"

// Search types: case-law opinion clusters and judges.
const (
	Opinions = "o"
	Judges   = "p"
)

// Query is one search. Courts are CourtListener court ids separated by
// spaces ("scotus ca9"); a zero FiledAfter sets no date bound.
type Query struct {
	Type       string
	Text       string
	Courts     string
	FiledAfter time.Time
	OrderBy    string // e.g. "score desc"
}

// Search builds GET /search/.
func Search(q Query) *upstreams.Request {
	v := url.Values{"type": {q.Type}, "q": {q.Text}}
	if q.Courts != "" {
		v.Set("court", q.Courts)
	}
	if !q.FiledAfter.IsZero() {
		v.Set("filed_after", q.FiledAfter.Format(time.DateOnly))
	}
	if q.OrderBy != "" {
		v.Set("order_by", q.OrderBy)
	}
	return get("/search/?" + v.Encode())
}

// get asks for JSON explicitly: without it a browser-like client gets HTML.
func get(path string) *upstreams.Request {
	return &upstreams.Request{Source: Source.Name, URL: Source.BaseURL + path,
		Header: http.Header{"Accept": {"application/json"}}}
}

// Opinion is one case-law result (an opinion cluster).
type Opinion struct {
	ClusterID    int64    `json:"cluster_id"`
	CaseName     string   `json:"case_name"`
	Court        string   `json:"court"`
	CourtID      string   `json:"court_id"`
	DateFiled    string   `json:"date_filed"`
	DocketNumber string   `json:"docket_number"`
	DocketID     int64    `json:"docket_id"`
	Citations    []string `json:"citations"`
	CiteCount    int      `json:"cite_count"`
	Status       string   `json:"status"`
	Judge        string   `json:"judge"`
	Snippet      string   `json:"snippet"`
	URL          string   `json:"url"`
}

// DecodeOpinions reads a type=o search answer.
func DecodeOpinions(body []byte) ([]Opinion, error) {
	var page struct {
		Results []struct {
			ClusterID    int64    `json:"cluster_id"`
			CaseName     string   `json:"caseName"`
			Court        string   `json:"court"`
			CourtID      string   `json:"court_id"`
			DateFiled    string   `json:"dateFiled"`
			DocketNumber string   `json:"docketNumber"`
			DocketID     int64    `json:"docket_id"`
			Citation     []string `json:"citation"`
			CiteCount    int      `json:"citeCount"`
			Status       string   `json:"status"`
			Judge        string   `json:"judge"`
			AbsoluteURL  string   `json:"absolute_url"`
			Opinions     []struct {
				Snippet string `json:"snippet"`
			} `json:"opinions"`
		} `json:"results,required"`
	}
	if err := upstreams.DecodeJSON(Source.Name, body, &page); err != nil {
		return nil, err
	}
	out := make([]Opinion, 0, len(page.Results))
	for _, r := range page.Results {
		o := Opinion{ClusterID: r.ClusterID, CaseName: r.CaseName, Court: r.Court, CourtID: r.CourtID,
			DateFiled: r.DateFiled, DocketNumber: r.DocketNumber, DocketID: r.DocketID,
			Citations: nonNil(r.Citation), CiteCount: r.CiteCount, Status: r.Status, Judge: r.Judge,
			URL: site + r.AbsoluteURL}
		if len(r.Opinions) > 0 {
			o.Snippet = lexical.Collapse(r.Opinions[0].Snippet)
		}
		out = append(out, o)
	}
	return out, nil
}

// Judge is one person result. The position lists (courts, appointers,
// dates) run in parallel, one entry per judicial position.
type Judge struct {
	ID                   int64    `json:"id"`
	Name                 string   `json:"name"`
	Born                 *string  `json:"born"`
	Died                 *string  `json:"died"`
	Courts               []string `json:"courts"`
	CourtIDs             []string `json:"court_ids"`
	Appointers           []string `json:"appointers"`
	DatesNominated       []string `json:"dates_nominated"`
	DatesConfirmed       []string `json:"dates_confirmed"`
	SelectionMethods     []string `json:"selection_methods"`
	PoliticalAffiliation []string `json:"political_affiliation"`
	ABARatings           []string `json:"aba_ratings"`
	Schools              []string `json:"schools"`
	URL                  string   `json:"url"`
}

// DecodeJudges reads a type=p search answer.
func DecodeJudges(body []byte) ([]Judge, error) {
	var page struct {
		Results []struct {
			ID                   int64    `json:"id"`
			Name                 string   `json:"name"`
			DOB                  *string  `json:"dob"`
			DOD                  *string  `json:"dod"`
			Court                []string `json:"court"`
			CourtExact           []string `json:"court_exact"`
			Appointer            []string `json:"appointer"`
			DateNominated        []string `json:"date_nominated"`
			DateConfirmation     []string `json:"date_confirmation"`
			SelectionMethod      []string `json:"selection_method"`
			PoliticalAffiliation []string `json:"political_affiliation"`
			ABARating            []string `json:"aba_rating"`
			School               []string `json:"school"`
			AbsoluteURL          string   `json:"absolute_url"`
		} `json:"results,required"`
	}
	if err := upstreams.DecodeJSON(Source.Name, body, &page); err != nil {
		return nil, err
	}
	out := make([]Judge, 0, len(page.Results))
	for _, r := range page.Results {
		out = append(out, Judge{ID: r.ID, Name: r.Name, Born: r.DOB, Died: r.DOD,
			Courts: nonNil(r.Court), CourtIDs: nonNil(r.CourtExact), Appointers: nonNil(r.Appointer),
			DatesNominated: dates(r.DateNominated), DatesConfirmed: dates(r.DateConfirmation),
			SelectionMethods: nonNil(r.SelectionMethod), PoliticalAffiliation: nonNil(r.PoliticalAffiliation),
			ABARatings: nonNil(r.ABARating), Schools: nonNil(r.School), URL: site + r.AbsoluteURL})
	}
	return out, nil
}
