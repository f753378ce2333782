package gov

import (
	"context"
	"testing"

	"github.com/coinslot/coinslot/registry/registrytest"
	"github.com/coinslot/coinslot/upstreams"
)

// POST fixtures answer every body alike, so the bodies are checked here.
func TestAwardSearchBodies(t *testing.T) {
	var bodies []string
	rec := upstreams.DoerFunc(func(ctx context.Context, req *upstreams.Request) (*upstreams.Response, error) {
		if req.Method == "POST" {
			bodies = append(bodies, string(req.Body))
		}
		return upstreams.Replay.Do(ctx, req)
	})
	if _, err := registrytest.Run(t, "federal_spending", map[string]any{"agency": "nasa", "recipient": "Blue Origin", "limit": 5}, rec, upstreams.RecordedAt); err != nil {
		t.Fatal(err)
	}
	want := `{"fields":["Award ID","Recipient Name","Start Date","End Date","Award Amount","Awarding Agency","Awarding Sub Agency",` +
		`"Contract Award Type","Description","NAICS","PSC","generated_internal_id"],"filters":{"agencies":[{"name":` +
		`"National Aeronautics and Space Administration","tier":"toptier","type":"awarding"}],"award_type_codes":["A","B","C","D"],` +
		`"recipient_search_text":["Blue Origin"],"time_period":[{"end_date":"2026-11-20","start_date":"2025-11-20"}]},` +
		`"limit":5,"order":"desc","page":1,"sort":"Award Amount","subawards":false}`
	if len(bodies) != 1 || bodies[0] != want {
		t.Errorf("bodies = %q\nwant %s", bodies, want)
	}
}
