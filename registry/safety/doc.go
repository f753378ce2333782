// Package safety holds the tool-safety helpers: local, explainable analyses
// of what a buyer pastes (OpenAPI, MCP manifests, tool schemas) before an
// agent connects to a tool or pays for a call. URLs given as references are
// never fetched.
package safety

import "github.com/coinslot/coinslot/registry"

// family is the category every tool of this package sells under.
const family registry.Family = "Tool Safety"
