// Package social holds the community lookups: forum post search and code-host
// repository intelligence.
package social

import "github.com/coinslot/coinslot/registry"

// family is the category every tool of this package sells under.
const family registry.Family = "Social"
