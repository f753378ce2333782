package osint

import (
	"time"

	"github.com/coinslot/coinslot/upstreams/gdelt"
)

// newsShares splits a GDELT raw-volume timeline at split into the share of
// monitored articles that match from split on (window) and before it
// (baseline), with the matching articles of the window. A baseline with no
// matches counts as one matching article, so window/baseline stays finite;
// ok is false when either side saw no monitored article at all.
func newsShares(points []gdelt.Point, split time.Time) (window, baseline, articles float64, ok bool) {
	var inN, inTotal, outN, outTotal float64
	for _, p := range points {
		if p.Date.Before(split) {
			outN, outTotal = outN+p.Value, outTotal+p.Norm
		} else {
			inN, inTotal = inN+p.Value, inTotal+p.Norm
		}
	}
	if inTotal == 0 || outTotal == 0 {
		return 0, 0, inN, false
	}
	return inN / inTotal, max(outN, 1) / outTotal, inN, true
}
