// Package nhtsa is the client of two NHTSA services, each its own host and
// source: the recalls API and the vPIC VIN decoder.
package nhtsa

import (
	"embed"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

//go:embed testdata
var testdata embed.FS

// Recalls is api.nhtsa.gov. No rate limit is published; campaigns change
// slowly, so answers are cached for hours.
var Recalls = upstreams.Register(upstreams.Source{
	Name: "nhtsa_recalls", Title: "NHTSA Recalls API", BaseURL: "https://api.nhtsa.gov",
	Rate: 2, Burst: 5, Concurrency: 5, Timeout: 15 * time.Second, Retries: 2, CacheTTL: 6 * time.Hour,
	Recorded: testdata,
	Fixtures: []upstreams.Fixture{
		{Path: "/recalls/recallsByVehicle", Query: "modelYear=2003", File: "testdata/recalls_accord_2003.json"},
		{Path: "/recalls/recallsByVehicle", Query: "modelYear=2027", File: "testdata/recalls_none.json"},
		{Path: "/recalls/recallsByVehicle", Query: "modelYear=2026", File: "testdata/recalls_civic_2026.json"},
		{Path: "/recalls/recallsByVehicle", Query: "modelYear=2025", File: "testdata/recalls_civic_2025.json"},
		{Path: "/recalls/recallsByVehicle", Query: "modelYear=2024", File: "testdata/recalls_none.json"},
		{Path: "/recalls/recallsByVehicle", Query: "modelYear=2023", File: "testdata/recalls_civic_2023.json"},
	},
})

// VPIC is the vPIC vehicle decoder, which asks for reasonable use; a VIN
// always decodes the same way, so answers are kept for a day.
var VPIC = upstreams.Register(upstreams.Source{
	Name: "nhtsa_vpic", Title: "NHTSA vPIC", BaseURL: "https://vpic.nhtsa.dot.gov/api/vehicles",
	Rate: 2, Burst: 5, Concurrency: 3, Timeout: 15 * time.Second, Retries: 2, CacheTTL: 24 * time.Hour,
	Recorded: testdata,
	Fixtures: []upstreams.Fixture{
		{Path: "/DecodeVinValues/1HGCM82633A004352", File: "testdata/vin_accord.json"},
		{Path: "/DecodeVinValues/SZZZZZZZ8ZZZZZZZ9", File: "testdata/vin_unknown.json"},
	},
})
