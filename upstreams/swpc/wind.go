package swpc

import (
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

// Plasma is one minute of solar wind plasma at L1; nil marks a gap.
type Plasma struct {
	Time        time.Time
	Density     *float64 // protons per cm³
	Speed       *float64 // km/s
	Temperature *float64 // kelvin
}

// DecodePlasma reads a solar-wind/plasma-*.json table.
func DecodePlasma(body []byte) ([]Plasma, error) {
	return decodeRows(body, func(r row) (Plasma, error) {
		t, err := r.time("time_tag")
		if err != nil {
			return Plasma{}, err
		}
		p := Plasma{Time: t}
		for col, dst := range map[string]**float64{"density": &p.Density, "speed": &p.Speed, "temperature": &p.Temperature} {
			if *dst, err = r.num(col); err != nil {
				return Plasma{}, err
			}
		}
		return p, nil
	})
}

// Flare is one GOES X-ray flare: begin, peak and end with their classes.
// Times are RFC 3339; EndTime is empty while the flare is in progress.
type Flare struct {
	BeginTime  string   `json:"begin_time,required"`
	BeginClass string   `json:"begin_class"`
	MaxTime    string   `json:"max_time"`
	MaxClass   string   `json:"max_class"`
	MaxXrLong  *float64 `json:"max_xrlong"` // peak 0.1-0.8 nm flux, W/m²
	EndTime    string   `json:"end_time"`
	EndClass   string   `json:"end_class"`
	Satellite  int      `json:"satellite"`
}

// DecodeFlares reads xray-flares-7-day.json.
func DecodeFlares(body []byte) ([]Flare, error) {
	var out []Flare
	if err := upstreams.DecodeJSON(Source.Name, body, &out); err != nil {
		return nil, err
	}
	return out, nil
}

// Aurora is the OVATION nowcast: Points are [longitude 0-359, latitude
// -90..90, probability 0-100].
type Aurora struct {
	ObservationTime string       `json:"Observation Time"`
	ForecastTime    string       `json:"Forecast Time,required"`
	Points          [][3]float64 `json:"coordinates,required"`
}

// DecodeAurora reads ovation_aurora_latest.json.
func DecodeAurora(body []byte) (Aurora, error) {
	var a Aurora
	err := upstreams.DecodeJSON(Source.Name, body, &a)
	return a, err
}
