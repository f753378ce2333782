// Package osint holds the OSINT tools: open-source-intelligence briefs,
// public-data monitors and regulatory signals over many public sources.
package osint

import "github.com/coinslot/coinslot/registry"

// family is the category every tool of this package sells under.
const family registry.Family = "OSINT"
