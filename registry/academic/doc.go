// Package academic holds the Academic tools: paper search and records
// (Semantic Scholar, OpenAlex, arXiv, PubMed), clinical trials
// (ClinicalTrials.gov) and books by ISBN (Open Library).
package academic

import "github.com/coinslot/coinslot/registry"

// family is the category every tool of this package sells under.
const family registry.Family = "Academic"
