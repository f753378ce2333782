package adsblol

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

// Airport builds GET /api/0/airport/{icao}.
func Airport(icao string) *upstreams.Request {
	return &upstreams.Request{Source: Source.Name, URL: Source.BaseURL + "/api/0/airport/" + url.PathEscape(strings.ToUpper(icao))}
}

// AirportInfo is an airport of the standing-data set.
type AirportInfo struct {
	Name        string  `json:"name"`
	ICAO        string  `json:"icao,required"`
	IATA        string  `json:"iata"`
	Location    string  `json:"location"`
	CountryISO2 string  `json:"countryiso2"`
	Lat         float64 `json:"lat"`
	Lon         float64 `json:"lon"`
	AltFeet     float64 `json:"alt_feet"`
}

// DecodeAirport reads an airport; the service answers null for an unknown code.
func DecodeAirport(body []byte) (AirportInfo, error) {
	if bytes.Equal(bytes.TrimSpace(body), []byte("null")) {
		return AirportInfo{}, upstreams.Errorf(Source.Name, upstreams.NotFound, "unknown airport code")
	}
	var a AirportInfo
	if err := upstreams.DecodeJSON(Source.Name, body, &a); err != nil {
		return AirportInfo{}, err
	}
	return a, nil
}

// MaxRadiusNM is the widest circle /v2/point serves.
const MaxRadiusNM = 250

// Point builds GET /v2/point/{lat}/{lon}/{radius}: aircraft within radius
// nautical miles.
func Point(lat, lon float64, radiusNM int) *upstreams.Request {
	f := func(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }
	return &upstreams.Request{Source: Source.Name, URL: fmt.Sprintf("%s/v2/point/%s/%s/%d", Source.BaseURL, f(lat), f(lon), min(radiusNM, MaxRadiusNM))}
}

// Hex builds GET /v2/hex/{hex}: one transponder address.
func Hex(hex string) *upstreams.Request {
	return &upstreams.Request{Source: Source.Name, URL: Source.BaseURL + "/v2/hex/" + url.PathEscape(strings.ToLower(hex))}
}

// Callsign builds GET /v2/callsign/{callsign}.
func Callsign(cs string) *upstreams.Request {
	return &upstreams.Request{Source: Source.Name, URL: Source.BaseURL + "/v2/callsign/" + url.PathEscape(strings.ToUpper(cs))}
}

// Aircraft is one aircraft in readsb's JSON. AltBaro is in feet, nil on the
// ground (the feed sends the string "ground").
type Aircraft struct {
	Hex       string
	Flight    string // callsign, trimmed
	Reg       string
	Type      string
	AltBaro   *float64
	OnGround  bool
	GS        *float64 // knots
	Track     *float64
	Squawk    string
	Emergency string
	Category  string
	Lat, Lon  *float64
	SeenPos   *float64 // seconds since the last position
	DBFlags   int      // 1 military, 2 interesting, 4 PIA, 8 LADD
}

// Military reports the military flag of the aircraft database.
func (a Aircraft) Military() bool { return a.DBFlags&1 != 0 }

// Snapshot is one answer of the live API.
type Snapshot struct {
	Now      time.Time
	Aircraft []Aircraft
}

// DecodeSnapshot reads a /v2 answer.
func DecodeSnapshot(body []byte) (Snapshot, error) {
	var r struct {
		AC  *[]map[string]json.RawMessage `json:"ac,required"`
		Now float64                       `json:"now,required"`
	}
	if err := upstreams.DecodeJSON(Source.Name, body, &r); err != nil {
		return Snapshot{}, err
	}
	ms := r.Now
	if ms < 1e12 { // some readsb builds send seconds
		ms *= 1000
	}
	s := Snapshot{Now: time.UnixMilli(int64(ms)).UTC(), Aircraft: make([]Aircraft, 0, len(*r.AC))}
	for _, raw := range *r.AC {
		a := Aircraft{
			Hex: str(raw["hex"]), Flight: strings.TrimSpace(str(raw["flight"])), Reg: str(raw["r"]), Type: str(raw["t"]),
			GS: num(raw["gs"]), Track: num(raw["track"]), Squawk: str(raw["squawk"]), Emergency: str(raw["emergency"]),
			Category: str(raw["category"]), Lat: num(raw["lat"]), Lon: num(raw["lon"]), SeenPos: num(raw["seen_pos"]),
		}
		if alt := num(raw["alt_baro"]); alt != nil {
			a.AltBaro = alt
		} else {
			a.OnGround = str(raw["alt_baro"]) == "ground"
		}
		if f := num(raw["dbFlags"]); f != nil {
			a.DBFlags = int(*f)
		}
		s.Aircraft = append(s.Aircraft, a)
	}
	return s, nil
}

func str(raw json.RawMessage) string {
	var s string
	_ = json.Unmarshal(raw, &s)
	return s
}

func num(raw json.RawMessage) *float64 {
	var f float64
	if json.Unmarshal(raw, &f) != nil {
		return nil
	}
	return &f
}
