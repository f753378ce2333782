package osint

import (
	"context"
	"sort"
	"strings"
	"time"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/openaq"
)

func init() {
	family.Register(&registry.Tool{
		Name: "air_quality_stations", Path: "/paid/osint/air-quality-stations", Price: "0.02",
		Description: "Air-quality monitoring stations reporting in the last 24 hours, with their pollutants, provider and position.",
		Params: []registry.Param{
			registry.Int("limit").Range(5, 100).WithDefault(30),
			registry.Str("country").Len(2, 2).Describe("ISO 3166-1 alpha-2 code"),
		},
		Example:  map[string]any{"limit": 10, "country": "US"},
		Synonyms: []string{"air monitors", "pollution sensors", "openaq", "monitoring sites"},
		Expected: "Envelope whose data is an array of OpenAQ stations with location, provider and measured parameters, most recently updated first.",
		Shape:    registry.Envelope,
		Result:   []aqStation(nil),
		Sources:  []string{openaq.Source.Name},
		Handler:  airQualityStations,
	})
}

// stationsScanned is how many of a country's newest stations are read to
// find the active ones; many listed stations are archived.
const stationsScanned = 1000

// activeWithin is how recent a station's last report must be.
const activeWithin = 24 * time.Hour

type aqStation struct {
	ID         int      `json:"id"`
	Name       string   `json:"name"`
	Locality   *string  `json:"locality"`
	Country    string   `json:"country"`
	Latitude   float64  `json:"latitude"`
	Longitude  float64  `json:"longitude"`
	Provider   string   `json:"provider"`
	Parameters []string `json:"parameters"`
	LastUpdate string   `json:"last_update"`
}

func airQualityStations(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	up := upstreams.NewSession(c.Upstream)
	locs, err := upstreams.Fetch(ctx, up, openaq.Locations{Country: strings.ToUpper(c.Args.String("country")), Limit: stationsScanned}.Request(), openaq.DecodeLocations)
	if err != nil {
		return nil, err
	}
	cutoff := c.Now.Add(-activeWithin)
	out := []aqStation{}
	for _, l := range locs {
		last, err := time.Parse(time.RFC3339, l.LastUTC())
		if err != nil || last.Before(cutoff) || l.IsMobile {
			continue
		}
		params := make([]string, 0, len(l.Sensors))
		for _, s := range l.Sensors {
			params = append(params, s.Parameter.Name)
		}
		out = append(out, aqStation{
			ID: l.ID, Name: l.Name, Locality: l.Locality, Country: l.Country.Code,
			Latitude: l.Coordinates.Latitude, Longitude: l.Coordinates.Longitude, Provider: l.Provider.Name,
			Parameters: params, LastUpdate: last.UTC().Format(time.RFC3339),
		})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].LastUpdate > out[j].LastUpdate })
	out = out[:min(len(out), c.Args.Int("limit"))]
	return &registry.Result{Data: out, Count: len(out), Source: openaq.Source.Title, Cached: up.Cached()}, nil
}
