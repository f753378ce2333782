package legal

import (
	"context"
	"strconv"
	"strings"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/courtlistener"
)

func init() {
	family.Register(&registry.Tool{
		Name: "court_docket", Path: "/paid/legal/court-docket", Price: "0.05",
		Description: "One US court docket from CourtListener by its docket id: case name, number, court, filing and " +
			"termination dates, assigned judge, cause, nature of suit and jurisdiction.",
		Params: []registry.Param{
			registry.Str("docket_id").Req().Len(1, 20).Matching(`^\s*[0-9]+\s*$`, docketShape).
				Describe("CourtListener docket id, e.g. 4214664 (court_opinions returns it)"),
		},
		Example:  map[string]any{"docket_id": "4214664"},
		Synonyms: []string{"case status", "docket number", "court case details", "pacer", "case filings"},
		Expected: "Envelope whose data is one CourtListener docket with its case, court, dates and judges, and an unknown id is a 404 not_found.",
		Shape:    registry.Envelope,
		Result:   courtlistener.Docket{},
		Sources:  []string{courtlistener.Source.Name},
		Check:    checkDocketID,
		Handler:  courtDocket,
	})
}

// docketShape says what a docket id is, for the pattern and for the
// values it admits that are not ids (0, or past 64 bits).
const docketShape = "a CourtListener docket id such as 4214664"

// checkDocketID reads docket_id as a number.
func checkDocketID(a registry.Args) []registry.FieldError {
	id, err := strconv.ParseInt(strings.TrimSpace(a.String("docket_id")), 10, 64)
	if err != nil || id <= 0 {
		return registry.Bad("docket_id", "must be "+docketShape)
	}
	a["docket_id"] = id
	return nil
}

func courtDocket(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	id := registry.Parsed[int64](c.Args, "docket_id")
	up := upstreams.NewSession(c.Upstream)
	docket, err := upstreams.Fetch(ctx, up, courtlistener.DocketByID(id), courtlistener.DecodeDocket)
	if err != nil {
		return nil, upstreams.Missing(err, "CourtListener has no docket "+strconv.FormatInt(id, 10))
	}
	return &registry.Result{Data: docket, Count: 1, Source: courtlistener.Source.Title, Cached: up.Cached()}, nil
}
