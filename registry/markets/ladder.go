package markets

import (
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/coinslot/coinslot/upstreams/polymarket"
)

// A threshold ladder is a set of markets in one event on the same quantity
// crossing increasing levels ("↑ 120,000", "↑ 130,000"). Reaching a further
// level implies reaching a nearer one, so the further YES can never be worth
// more than the nearer YES. When bid(further) > ask(nearer) + fees, buy YES
// nearer and NO further: every outcome pays at least 1.

var rung = regexp.MustCompile(`^\s*(↑|↓|≥|>=|>|≤|<=|<|above|over|below|under)\s*\$?\s*([0-9][0-9,]*(?:\.[0-9]+)?)\s*([kKmM]?)`)

type ladderRung struct {
	market    polymarket.Market
	up        bool
	threshold float64
}

// parseRung reads a ladder level from an outcome label.
func parseRung(m polymarket.Market) (ladderRung, bool) {
	g := rung.FindStringSubmatch(strings.ToLower(m.GroupItemTitle))
	if g == nil {
		return ladderRung{}, false
	}
	v, err := strconv.ParseFloat(strings.ReplaceAll(g[2], ",", ""), 64)
	if err != nil {
		return ladderRung{}, false
	}
	switch g[3] {
	case "k":
		v *= 1e3
	case "m":
		v *= 1e6
	}
	up := strings.ContainsAny(g[1], "↑≥>") || g[1] == "above" || g[1] == "over"
	return ladderRung{market: m, up: up, threshold: v}, true
}

// ladders groups an event's rungs by direction, each ordered from the most
// likely level to the least likely.
func ladders(markets []polymarket.Market) [][]ladderRung {
	var up, down []ladderRung
	for _, m := range markets {
		if m.Closed || !m.Active {
			continue
		}
		if r, ok := parseRung(m); ok {
			if r.up {
				up = append(up, r)
			} else {
				down = append(down, r)
			}
		}
	}
	sort.SliceStable(up, func(i, j int) bool { return up[i].threshold < up[j].threshold })
	sort.SliceStable(down, func(i, j int) bool { return down[i].threshold > down[j].threshold })
	var out [][]ladderRung
	for _, l := range [][]ladderRung{up, down} {
		if len(l) >= 2 {
			out = append(out, l)
		}
	}
	return out
}

// ladderEdge is the edge of buying YES on the nearer rung at its ask and NO
// on the further rung at 1 − its bid. The fee on a NO bought at 1 − b equals
// the fee on b, since p·(1−p) is symmetric.
func ladderEdge(nearer, further polymarket.Market) (float64, bool) {
	ask, bid := float64(nearer.BestAsk), float64(further.BestBid)
	if ask <= 0 || ask >= 1 || bid <= 0 || bid >= 1 {
		return 0, false
	}
	return bid - venueABuy(feeRate(nearer), ask) - venueAFee(feeRate(further), bid), true
}
