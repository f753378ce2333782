package env

import (
	"context"
	"math"
	"sort"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/swpc"
)

// Summary bounds for the OVATION grid: probabilities of at least
// visibleChance percent count as the oval's edge, bands are bandWidth
// degrees of longitude, and topPoints are listed.
const (
	visibleChance = 10
	bandWidth     = 30
	topPoints     = 10
)

func init() {
	family.Register(&registry.Tool{
		Name: "aurora_forecast", Path: "/paid/env/aurora", Price: "0.03",
		Description: "NOAA SWPC OVATION aurora nowcast (about 30 minutes ahead), summarised: peak probability in each hemisphere, how far " +
			"toward the equator the oval reaches (10% chance) in each 30° longitude band, and the most likely grid points.",
		Example:  map[string]any{},
		Synonyms: []string{"northern lights", "southern lights", "aurora borealis", "aurora visibility"},
		Expected: "Envelope whose data holds NOAA SWPC's aurora forecast with the peak probability per hemisphere, the oval's edge and the likeliest points, longitudes in -180..180.",
		Shape:    registry.Envelope,
		Result:   auroraSummary{},
		Sources:  []string{swpc.Source.Name},
		Handler:  auroraForecast,
	})
}

type auroraPoint struct {
	Latitude    float64 `json:"latitude"`
	Longitude   float64 `json:"longitude"`
	Probability float64 `json:"probability"`
}

type hemispherePeak struct {
	MaxProbability float64  `json:"max_probability"`
	Latitude       *float64 `json:"latitude"`
	Longitude      *float64 `json:"longitude"`
}

type ovalEdge struct {
	Hemisphere string  `json:"hemisphere"`
	LonFrom    int     `json:"lon_from"`
	LonTo      int     `json:"lon_to"`
	Latitude   float64 `json:"latitude"`
}

type auroraSummary struct {
	ObservationTime string         `json:"observation_time"`
	ForecastTime    string         `json:"forecast_time"`
	North           hemispherePeak `json:"north"`
	South           hemispherePeak `json:"south"`
	OvalEdge        []ovalEdge     `json:"oval_edge"`
	TopPoints       []auroraPoint  `json:"top_points"`
}

func auroraForecast(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	up := upstreams.NewSession(c.Upstream)
	a, err := upstreams.Fetch(ctx, up, swpc.Get(swpc.AuroraPath), swpc.DecodeAurora)
	if err != nil {
		return nil, err
	}
	out := auroraSummary{ObservationTime: a.ObservationTime, ForecastTime: a.ForecastTime, OvalEdge: []ovalEdge{}}
	type bandKey struct {
		north bool
		band  int
	}
	edges := map[bandKey]float64{}
	points := make([]auroraPoint, 0, len(a.Points))
	for _, p := range a.Points {
		pt := auroraPoint{Latitude: p[1], Longitude: math.Mod(p[0]+180, 360) - 180, Probability: p[2]}
		if pt.Probability <= 0 || pt.Latitude == 0 {
			continue
		}
		peak := &out.South
		if pt.Latitude > 0 {
			peak = &out.North
		}
		if pt.Probability > peak.MaxProbability {
			lat, lon := pt.Latitude, pt.Longitude
			*peak = hemispherePeak{MaxProbability: pt.Probability, Latitude: &lat, Longitude: &lon}
		}
		if pt.Probability >= visibleChance {
			k := bandKey{north: pt.Latitude > 0, band: int(math.Floor((pt.Longitude + 180) / bandWidth))}
			if edge, seen := edges[k]; !seen || math.Abs(pt.Latitude) < math.Abs(edge) {
				edges[k] = pt.Latitude
			}
		}
		points = append(points, pt)
	}
	for k, lat := range edges {
		hemi := "south"
		if k.north {
			hemi = "north"
		}
		from := k.band*bandWidth - 180
		out.OvalEdge = append(out.OvalEdge, ovalEdge{Hemisphere: hemi, LonFrom: from, LonTo: from + bandWidth, Latitude: lat})
	}
	sort.Slice(out.OvalEdge, func(i, j int) bool {
		a, b := out.OvalEdge[i], out.OvalEdge[j]
		if a.Hemisphere != b.Hemisphere {
			return a.Hemisphere == "north"
		}
		return a.LonFrom < b.LonFrom
	})
	sort.SliceStable(points, func(i, j int) bool {
		if points[i].Probability != points[j].Probability {
			return points[i].Probability > points[j].Probability
		}
		if points[i].Latitude != points[j].Latitude {
			return points[i].Latitude > points[j].Latitude
		}
		return points[i].Longitude < points[j].Longitude
	})
	out.TopPoints = points[:min(topPoints, len(points))]
	return &registry.Result{Data: out, Count: 1, Source: swpc.Source.Title, Cached: up.Cached()}, nil
}
