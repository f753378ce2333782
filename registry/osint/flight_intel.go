package osint

import (
	"context"
	"math"
	"regexp"
	"sort"
	"strings"
	"time"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/tidy"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/adsblol"
	"github.com/coinslot/coinslot/upstreams/faa"
)

func init() {
	family.Register(&registry.Tool{
		Name: "flight_intel", Path: "/paid/osint/flight-intel", Price: "0.02",
		Description: "Live aircraft picture within 25 nautical miles of an airport, or for one aircraft by transponder hex or callsign: counts, military aircraft, emergency squawks, and FAA delay context for US airports. Give airport_code, tail_number or both.",
		Params: []registry.Param{
			registry.Str("airport_code").Len(3, 4).Describe("ICAO code, e.g. KJFK; a 3-letter code is read as a US FAA code"),
			registry.Str("tail_number").Len(2, 10).Describe("transponder hex or callsign filter"),
			registry.Int("hours_back").Range(1, 72).WithDefault(12).Describe("drop positions older than this; the live feed holds only recent positions"),
		},
		Example:  map[string]any{"airport_code": "KJFK"},
		Synonyms: []string{"planes overhead", "aircraft tracking", "military aircraft", "squawk 7700", "ads-b", "flight tracker"},
		Expected: "Envelope whose data counts and lists the aircraft adsb.lol sees around an airport (airborne, on ground, military, emergencies), with FAA NAS status for US airports.",
		Shape:    registry.Envelope,
		Result:   flightPicture{},
		Sources:  []string{adsblol.Source.Name, faa.Source.Name},
		Handler:  flightIntel,
	})
}

// flightRadiusNM is the circle around an airport that counts as its traffic.
const flightRadiusNM = 25

var hexRe = regexp.MustCompile(`^[0-9a-fA-F]{6}$`)

// emergencySquawks are the transponder codes reserved for distress.
var emergencySquawks = map[string]string{"7500": "unlawful interference", "7600": "radio failure", "7700": "general emergency"}

type flightAirport struct {
	ICAO      string  `json:"icao"`
	IATA      string  `json:"iata"`
	Name      string  `json:"name"`
	Latitude  float64 `json:"latitude"`
	Longitude float64 `json:"longitude"`
}

type flightAircraft struct {
	Hex        string   `json:"hex"`
	Callsign   string   `json:"callsign"`
	Reg        string   `json:"registration"`
	Type       string   `json:"type"`
	AltitudeFt *float64 `json:"altitude_ft"`
	OnGround   bool     `json:"on_ground"`
	SpeedKt    *float64 `json:"ground_speed_kt"`
	Track      *float64 `json:"track"`
	Squawk     string   `json:"squawk"`
	Military   bool     `json:"military"`
	Latitude   *float64 `json:"latitude"`
	Longitude  *float64 `json:"longitude"`
	DistanceNM *float64 `json:"distance_nm"`
}

type flightEmergency struct {
	Hex      string `json:"hex"`
	Callsign string `json:"callsign"`
	Squawk   string `json:"squawk"`
	Meaning  string `json:"meaning"`
}

type flightPicture struct {
	Airport       *flightAirport    `json:"airport"`
	RadiusNM      *int              `json:"radius_nm"`
	FeedTime      string            `json:"feed_time"`
	AircraftCount int               `json:"aircraft_count"`
	Airborne      int               `json:"airborne"`
	OnGround      int               `json:"on_ground"`
	MilitaryCount int               `json:"military_count"`
	Emergencies   []flightEmergency `json:"emergencies"`
	Aircraft      []flightAircraft  `json:"aircraft"`
	FAAStatus     *airportReport    `json:"faa_status"`
}

