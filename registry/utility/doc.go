// Package utility holds small lookups: US business days, the current state of
// an IANA time zone, and ECB reference exchange rates.
package utility

import "github.com/coinslot/coinslot/registry"

// family is the category every tool of this package sells under.
const family registry.Family = "Utility"
