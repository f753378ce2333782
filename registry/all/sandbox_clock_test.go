package all

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/coinslot/coinslot/actors"
	"github.com/coinslot/coinslot/config"
	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/replay"
)

// sandboxAnswers runs every example through a sandbox runtime whose clock
// reads now, and returns each answer's data and count as JSON.
func sandboxAnswers(t *testing.T, now time.Time) map[string]string {
	t.Helper()
	srv, err := replay.Start("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	// Recorded answers need no polite pace.
	file := "upstreams:\n"
	for _, src := range upstreams.Sources() {
		file += "  " + src.Name + ": {rate: 1000, burst: 1000}\n"
	}
	cfg, err := config.Parse([]byte(file), nil)
	if err != nil {
		t.Fatal(err)
	}
	rt, err := actors.New(cfg, actors.Options{Sandbox: true, ReplayURL: srv.URL(), Now: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Close()
	out := map[string]string{}
	for _, tool := range registry.All() {
		if tool.Handler == nil {
			continue
		}
		args, errs := tool.Validate(tool.Example)
		if errs != nil {
			t.Fatalf("%s: example: %v", tool.Name, errs)
		}
		res, err := rt.Run(context.Background(), tool, args)
		if err != nil {
			t.Errorf("%s at %s: %v", tool.Name, now.Format(time.DateOnly), err)
			continue
		}
		b, err := json.Marshal(map[string]any{"data": res.Data, "count": res.Count})
		if err != nil {
			t.Fatal(err)
		}
		out[tool.Name] = string(b)
	}
	return out
}

// The sandbox answers every example the same today and a year from now, and
// none of them empty: its tools run at the recordings' clock.
func TestSandboxExamplesKeepTheirAnswersAYearLater(t *testing.T) {
	now := time.Now()
	today, later := sandboxAnswers(t, now), sandboxAnswers(t, now.AddDate(1, 0, 0))
	for name, a := range today {
		switch {
		case a != later[name]:
			t.Errorf("%s answers differently a year later:\n today %s\n later %s", name, a, later[name])
		case a == `{"count":0,"data":[]}` || a == `{"count":0,"data":{}}` || a == `{"count":0,"data":null}`:
			t.Errorf("%s answers nothing: %s", name, a)
		}
	}
}
