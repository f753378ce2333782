// Package finance holds the market and filings tools: SEC EDGAR filings and
// Form 4 insider trades (with a cluster brief), FRED series, DEX and
// CoinGecko quotes, and Bitcoin fees and balances from mempool.space.
package finance

import "github.com/coinslot/coinslot/registry"

// family is the category every tool of this package sells under.
const family registry.Family = "Finance"
