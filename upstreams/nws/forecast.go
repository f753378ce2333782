package nws

import (
	"strconv"
	"strings"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

// pointTTL keeps a point's grid mapping, which changes only when NWS
// redraws its grids.
const pointTTL = 24 * time.Hour

// Point builds GET /points/<lat>,<lon>. NWS redirects coordinates with more
// than four decimals, so they are rounded first.
func Point(lat, lon float64) *upstreams.Request {
	return &upstreams.Request{
		Source: Source.Name, URL: Source.BaseURL + "/points/" + coord(lat) + "," + coord(lon),
		Header: geoJSON, TTL: pointTTL,
	}
}

func coord(x float64) string {
	s := strconv.FormatFloat(x, 'f', 4, 64)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	if s == "-0" {
		return "0"
	}
	return s
}

// Grid is where a point's forecast lives.
type Grid struct {
	GridID           string `json:"gridId,required"`
	GridX            int    `json:"gridX"`
	GridY            int    `json:"gridY"`
	Forecast         string `json:"forecast,required"`
	TimeZone         string `json:"timeZone"`
	RelativeLocation struct {
		Properties struct {
			City  string `json:"city"`
			State string `json:"state"`
		} `json:"properties"`
	} `json:"relativeLocation"`
}

// DecodeGrid reads a /points answer.
func DecodeGrid(body []byte) (Grid, error) {
	var r struct {
		Properties Grid `json:"properties,required"`
	}
	if err := upstreams.DecodeJSON(Source.Name, body, &r); err != nil {
		return Grid{}, err
	}
	if r.Properties.GridID == "" || r.Properties.Forecast == "" {
		return Grid{}, upstreams.Errorf(Source.Name, upstreams.BadAnswer, "point has no forecast grid")
	}
	return r.Properties, nil
}

// Forecast builds the GET of a grid's forecast address, which must be on
// this source's host: NWS hands it out and nothing else is followed.
func Forecast(g Grid) (*upstreams.Request, error) {
	if !strings.HasPrefix(g.Forecast, Source.BaseURL+"/gridpoints/") {
		return nil, upstreams.Errorf(Source.Name, upstreams.BadAnswer, "forecast address is not on the NWS grid")
	}
	return &upstreams.Request{Source: Source.Name, URL: g.Forecast, Header: geoJSON}, nil
}

// Period is one named forecast period (day or night).
type Period struct {
	Number                     int    `json:"number"`
	Name                       string `json:"name"`
	StartTime                  string `json:"startTime"`
	EndTime                    string `json:"endTime"`
	IsDaytime                  bool   `json:"isDaytime"`
	Temperature                *int   `json:"temperature"`
	TemperatureUnit            string `json:"temperatureUnit"`
	ProbabilityOfPrecipitation struct {
		Value *float64 `json:"value"`
	} `json:"probabilityOfPrecipitation"`
	WindSpeed        string `json:"windSpeed"`
	WindDirection    string `json:"windDirection"`
	ShortForecast    string `json:"shortForecast"`
	DetailedForecast string `json:"detailedForecast"`
}

// Periods is a grid forecast.
type Periods struct {
	Updated string   `json:"updated"`
	Units   string   `json:"units"`
	Periods []Period `json:"periods,required"`
}

// DecodeForecast reads a gridpoints forecast answer.
func DecodeForecast(body []byte) (Periods, error) {
	var r struct {
		Properties Periods `json:"properties,required"`
	}
	if err := upstreams.DecodeJSON(Source.Name, body, &r); err != nil {
		return Periods{}, err
	}
	return r.Properties, nil
}
