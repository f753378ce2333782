package nhtsa

import (
	"net/url"
	"strconv"

	"github.com/coinslot/coinslot/upstreams"
)

// ByVehicle builds GET /recalls/recallsByVehicle?make=&model=&modelYear=;
// the API needs all three.
func ByVehicle(make, model string, year int) *upstreams.Request {
	v := url.Values{"make": {make}, "model": {model}, "modelYear": {strconv.Itoa(year)}}
	return &upstreams.Request{Source: Recalls.Name, URL: Recalls.BaseURL + "/recalls/recallsByVehicle?" + v.Encode()}
}

// Campaign is one recall campaign as it applies to one model year.
// ReportReceivedDate is DD/MM/YYYY.
type Campaign struct {
	Manufacturer       string `json:"Manufacturer"`
	CampaignNumber     string `json:"NHTSACampaignNumber"`
	ParkIt             bool   `json:"parkIt"`
	ParkOutSide        bool   `json:"parkOutSide"`
	OverTheAirUpdate   bool   `json:"overTheAirUpdate"`
	ReportReceivedDate string `json:"ReportReceivedDate"`
	Component          string `json:"Component"`
	Summary            string `json:"Summary"`
	Consequence        string `json:"Consequence"`
	Remedy             string `json:"Remedy"`
	Notes              string `json:"Notes"`
	ModelYear          string `json:"ModelYear"`
	Make               string `json:"Make"`
	Model              string `json:"Model"`
}

// DecodeCampaigns reads a recallsByVehicle answer.
func DecodeCampaigns(body []byte) ([]Campaign, error) {
	var r struct {
		Count   int        `json:"Count,required"`
		Results []Campaign `json:"results,required"`
	}
	if err := upstreams.DecodeJSON(Recalls.Name, body, &r); err != nil {
		return nil, err
	}
	return r.Results, nil
}
