// Package x402intel holds the x402 market-intelligence tools: where this
// service and its competitors stand in the public x402 discovery catalog.
package x402intel

import "github.com/coinslot/coinslot/registry"

// family is the category every tool of this package sells under.
const family registry.Family = "x402 Market Intel"
