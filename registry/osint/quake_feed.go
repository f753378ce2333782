package osint

import (
	"context"
	"time"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/usgs"
)

func init() {
	family.Register(&registry.Tool{
		Name: "quake_feed", Path: "/paid/osint/quake-feed", Price: "0.02",
		Description: "Latest earthquakes worldwide from the USGS catalog (past 30 days), newest first, with magnitude, depth, PAGER alert level and tsunami flag.",
		Params: []registry.Param{
			registry.Int("limit").Range(5, 200).WithDefault(50),
			registry.Num("min_mag").Range(-1, 10).Describe("minimum magnitude"),
		},
		Example:  map[string]any{"limit": 10, "min_mag": 2.5},
		Synonyms: []string{"earthquake today", "seismic activity", "tremors", "tsunami warning", "usgs"},
		Expected: "Envelope whose data is an array of USGS earthquakes with magnitude, place, depth, alert and tsunami flags, newest first.",
		Shape:    registry.Envelope,
		Result:   []quake(nil),
		Sources:  []string{usgs.Source.Name},
		Handler:  quakeFeed,
		// The catalog's 30 days may hold fewer quakes above min_mag than asked.
		Metered: registry.PerItem("limit"),
	})
}

type quake struct {
	ID          string   `json:"id"`
	Magnitude   *float64 `json:"magnitude"`
	MagType     string   `json:"magnitude_type"`
	Place       string   `json:"place"`
	Time        string   `json:"time"`
	DepthKm     *float64 `json:"depth_km"`
	Latitude    *float64 `json:"latitude"`
	Longitude   *float64 `json:"longitude"`
	Alert       *string  `json:"alert"`
	Tsunami     bool     `json:"tsunami"`
	Sig         int      `json:"significance"`
	FeltReports *int     `json:"felt_reports"`
	Status      string   `json:"status"`
	URL         string   `json:"url"`
}

func quakeFeed(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	q := usgs.Query{Limit: c.Args.Int("limit")}
	if c.Args.Has("min_mag") {
		m := c.Args.Float("min_mag")
		q.MinMag = &m
	}
	up := upstreams.NewSession(c.Upstream)
	events, err := upstreams.Fetch(ctx, up, usgs.Events(q), usgs.DecodeEvents)
	if err != nil {
		return nil, err
	}
	out := make([]quake, 0, len(events))
	for _, e := range events {
		p := e.Properties
		qk := quake{
			ID: e.ID, Magnitude: p.Mag, MagType: p.MagType, Place: p.Place,
			Time:  time.UnixMilli(p.Time).UTC().Format(time.RFC3339),
			Alert: p.Alert, Tsunami: p.Tsunami == 1, Sig: p.Sig, FeltReports: p.Felt, Status: p.Status, URL: p.URL,
		}
		if cs := e.Geometry.Coordinates; len(cs) >= 3 {
			qk.Longitude, qk.Latitude, qk.DepthKm = &cs[0], &cs[1], &cs[2]
		}
		out = append(out, qk)
		if len(out) == q.Limit {
			break
		}
	}
	return &registry.Result{Data: out, Count: len(out), Source: usgs.Source.Title, Cached: up.Cached()}, nil
}
