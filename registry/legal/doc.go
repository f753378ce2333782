// Package legal holds the Legal tools: US case law, dockets and judges
// (CourtListener), federal rulemaking (Federal Register, Regulations.gov),
// patents (PatentsView) and trademarks (USPTO Trademark API).
package legal

import "github.com/coinslot/coinslot/registry"

// family is the category every tool of this package sells under.
const family registry.Family = "Legal"
