package usaspending

import (
	"encoding/json"
	"net/http"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

// ContractCodes is the award-type group of prime contracts; a search may not
// mix groups.
var ContractCodes = []string{"A", "B", "C", "D"}

// Filters narrow an award search. Agency is a top-tier awarding agency's
// full name; Start and End bound the action dates (2007-10-01 at the earliest).
type Filters struct {
	Keywords   []string
	Agency     string
	Recipient  string
	Start, End time.Time
}

func (f Filters) body() map[string]any {
	out := map[string]any{
		"award_type_codes": ContractCodes,
		"time_period":      []map[string]string{{"start_date": f.Start.Format(time.DateOnly), "end_date": f.End.Format(time.DateOnly)}},
	}
	if len(f.Keywords) > 0 {
		out["keywords"] = f.Keywords
	}
	if f.Agency != "" {
		out["agencies"] = []map[string]string{{"type": "awarding", "tier": "toptier", "name": f.Agency}}
	}
	if f.Recipient != "" {
		out["recipient_search_text"] = []string{f.Recipient}
	}
	return out
}

func post(path string, body map[string]any) *upstreams.Request {
	b, _ := json.Marshal(body)
	return &upstreams.Request{
		Source: Source.Name, Method: http.MethodPost, URL: Source.BaseURL + path,
		Header: http.Header{"Content-Type": {"application/json"}}, Body: b,
	}
}

// awardFields are the columns asked of every award search.
var awardFields = []string{
	"Award ID", "Recipient Name", "Start Date", "End Date", "Award Amount", "Awarding Agency",
	"Awarding Sub Agency", "Contract Award Type", "Description", "NAICS", "PSC", "generated_internal_id",
}

// Awards builds POST /search/spending_by_award/ for prime contracts, the
// largest first.
func Awards(f Filters, limit int) *upstreams.Request {
	return post("/search/spending_by_award/", map[string]any{
		"filters": f.body(), "fields": awardFields, "sort": "Award Amount", "order": "desc",
		"limit": limit, "page": 1, "subawards": false,
	})
}

// Coded is a code with its description (NAICS, PSC).
type Coded struct {
	Code        string `json:"code"`
	Description string `json:"description"`
}

// Award is one prime award.
type Award struct {
	AwardID     string        `json:"Award ID,required"`
	Recipient   string        `json:"Recipient Name"`
	StartDate   string        `json:"Start Date"`
	EndDate     string        `json:"End Date"`
	Amount      upstreams.Num `json:"Award Amount"`
	Agency      string        `json:"Awarding Agency"`
	SubAgency   string        `json:"Awarding Sub Agency"`
	Type        string        `json:"Contract Award Type"`
	Description string        `json:"Description"`
	NAICS       *Coded        `json:"NAICS"`
	PSC         *Coded        `json:"PSC"`
	InternalID  string        `json:"generated_internal_id"`
}

// URL is the award's page on USAspending.gov.
func (a Award) URL() string {
	if a.InternalID == "" {
		return ""
	}
	return "https://www.usaspending.gov/award/" + a.InternalID
}

// AwardPage is one page of awards.
type AwardPage struct {
	Awards  []Award
	HasNext bool
}

// DecodeAwards reads an award search answer.
func DecodeAwards(body []byte) (AwardPage, error) {
	var r struct {
		Results      []Award `json:"results,required"`
		PageMetadata struct {
			HasNext bool `json:"hasNext,required"`
		} `json:"page_metadata,required"`
	}
	if err := upstreams.DecodeJSON(Source.Name, body, &r); err != nil {
		return AwardPage{}, err
	}
	return AwardPage{Awards: r.Results, HasNext: r.PageMetadata.HasNext}, nil
}

// Category is a spending_by_category breakdown.
type Category string

const (
	ByRecipient      Category = "recipient"
	ByAwardingAgency Category = "awarding_agency"
)

// Totals builds POST /search/spending_by_category/{category}/: obligated
// dollars per recipient or agency under the filters, largest first.
func Totals(c Category, f Filters, limit int) *upstreams.Request {
	return post("/search/spending_by_category/"+string(c)+"/", map[string]any{"filters": f.body(), "limit": limit, "page": 1})
}

// Total is one category row.
type Total struct {
	Name   string        `json:"name"`
	Code   string        `json:"code"`
	Amount upstreams.Num `json:"amount,required"`
	UEI    string        `json:"uei"`
}

// DecodeTotals reads a spending_by_category answer.
func DecodeTotals(body []byte) ([]Total, error) {
	var r struct {
		Results []Total `json:"results,required"`
	}
	err := upstreams.DecodeJSON(Source.Name, body, &r)
	return r.Results, err
}
