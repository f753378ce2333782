// Package gov holds the U.S. government data tools: federal contracts and
// spending (with a contract-fit brief), grants, lobbying disclosures, the
// national debt, nonprofits' filings, World Bank indicators and postal codes.
package gov

import "github.com/coinslot/coinslot/registry"

// family is the category every tool of this package sells under.
const family registry.Family = "Government"
