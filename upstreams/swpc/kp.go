package swpc

import (
	"fmt"
	"time"
)

// Kp is one 3-hour planetary K index reading, starting at Time.
type Kp struct {
	Time         time.Time
	Kp           float64
	ARunning     *float64
	StationCount *float64
}

// DecodeKp reads noaa-planetary-k-index.json.
func DecodeKp(body []byte) ([]Kp, error) {
	return decodeRows(body, func(r row) (Kp, error) {
		t, err := r.time("time_tag")
		if err != nil {
			return Kp{}, err
		}
		kp, err := r.num("Kp")
		if err == nil && kp == nil {
			err = fmt.Errorf("Kp missing at %s", t)
		}
		if err != nil {
			return Kp{}, err
		}
		a, err := r.num("a_running")
		if err != nil {
			return Kp{}, err
		}
		n, err := r.num("station_count")
		return Kp{Time: t, Kp: *kp, ARunning: a, StationCount: n}, err
	})
}

// KpForecast is one 3-hour period of the Kp forecast table: observed,
// estimated or predicted, with the NOAA G scale when one applies.
type KpForecast struct {
	Time      time.Time
	Kp        float64
	Observed  string // observed, estimated or predicted
	NOAAScale string // e.g. G1; empty below storm level
}

// DecodeKpForecast reads noaa-planetary-k-index-forecast.json.
func DecodeKpForecast(body []byte) ([]KpForecast, error) {
	return decodeRows(body, func(r row) (KpForecast, error) {
		t, err := r.time("time_tag")
		if err != nil {
			return KpForecast{}, err
		}
		kp, err := r.num("kp")
		if err == nil && kp == nil {
			err = fmt.Errorf("kp missing at %s", t)
		}
		if err != nil {
			return KpForecast{}, err
		}
		return KpForecast{Time: t, Kp: *kp, Observed: r.str("observed"), NOAAScale: r.str("noaa_scale")}, nil
	})
}
