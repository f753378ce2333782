package cpsc

import (
	"net/url"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

// ByProduct builds GET /Recall?format=json&ProductName=<name>: recalls whose
// product name contains name.
func ByProduct(name string) *upstreams.Request {
	return recalls(url.Values{"ProductName": {name}})
}

// Since builds GET /Recall?format=json&RecallDateStart=<day>: every recall
// announced on or after day.
func Since(day time.Time) *upstreams.Request {
	return recalls(url.Values{"RecallDateStart": {day.Format(time.DateOnly)}})
}

func recalls(v url.Values) *upstreams.Request {
	v.Set("format", "json")
	return &upstreams.Request{Source: Source.Name, URL: Source.BaseURL + "/Recall?" + v.Encode()}
}

// Named is the {"Name": ...} element most of a recall's lists hold.
type Named struct {
	Name string `json:"Name"`
}

// Recall is one recall notice. Dates are "2006-01-02T15:04:05" without a zone.
type Recall struct {
	RecallID        int    `json:"RecallID,required"`
	RecallNumber    string `json:"RecallNumber"`
	RecallDate      string `json:"RecallDate"`
	Title           string `json:"Title"`
	Description     string `json:"Description"`
	URL             string `json:"URL"`
	ConsumerContact string `json:"ConsumerContact"`
	Products        []struct {
		Name          string `json:"Name"`
		Model         string `json:"Model"`
		NumberOfUnits string `json:"NumberOfUnits"`
	} `json:"Products"`
	Images []struct {
		URL string `json:"URL"`
	} `json:"Images"`
	Injuries              []Named `json:"Injuries"`
	Manufacturers         []Named `json:"Manufacturers"`
	Retailers             []Named `json:"Retailers"`
	Importers             []Named `json:"Importers"`
	Distributors          []Named `json:"Distributors"`
	Hazards               []Named `json:"Hazards"`
	Remedies              []Named `json:"Remedies"`
	ManufacturerCountries []struct {
		Country string `json:"Country"`
	} `json:"ManufacturerCountries"`
}

// DecodeRecalls reads the bare JSON array the service answers with.
func DecodeRecalls(body []byte) ([]Recall, error) {
	var out []Recall
	if err := upstreams.DecodeJSON(Source.Name, body, &out); err != nil {
		return nil, err
	}
	return out, nil
}
