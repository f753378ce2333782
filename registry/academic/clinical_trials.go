package academic

import (
	"context"
	"slices"
	"strings"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/clinicaltrials"
)

func init() {
	family.Register(&registry.Tool{
		Name: "clinical_trials", Path: "/paid/academic/clinical-trials", Price: "0.04",
		Description: "Search registered clinical studies on ClinicalTrials.gov, optionally by overall status: phase, " +
			"study type, conditions, interventions, sponsor, dates, enrollment and whether results are posted.",
		Params: []registry.Param{
			registry.Str("query").Req().Len(1, 300).Describe("condition, intervention, sponsor or any words"),
			registry.Str("status").Len(1, 40).Describe("overall status, e.g. recruiting, completed, active_not_recruiting"),
			registry.Int("limit").Range(5, 50).WithDefault(20),
		},
		Example:  map[string]any{"query": "CAR-T lymphoma", "limit": 5},
		Synonyms: []string{"drug trials", "recruiting studies", "clinical research", "trial phase", "experimental treatment"},
		Expected: "Envelope whose data is an array of ClinicalTrials.gov studies with status, phases, conditions, interventions and sponsor.",
		Check:    checkTrialStatus,
		Shape:    registry.Envelope,
		Result:   []clinicaltrials.Study(nil),
		Sources:  []string{clinicaltrials.Source.Name},
		Handler:  clinicalTrials,
	})
}

// checkTrialStatus puts status in ClinicalTrials.gov's spelling: "Not yet
// recruiting", "not-yet-recruiting" and NOT_YET_RECRUITING are the same status.
func checkTrialStatus(a registry.Args) []registry.FieldError {
	if !a.Has("status") {
		return nil
	}
	status := strings.ToUpper(strings.Join(strings.FieldsFunc(a.String("status"), func(r rune) bool {
		return r == ' ' || r == '-' || r == '_'
	}), "_"))
	if status != "" && !slices.Contains(clinicaltrials.Statuses, status) {
		return registry.Bad("status", "must be a ClinicalTrials.gov status: "+strings.ToLower(strings.Join(clinicaltrials.Statuses, ", ")))
	}
	a["status"] = status
	return nil
}

func clinicalTrials(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	req := clinicaltrials.Studies(strings.TrimSpace(c.Args.String("query")), c.Args.String("status"), c.Args.Int("limit"))
	up := upstreams.NewSession(c.Upstream)
	page, err := upstreams.Fetch(ctx, up, req, clinicaltrials.DecodeStudies)
	if err != nil {
		return nil, err
	}
	return &registry.Result{Data: page.Studies, Count: len(page.Studies), Source: clinicaltrials.Source.Title, Cached: up.Cached()}, nil
}
