package env

import (
	"context"
	"maps"
	"slices"
	"sort"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/eonet"
)

// fireRegions are the named areas a search can be limited to, in EONET's
// box order (west, north, east, south).
var fireRegions = map[string]eonet.Box{
	"us":            {West: -125, North: 50, East: -66, South: 24},
	"us-west":       {West: -125, North: 49, East: -102, South: 31},
	"california":    {West: -124.5, North: 42.1, East: -114.1, South: 32.5},
	"canada":        {West: -141, North: 70, East: -52, South: 41.7},
	"alaska":        {West: -170, North: 71.5, East: -130, South: 51},
	"mexico":        {West: -118.5, North: 32.7, East: -86.7, South: 14.5},
	"south-america": {West: -82, North: 13, East: -34, South: -56},
	"europe":        {West: -25, North: 71, East: 45, South: 34},
	"africa":        {West: -18, North: 38, East: 52, South: -35},
	"asia":          {West: 45, North: 78, East: 180, South: -11},
	"australia":     {West: 112, North: -10, East: 154, South: -44},
}

func regionNames() []string {
	return slices.Sorted(maps.Keys(fireRegions))
}

func init() {
	family.Register(&registry.Tool{
		Name: "wildfires", Path: "/paid/env/wildfires", Price: "0.03",
		Description: "Open wildfires tracked by NASA EONET, worldwide or in a named region: name, latest position and date, " +
			"size where reported (acres), and the incident sources.",
		Params: []registry.Param{
			registry.Int("limit").Range(10, 100).WithDefault(50),
			registry.Str("region").OneOf(regionNames()...).Describe("named area; worldwide when absent"),
		},
		Example:  map[string]any{"limit": 10},
		Synonyms: []string{"forest fires", "wildfire map", "active fires", "bushfires", "fire tracking"},
		Expected: "Envelope whose data is an array of NASA EONET wildfires with location, size and sources, most recently updated first.",
		Shape:    registry.Envelope,
		Result:   []fire(nil),
		Sources:  []string{eonet.Source.Name},
		Handler:  wildfires,
	})
}

type fireSource struct {
	ID  string `json:"id"`
	URL string `json:"url"`
}

type fire struct {
	ID        string       `json:"id"`
	Title     string       `json:"title"`
	Latitude  *float64     `json:"latitude"`
	Longitude *float64     `json:"longitude"`
	Date      string       `json:"date"`
	Size      *float64     `json:"size"`
	SizeUnit  *string      `json:"size_unit"`
	FirstSeen string       `json:"first_seen"`
	Sources   []fireSource `json:"sources"`
	Link      string       `json:"link"`
}

func wildfires(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	var box *eonet.Box
	if b, ok := fireRegions[c.Args.String("region")]; ok {
		box = &b
	}
	up := upstreams.NewSession(c.Upstream)
	events, err := upstreams.Fetch(ctx, up, eonet.OpenEvents("wildfires", c.Args.Int("limit"), box), eonet.DecodeEvents)
	if err != nil {
		return nil, err
	}
	out := make([]fire, 0, len(events))
	for _, e := range events {
		if len(e.Geometry) == 0 {
			continue
		}
		latest := e.Geometry[len(e.Geometry)-1]
		fr := fire{
			ID: e.ID, Title: e.Title, Date: latest.Date, Size: latest.MagnitudeValue, SizeUnit: latest.MagnitudeUnit,
			FirstSeen: e.Geometry[0].Date, Sources: []fireSource{}, Link: e.Link,
		}
		if lon, lat, ok := latest.Point(); ok {
			fr.Longitude, fr.Latitude = &lon, &lat
		}
		for _, s := range e.Sources {
			fr.Sources = append(fr.Sources, fireSource{ID: s.ID, URL: s.URL})
		}
		out = append(out, fr)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Date > out[j].Date })
	return &registry.Result{Data: out, Count: len(out), Source: eonet.Source.Title, Cached: up.Cached()}, nil
}
