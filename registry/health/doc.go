// Package health holds the public-health tools: openFDA drug and food
// recalls, adverse events and labels, CPSC product recalls, NHTSA vehicle
// recalls, WHO outbreak news and Open-Meteo air quality.
package health

import "github.com/coinslot/coinslot/registry"

// family is the category every tool of this package sells under.
const family registry.Family = "Health"
