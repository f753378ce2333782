package openaq

import (
	"net/url"
	"strconv"

	"github.com/coinslot/coinslot/upstreams"
)

// Locations lists monitoring locations, newest ids first; Country is an ISO
// 3166-1 alpha-2 code or empty for all.
type Locations struct {
	Country string
	Limit   int // at most 1000
	Page    int // 1-based; 0 means the first
}

// Request builds GET /locations.
func (l Locations) Request() *upstreams.Request {
	v := url.Values{"limit": {strconv.Itoa(l.Limit)}, "order_by": {"id"}, "sort_order": {"desc"}}
	if l.Country != "" {
		v.Set("iso", l.Country)
	}
	if l.Page > 1 {
		v.Set("page", strconv.Itoa(l.Page))
	}
	return &upstreams.Request{Source: Source.Name, URL: Source.BaseURL + "/locations?" + v.Encode()}
}

type named struct {
	ID   int    `json:"id"`
	Name string `json:"name"`
}

type stamp struct {
	UTC   string `json:"utc"`
	Local string `json:"local"`
}

// Location is one monitoring station.
type Location struct {
	ID       int     `json:"id"`
	Name     string  `json:"name"`
	Locality *string `json:"locality"`
	Timezone string  `json:"timezone"`
	Country  struct {
		Code string `json:"code"`
		Name string `json:"name"`
	} `json:"country"`
	Owner    named `json:"owner"`
	Provider named `json:"provider"`
	IsMobile bool  `json:"isMobile"`
	Sensors  []struct {
		ID        int `json:"id"`
		Parameter struct {
			Name        string `json:"name"`
			Units       string `json:"units"`
			DisplayName string `json:"displayName"`
		} `json:"parameter"`
	} `json:"sensors"`
	Coordinates struct {
		Latitude  float64 `json:"latitude"`
		Longitude float64 `json:"longitude"`
	} `json:"coordinates"`
	DatetimeFirst *stamp `json:"datetimeFirst"`
	DatetimeLast  *stamp `json:"datetimeLast"` // nil for a station that never reported
}

// LastUTC is when the station last reported, "" when it never did.
func (l Location) LastUTC() string {
	if l.DatetimeLast == nil {
		return ""
	}
	return l.DatetimeLast.UTC
}

// DecodeLocations reads a /locations answer.
func DecodeLocations(body []byte) ([]Location, error) {
	var r struct {
		Results []Location `json:"results,required"`
	}
	if err := upstreams.DecodeJSON(Source.Name, body, &r); err != nil {
		return nil, err
	}
	return r.Results, nil
}
