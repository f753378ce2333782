// Package web holds the website and lead tools, sold over MCP only: they
// fetch public pages of the buyer's choosing through the web source (public
// addresses only, bounded size, time and redirects) and analyse them
// locally, or analyse a pasted manifest.
package web

import "github.com/coinslot/coinslot/registry"

// family is the category every tool of this package sells under.
const family registry.Family = "Web & Leads"
