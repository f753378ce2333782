package who

import (
	"net/url"
	"strconv"

	"github.com/coinslot/coinslot/upstreams"
)

// ItemURL is where a report is read on who.int, by its UrlName.
const ItemURL = "https://www.who.int/emergencies/disease-outbreak-news/item/"

// Latest builds GET /diseaseoutbreaknews with the top newest reports.
// Keyword filtering is not reliable through OData, so callers filter.
func Latest(top int) *upstreams.Request {
	v := url.Values{
		"$orderby":   {"PublicationDate desc"},
		"$top":       {strconv.Itoa(top)},
		"$select":    {"DonId,Title,PublicationDate,Summary,UrlName"},
		"sf_culture": {"en"},
	}
	return &upstreams.Request{Source: Source.Name, URL: Source.BaseURL + "/diseaseoutbreaknews?" + v.Encode()}
}

// Report is one Disease Outbreak News item; Summary is HTML.
type Report struct {
	DonID           string `json:"DonId,required"`
	Title           string `json:"Title"`
	PublicationDate string `json:"PublicationDate"`
	Summary         string `json:"Summary"`
	URLName         string `json:"UrlName"`
}

// DecodeReports reads the OData {"value": [...]} answer.
func DecodeReports(body []byte) ([]Report, error) {
	var r struct {
		Value []Report `json:"value,required"`
	}
	err := upstreams.DecodeJSON(Source.Name, body, &r)
	return r.Value, err
}
