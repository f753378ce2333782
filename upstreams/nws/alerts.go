package nws

import (
	"net/http"
	"net/url"

	"github.com/coinslot/coinslot/upstreams"
)

// geoJSON is the representation every NWS request asks for.
var geoJSON = http.Header{"Accept": {"application/geo+json"}}

// ActiveAlerts builds GET /alerts/active, by state or marine area (area),
// by zone id, or for the whole country when both are empty.
func ActiveAlerts(area, zone string) *upstreams.Request {
	v := url.Values{}
	if area != "" {
		v.Set("area", area)
	}
	if zone != "" {
		v.Set("zone", zone)
	}
	u := Source.BaseURL + "/alerts/active"
	if len(v) > 0 {
		u += "?" + v.Encode()
	}
	return &upstreams.Request{Source: Source.Name, URL: u, Header: geoJSON}
}

// Alert is the CAP properties of one active alert.
type Alert struct {
	ID          string `json:"id,required"`
	AreaDesc    string `json:"areaDesc"`
	Sent        string `json:"sent"`
	Effective   string `json:"effective"`
	Onset       string `json:"onset"`
	Expires     string `json:"expires"`
	Ends        string `json:"ends"`
	Status      string `json:"status"`
	MessageType string `json:"messageType"`
	Severity    string `json:"severity"`
	Certainty   string `json:"certainty"`
	Urgency     string `json:"urgency"`
	Event       string `json:"event"`
	SenderName  string `json:"senderName"`
	Headline    string `json:"headline"`
	Description string `json:"description"`
	Instruction string `json:"instruction"`
	Response    string `json:"response"`
}

// DecodeAlerts reads an alerts FeatureCollection.
func DecodeAlerts(body []byte) ([]Alert, error) {
	var fc struct {
		Type     string `json:"type,required"`
		Features []struct {
			Properties Alert `json:"properties,required"`
		} `json:"features,required"`
	}
	if err := upstreams.DecodeJSON(Source.Name, body, &fc); err != nil {
		return nil, err
	}
	if fc.Type != "FeatureCollection" {
		return nil, upstreams.Errorf(Source.Name, upstreams.BadAnswer, "answer is not a GeoJSON feature collection")
	}
	out := make([]Alert, len(fc.Features))
	for i, f := range fc.Features {
		out[i] = f.Properties
	}
	return out, nil
}
