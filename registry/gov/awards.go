package gov

import (
	"context"
	"strings"
	"time"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/usaspending"
)

// awardRow is one prime award as the award tools show it.
type awardRow struct {
	AwardID     string  `json:"award_id"`
	Recipient   string  `json:"recipient"`
	AmountUSD   float64 `json:"amount_usd"`
	Agency      string  `json:"awarding_agency"`
	SubAgency   string  `json:"sub_agency"`
	Type        string  `json:"type"`
	StartDate   string  `json:"start_date"`
	EndDate     string  `json:"end_date"`
	Description string  `json:"description"`
	NAICS       string  `json:"naics,omitempty"`
	PSC         string  `json:"psc,omitempty"`
	URL         string  `json:"url"`
}

func toAwardRows(awards []usaspending.Award) []awardRow {
	out := make([]awardRow, 0, len(awards))
	for _, a := range awards {
		r := awardRow{
			AwardID: a.AwardID, Recipient: a.Recipient, AmountUSD: float64(a.Amount), Agency: a.Agency, SubAgency: a.SubAgency,
			Type: a.Type, StartDate: a.StartDate, EndDate: a.EndDate, Description: a.Description, URL: a.URL(),
		}
		if a.NAICS != nil {
			r.NAICS = a.NAICS.Code + " " + a.NAICS.Description
		}
		if a.PSC != nil {
			r.PSC = a.PSC.Code + " " + a.PSC.Description
		}
		out = append(out, r)
	}
	return out
}

// lastYearAwards answers the award tools: the largest prime awards of the
// last twelve months that match filters and the buyer's agency.
func lastYearAwards(ctx context.Context, c *registry.Call, filters usaspending.Filters) (*registry.Result, error) {
	up := upstreams.NewSession(c.Upstream)
	agency, err := resolveAgency(ctx, up, c.Args.String("agency"))
	if err != nil {
		return nil, err
	}
	filters.Agency = agency
	filters.Start, filters.End = lastYears(c.Now, 1)
	page, err := upstreams.Fetch(ctx, up, usaspending.Awards(filters, c.Args.Int("limit")), usaspending.DecodeAwards)
	if err != nil {
		return nil, err
	}
	out := toAwardRows(page.Awards)
	return &registry.Result{Data: out, Count: len(out), Source: usaspending.Source.Title, Cached: up.Cached()}, nil
}

// resolveAgency turns a buyer's agency (full name or abbreviation) into the
// top-tier name award filters need; "" stays "".
func resolveAgency(ctx context.Context, up *upstreams.Session, name string) (string, error) {
	name = strings.TrimSpace(name)
	if name == "" {
		return "", nil
	}
	agencies, err := upstreams.Fetch(ctx, up, usaspending.ToptierAgencies(), usaspending.DecodeAgencies)
	if err != nil {
		return "", err
	}
	a, ok := usaspending.ResolveAgency(agencies, name)
	if !ok {
		return "", registry.Invalid("agency", "must be a top-tier agency name or abbreviation, e.g. Department of Defense or DOD")
	}
	return a.Name, nil
}

// lastYears is the award window ending at the call: searches need one.
func lastYears(now time.Time, years int) (time.Time, time.Time) {
	return now.AddDate(-years, 0, 0), now
}
