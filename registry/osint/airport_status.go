package osint

import (
	"context"
	"strings"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/faa"
)

func init() {
	family.Register(&registry.Tool{
		Name: "airport_status", Path: "/paid/osint/airport", Price: "0.02",
		Description: "Current FAA status of a US airport: ground stops, ground delay programs, arrival/departure delays and closures.",
		Params: []registry.Param{
			registry.Str("icao").Req().Len(3, 4).Describe("ICAO code, e.g. KJFK"),
		},
		Example:  map[string]any{"icao": "KSFO"},
		Synonyms: []string{"flight delays", "airport delays", "ground stop", "airport closure", "faa delays"},
		Expected: "Envelope whose data is one airport's FAA NAS status with its current delays, their reasons and lengths.",
		Shape:    registry.Envelope,
		Result:   airportReport{},
		Sources:  []string{faa.Source.Name},
		Handler:  airportStatus,
	})
}

func airportStatus(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	icao := strings.ToUpper(strings.TrimSpace(c.Args.String("icao")))
	code, ok := faaCode(icao)
	if !ok {
		return nil, upstreams.Errorf(faa.Source.Name, upstreams.NotFound, "FAA status covers US airports only; give a K-prefixed ICAO code such as KJFK")
	}
	up := upstreams.NewSession(c.Upstream)
	st, err := upstreams.Fetch(ctx, up, faa.AirportStatus(), faa.DecodeStatus)
	if err != nil {
		return nil, err
	}
	return &registry.Result{Data: airportReportFor(st, icao, code), Count: 1, Source: faa.Source.Title, Cached: up.Cached()}, nil
}
