// Package env holds the environment tools: NASA EONET wildfires, National
// Weather Service alerts and forecasts, NOAA tides, space weather and aurora,
// USGS river gauges, and Open-Meteo current weather and marine conditions.
package env

import "github.com/coinslot/coinslot/registry"

// family is the category every tool of this package sells under.
const family registry.Family = "Environment"
