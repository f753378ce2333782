package trademarks

import (
	"net/http"
	"net/url"
	"strings"

	"github.com/coinslot/coinslot/upstreams"
)

// host names the API for RapidAPI's gateway.
const host = "uspto-trademark.p.rapidapi.com"

// Search builds GET /trademarkSearch/{keyword}/all: live and dead marks
// matching keyword.
func Search(keyword string) *upstreams.Request {
	return &upstreams.Request{Source: Source.Name,
		URL:    Source.BaseURL + "/trademarkSearch/" + url.PathEscape(keyword) + "/all",
		Header: http.Header{"X-Rapidapi-Host": {host}}}
}

// Mark is one trademark application or registration.
type Mark struct {
	SerialNumber       string   `json:"serial_number"`
	RegistrationNumber string   `json:"registration_number"`
	Mark               string   `json:"mark"`
	Status             string   `json:"status"`
	StatusCode         string   `json:"status_code"`
	StatusDate         string   `json:"status_date"`
	StatusDefinition   string   `json:"status_definition"`
	FilingDate         string   `json:"filing_date"`
	RegistrationDate   string   `json:"registration_date"`
	AbandonmentDate    string   `json:"abandonment_date"`
	ExpirationDate     string   `json:"expiration_date"`
	GoodsServices      string   `json:"goods_services"`
	Owners             []string `json:"owners"`
	URL                string   `json:"url"`
}

// DecodeSearch reads a search answer; a search without matches may carry
// no items at all.
func DecodeSearch(body []byte) ([]Mark, error) {
	var r struct {
		Count int `json:"count,required"`
		Items []struct {
			Keyword            string  `json:"keyword"`
			RegistrationNumber string  `json:"registration_number"`
			SerialNumber       string  `json:"serial_number"`
			StatusLabel        string  `json:"status_label"`
			StatusCode         string  `json:"status_code"`
			StatusDate         string  `json:"status_date"`
			StatusDefinition   string  `json:"status_definition"`
			FilingDate         string  `json:"filing_date"`
			RegistrationDate   string  `json:"registration_date"`
			AbandonmentDate    string  `json:"abandonment_date"`
			ExpirationDate     string  `json:"expiration_date"`
			Description        string  `json:"description"`
			Owners             []owner `json:"owners"`
		} `json:"items"`
	}
	if err := upstreams.DecodeJSON(Source.Name, body, &r); err != nil {
		return nil, err
	}
	out := make([]Mark, 0, len(r.Items))
	for _, it := range r.Items {
		m := Mark{SerialNumber: it.SerialNumber, RegistrationNumber: registration(it.RegistrationNumber), Mark: it.Keyword,
			Status: it.StatusLabel, StatusCode: it.StatusCode, StatusDate: it.StatusDate,
			StatusDefinition: it.StatusDefinition, FilingDate: it.FilingDate, RegistrationDate: it.RegistrationDate,
			AbandonmentDate: it.AbandonmentDate, ExpirationDate: it.ExpirationDate, GoodsServices: it.Description,
			Owners: []string{}, URL: "https://tsdr.uspto.gov/#caseNumber=" + it.SerialNumber + "&caseType=SERIAL_NO&searchType=statusSearch"}
		for _, o := range it.Owners {
			if o.Name != "" {
				m.Owners = append(m.Owners, o.Name)
			}
		}
		out = append(out, m)
	}
	return out, nil
}

// registration drops the all-zero number the API gives unregistered marks.
func registration(n string) string {
	if strings.Trim(n, "0") == "" {
		return ""
	}
	return n
}

type owner struct {
	Name string `json:"name"`
}
