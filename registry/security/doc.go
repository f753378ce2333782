// Package security holds the agent-security tools: curated, sourced catalogs
// shipped in catalog/ (OWASP agentic threats, malicious MCP packages, policy
// templates), the lethal-trifecta score, and lookups on NVD, GLEIF and DNS.
package security

import "github.com/coinslot/coinslot/registry"

// family is the category every tool of this package sells under.
const family registry.Family = "Agent Security"
