// Package markets holds the prediction-market tools: scans, feeds and
// analytics over venueA (Polymarket) and venueB (Kalshi).
package markets

import "github.com/coinslot/coinslot/registry"

// family is the category every tool of this package sells under.
const family registry.Family = "Prediction Markets"
