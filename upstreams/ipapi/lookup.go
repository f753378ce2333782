package ipapi

import (
	"net/netip"
	"net/url"

	"github.com/coinslot/coinslot/upstreams"
)

// fields is the projection the lookup asks for.
const fields = "status,message,country,countryCode,region,regionName,city,zip,lat,lon,timezone,isp,org,as,query"

// Lookup builds GET /json/{ip}.
func Lookup(ip netip.Addr) *upstreams.Request {
	return &upstreams.Request{Source: Source.Name, URL: Source.BaseURL + "/json/" + url.PathEscape(ip.String()) + "?fields=" + url.QueryEscape(fields)}
}

// Location is a successful lookup.
type Location struct {
	Query       string  `json:"query"`
	Country     string  `json:"country"`
	CountryCode string  `json:"countryCode"`
	Region      string  `json:"region"`
	RegionName  string  `json:"regionName"`
	City        string  `json:"city"`
	Zip         string  `json:"zip"`
	Lat         float64 `json:"lat"`
	Lon         float64 `json:"lon"`
	Timezone    string  `json:"timezone"`
	ISP         string  `json:"isp"`
	Org         string  `json:"org"`
	AS          string  `json:"as"`
}

// DecodeLocation reads a lookup. The service answers failures with HTTP 200
// and status "fail"; an address it cannot place is not found.
func DecodeLocation(body []byte) (Location, error) {
	var r struct {
		Location
		Status  string `json:"status,required"`
		Message string `json:"message"`
	}
	if err := upstreams.DecodeJSON(Source.Name, body, &r); err != nil {
		return Location{}, err
	}
	switch r.Status {
	case "success":
		return r.Location, nil
	case "fail":
		return Location{}, upstreams.Errorf(Source.Name, upstreams.NotFound, "no location for this address (%s)", safeReason(r.Message))
	}
	return Location{}, upstreams.Errorf(Source.Name, upstreams.BadAnswer, "answer has no status")
}

// safeReason passes on only the reasons the service documents.
func safeReason(msg string) string {
	switch msg {
	case "private range", "reserved range", "invalid query":
		return msg
	}
	return "lookup failed"
}
