// Package portwatch is the client of IMF PortWatch, published as ArcGIS
// feature services: daily vessel transits through maritime chokepoints and
// daily port calls, from AIS data.
package portwatch

import (
	"embed"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

//go:embed testdata
var testdata embed.FS

// Source publishes no rate limit; data is refreshed weekly (Tuesdays), so
// answers are cached for hours.
var Source = upstreams.Register(upstreams.Source{
	Name:        "portwatch",
	Title:       "IMF PortWatch",
	BaseURL:     "https://services9.arcgis.com/weJ1QsnbMYJlCHdG/arcgis/rest/services",
	Rate:        1,
	Burst:       5,
	Concurrency: 3,
	Timeout:     20 * time.Second,
	Retries:     2,
	CacheTTL:    6 * time.Hour,
	Recorded:    testdata,
	Fixtures: []upstreams.Fixture{
		{Path: layerPath(Chokepoints), Query: "chokepoint6", File: "testdata/chokepoint6.json"},
		{Path: layerPath(Chokepoints), Query: "chokepoint1", File: "testdata/chokepoint1.json"},
		{Path: layerPath(Ports), Query: "port1114", File: "testdata/port1114.json"},
		{Path: layerPath(Ports), Query: "port9999", File: "testdata/port_unknown.json"},
	},
})

// Layers.
const (
	Chokepoints = "Daily_Chokepoints_Data" // daily transits per chokepoint (portid chokepoint1...)
	Ports       = "Daily_Ports_Data"       // daily port calls per port (portid port1...)
)

func layerPath(layer string) string { return "/" + layer + "/FeatureServer/0/query" }
