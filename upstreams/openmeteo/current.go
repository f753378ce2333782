package openmeteo

import (
	"slices"
	"strings"

	"github.com/coinslot/coinslot/upstreams"
)

// Reading is one current-conditions variable with its unit; Value is nil
// when the model has no value there (e.g. waves on land).
type Reading struct {
	Value *float64 `json:"value"`
	Unit  string   `json:"unit"`
}

// Readings returns the current value of each variable asked for.
func (r Response) Readings(vars []string) map[string]Reading {
	out := make(map[string]Reading, len(vars))
	for _, v := range vars {
		rd := Reading{Unit: r.CurrentUnits[v]}
		if f, ok := r.Current[v].(float64); ok {
			rd.Value = &f
		}
		out[v] = rd
	}
	return out
}

// CurrentTime is the local time of the current values, e.g. 2026-11-20T16:00.
func (r Response) CurrentTime() string {
	s, _ := r.Current["time"].(string)
	return s
}

// ParseVariables reads a comma-separated variable list against the allowed
// names, keeping order and dropping repeats. bad is the first name not
// allowed, or "" when all are.
func ParseVariables(list string, allowed []string) (vars []string, bad string) {
	for _, name := range strings.Split(list, ",") {
		name = strings.ToLower(strings.TrimSpace(name))
		switch {
		case name == "" || slices.Contains(vars, name):
		case !slices.Contains(allowed, name):
			return nil, name
		default:
			vars = append(vars, name)
		}
	}
	return vars, ""
}

// Current asks api for the current values of vars at a place, timed in the
// place's own zone: the one request the current-conditions tools make.
func (a API) Current(lat, lon float64, vars []string) *upstreams.Request {
	return a.Request(Query{Latitude: lat, Longitude: lon, Current: vars, Timezone: "auto"})
}
