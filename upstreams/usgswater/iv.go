package usgswater

import (
	"net/url"
	"strings"

	"github.com/coinslot/coinslot/upstreams"
)

// ByState builds the latest value of parameter at every active site in a
// state (lower-case two-letter code).
func ByState(state, parameter string) *upstreams.Request {
	return iv(url.Values{"stateCd": {strings.ToLower(state)}, "parameterCd": {parameter}, "siteStatus": {"active"}})
}

// BySites builds the latest value of parameter at the given site numbers.
func BySites(sites []string, parameter string) *upstreams.Request {
	return iv(url.Values{"sites": {strings.Join(sites, ",")}, "parameterCd": {parameter}})
}

func iv(v url.Values) *upstreams.Request {
	v.Set("format", "json")
	return &upstreams.Request{Source: Source.Name, URL: Source.BaseURL + "/iv/?" + v.Encode()}
}

// Series is one site's time series for one parameter.
type Series struct {
	SourceInfo struct {
		SiteName string `json:"siteName"`
		SiteCode []struct {
			Value      string `json:"value"`
			AgencyCode string `json:"agencyCode"`
		} `json:"siteCode"`
		GeoLocation struct {
			GeogLocation struct {
				Latitude  float64 `json:"latitude"`
				Longitude float64 `json:"longitude"`
			} `json:"geogLocation"`
		} `json:"geoLocation"`
	} `json:"sourceInfo"`
	Variable struct {
		VariableCode []struct {
			Value string `json:"value"`
		} `json:"variableCode"`
		VariableName string `json:"variableName"`
		Unit         struct {
			UnitCode string `json:"unitCode"`
		} `json:"unit"`
		NoDataValue *float64 `json:"noDataValue"`
	} `json:"variable"`
	Values []struct {
		Value []Reading `json:"value"`
	} `json:"values"`
	Name string `json:"name"`
}

// Reading is one value; P marks provisional data, A approved.
type Reading struct {
	Value      upstreams.Num `json:"value"`
	Qualifiers []string      `json:"qualifiers"`
	DateTime   string        `json:"dateTime"`
}

// Latest returns the series' last reading, unless it is missing or the
// no-data marker.
func (s Series) Latest() (Reading, bool) {
	for i := len(s.Values) - 1; i >= 0; i-- {
		if vs := s.Values[i].Value; len(vs) > 0 {
			r := vs[len(vs)-1]
			if nd := s.Variable.NoDataValue; nd != nil && float64(r.Value) == *nd {
				return Reading{}, false
			}
			return r, true
		}
	}
	return Reading{}, false
}

// DecodeSeries reads a WaterML-JSON answer.
func DecodeSeries(body []byte) ([]Series, error) {
	var r struct {
		Value struct {
			TimeSeries []Series `json:"timeSeries,required"`
		} `json:"value,required"`
	}
	err := upstreams.DecodeJSON(Source.Name, body, &r)
	return r.Value.TimeSeries, err
}
