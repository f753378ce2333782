package usaspending

import (
	"strings"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

// ToptierAgencies builds GET /references/toptier_agencies/: every top-tier
// agency with its abbreviation. The list changes rarely, so it is cached a day.
func ToptierAgencies() *upstreams.Request {
	return &upstreams.Request{Source: Source.Name, URL: Source.BaseURL + "/references/toptier_agencies/", TTL: 24 * time.Hour}
}

// Agency is a top-tier agency.
type Agency struct {
	Name         string `json:"agency_name,required"`
	Abbreviation string `json:"abbreviation"`
	Code         string `json:"toptier_code,required"`
}

// DecodeAgencies reads the top-tier agency list.
func DecodeAgencies(body []byte) ([]Agency, error) {
	var r struct {
		Results []Agency `json:"results,required"`
	}
	err := upstreams.DecodeJSON(Source.Name, body, &r)
	return r.Results, err
}

// ResolveAgency finds the agency a buyer means by its exact name or its
// abbreviation (DOD, NASA), ignoring case; award filters need the full name.
func ResolveAgency(agencies []Agency, name string) (Agency, bool) {
	name = strings.TrimSpace(name)
	for _, a := range agencies {
		if strings.EqualFold(a.Name, name) || (a.Abbreviation != "" && strings.EqualFold(a.Abbreviation, name)) {
			return a, true
		}
	}
	return Agency{}, false
}