func flightIntel(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	code := strings.ToUpper(strings.TrimSpace(c.Args.String("airport_code")))
	tail := strings.TrimSpace(c.Args.String("tail_number"))
	if code == "" && tail == "" {
		return nil, upstreams.Errorf(adsblol.Source.Name, upstreams.NotFound, "give airport_code, tail_number or both")
	}
	if len(code) == 3 {
		code = "K" + code
	}
	up := upstreams.NewSession(c.Upstream)
	pic := flightPicture{Emergencies: []flightEmergency{}, Aircraft: []flightAircraft{}}
	sources := []string{adsblol.Source.Title}
	var snap adsblol.Snapshot
	var err error
	if code != "" {
		ap, err := upstreams.Fetch(ctx, up, adsblol.Airport(code), adsblol.DecodeAirport)
		if err != nil {
			return nil, err
		}
		pic.Airport = &flightAirport{ICAO: ap.ICAO, IATA: ap.IATA, Name: ap.Name, Latitude: ap.Lat, Longitude: ap.Lon}
		pic.RadiusNM = ptr(flightRadiusNM)
		if snap, err = upstreams.Fetch(ctx, up, adsblol.Point(ap.Lat, ap.Lon, flightRadiusNM), adsblol.DecodeSnapshot); err != nil {
			return nil, err
		}
		if faaID, ok := faaCode(ap.ICAO); ok && ap.CountryISO2 == "US" {
			st, err := upstreams.Fetch(ctx, up, faa.AirportStatus(), faa.DecodeStatus)
			if err != nil {
				return nil, err
			}
			pic.FAAStatus = ptr(airportReportFor(st, ap.ICAO, faaID))
			sources = append(sources, faa.Source.Title)
		}
	} else {
		req := adsblol.Callsign(tail)
		if hexRe.MatchString(tail) {
			req = adsblol.Hex(tail)
		}
		if snap, err = upstreams.Fetch(ctx, up, req, adsblol.DecodeSnapshot); err != nil {
			return nil, err
		}
	}
	pic.FeedTime = snap.Now.Format(time.RFC3339)
	maxAge := float64(c.Args.Int("hours_back") * 3600)
	for _, a := range snap.Aircraft {
		if tail != "" && !strings.EqualFold(a.Hex, tail) && !strings.EqualFold(a.Flight, tail) {
			continue
		}
		if a.SeenPos != nil && *a.SeenPos > maxAge {
			continue
		}
		fa := flightAircraft{
			Hex: a.Hex, Callsign: a.Flight, Reg: a.Reg, Type: a.Type, AltitudeFt: a.AltBaro, OnGround: a.OnGround,
			SpeedKt: a.GS, Track: a.Track, Squawk: a.Squawk, Military: a.Military(), Latitude: a.Lat, Longitude: a.Lon,
		}
		if pic.Airport != nil && a.Lat != nil && a.Lon != nil {
			fa.DistanceNM = ptr(tidy.Round(distanceNM(pic.Airport.Latitude, pic.Airport.Longitude, *a.Lat, *a.Lon), 1))
		}
		if fa.OnGround {
			pic.OnGround++
		} else {
			pic.Airborne++
		}
		if fa.Military {
			pic.MilitaryCount++
		}
		if meaning, ok := emergencySquawks[a.Squawk]; ok {
			pic.Emergencies = append(pic.Emergencies, flightEmergency{Hex: a.Hex, Callsign: a.Flight, Squawk: a.Squawk, Meaning: meaning})
		}
		pic.Aircraft = append(pic.Aircraft, fa)
	}
	pic.AircraftCount = len(pic.Aircraft)
	sort.SliceStable(pic.Aircraft, func(i, j int) bool {
		di, dj := pic.Aircraft[i].DistanceNM, pic.Aircraft[j].DistanceNM
		return di != nil && (dj == nil || *di < *dj)
	})
	return &registry.Result{Data: pic, Count: pic.AircraftCount, Source: strings.Join(sources, ", "), Cached: up.Cached()}, nil
}

// distanceNM is the great-circle distance in nautical miles.
func distanceNM(lat1, lon1, lat2, lon2 float64) float64 {
	const earthNM = 3440.065
	rad := math.Pi / 180
	dLat, dLon := (lat2-lat1)*rad, (lon2-lon1)*rad
	a := math.Sin(dLat/2)*math.Sin(dLat/2) + math.Cos(lat1*rad)*math.Cos(lat2*rad)*math.Sin(dLon/2)*math.Sin(dLon/2)
	return 2 * earthNM * math.Asin(math.Sqrt(a))
}
