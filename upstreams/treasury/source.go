// Package treasury is the client of U.S. Treasury Fiscal Data
// (api.fiscaldata.treasury.gov): the Daily Treasury Statement, Debt to the
// Penny and the other fiscal-service datasets, which share one query form.
package treasury

import (
	"embed"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

//go:embed testdata
var testdata embed.FS

// Source publishes no rate limit; datasets update once a business day.
var Source = upstreams.Register(upstreams.Source{
	Name:        "treasury",
	Title:       "U.S. Treasury Fiscal Data",
	BaseURL:     "https://api.fiscaldata.treasury.gov/services/api/fiscal_service",
	Rate:        4,
	Burst:       2,
	Concurrency: 2,
	Timeout:     15 * time.Second,
	Retries:     2,
	CacheTTL:    time.Hour,
	Recorded:    testdata,
	Fixtures: []upstreams.Fixture{
		{Path: OperatingCashBalance, File: "testdata/operating_cash_balance.json"},
		{Path: DepositsWithdrawals, File: "testdata/deposits_withdrawals_operating_cash.json"},
		{Path: DebtToPenny, File: "testdata/debt_to_penny.json"},
	},
})

// Daily Treasury Statement tables.
const (
	OperatingCashBalance = "/v1/accounting/dts/operating_cash_balance"              // Table I
	DepositsWithdrawals  = "/v1/accounting/dts/deposits_withdrawals_operating_cash" // Table II
)
