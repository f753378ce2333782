package osint

import (
	"context"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/coinslot/coinslot/registry/registrytest"
	"github.com/coinslot/coinslot/upstreams"
)

var hormuz = map[string]any{"seed_text": "Naval vessels massing near the Strait of Hormuz after tanker seizure",
	"market_question": "Will Iran close the Strait of Hormuz before 2027?"}

// withSearch answers venueA searches with the given body (nil: a failure)
// and everything else from the recorded fixtures.
func withSearch(t *testing.T, file string) upstreams.Doer {
	var body []byte
	if file != "" {
		var err error
		if body, err = os.ReadFile("testdata/" + file); err != nil {
			t.Fatal(err)
		}
	}
	return upstreams.DoerFunc(func(ctx context.Context, req *upstreams.Request) (*upstreams.Response, error) {
		if !strings.Contains(req.URL, "/public-search") {
			return upstreams.Replay.Do(ctx, req)
		}
		if body == nil {
			return nil, upstreams.Errorf("polymarket_gamma", upstreams.Unavailable, "connection refused")
		}
		return &upstreams.Response{Status: 200, Body: body}, nil
	})
}

// The fair price starts from the market's own YES price (the order-book
// midpoint, 0.12) and moves by the news scenarios; a market for another
// date (June 2026) is not taken for it.
func TestScenarioVerdictAnchorsInTheMarketPrice(t *testing.T) {
	res, err := registrytest.Run(t, "scenario_verdict", hormuz, withSearch(t, "gamma_search_hormuz.json"), upstreams.RecordedAt)
	if err != nil {
		t.Fatal(err)
	}
	v := res.Data.(verdict)
	if v.Market == nil || v.Market.Slug != "will-iran-close-the-strait-of-hormuz-before-2027" || v.Market.YesPrice != 0.12 ||
		v.Market.PriceSource != "order_book_midpoint" {
		t.Fatalf("market = %+v", v.Market)
	}
	logit := math.Log(0.12 / 0.88)
	shift := 0.0
	for _, sc := range v.Scenarios {
		given := 1 / (1 + math.Exp(-(logit + scenarioShift[sc.Name])))
		if sc.YesGiven == nil || math.Abs(*sc.YesGiven-given) > 0.0005 {
			t.Errorf("%s: yes given %v, want %.3f", sc.Name, sc.YesGiven, given)
		}
		shift += sc.Probability * scenarioShift[sc.Name]
	}
	want := 1 / (1 + math.Exp(-(logit + shift)))
	if v.YesProbability == nil || math.Abs(*v.YesProbability-want) > 0.001 || v.FairPriceHint == nil ||
		*v.FairPriceHint != (fairPrice{*v.YesProbability, math.Round((1-*v.YesProbability)*1e4) / 1e4}) {
		t.Errorf("yes probability %v, fair price %+v, want about %.3f", v.YesProbability, v.FairPriceHint, want)
	}
	if !strings.Contains(v.FairPriceBasis, "trades YES at 0.12 (order_book_midpoint)") || res.Source != "GDELT, Polymarket Gamma API" {
		t.Errorf("basis %q, source %q", v.FairPriceBasis, res.Source)
	}
}

// Without the market there is no price to anchor: no fair price, and the
// basis says why.
func TestScenarioVerdictHasNoFairPriceWithoutTheMarket(t *testing.T) {
	for file, basis := range map[string]string{
		"":                         "no fair price: the venueA market search failed (polymarket_gamma: connection refused), and the news gives a direction, not a price",
		"gamma_search_hormuz.json": "no fair price: no open venueA market asks this question, and the news gives a direction, not a price",
	} {
		in := hormuz
		if file != "" {
			in = map[string]any{"seed_text": hormuz["seed_text"], "market_question": "Will Iran close the Strait of Hormuz in 2028?"}
		}
		res, err := registrytest.Run(t, "scenario_verdict", in, withSearch(t, file), upstreams.RecordedAt)
		if err != nil {
			t.Fatal(err)
		}
		v := res.Data.(verdict)
		if v.Market != nil || v.YesProbability != nil || v.FairPriceHint != nil || v.FairPriceBasis != basis || res.Source != "GDELT" {
			t.Errorf("search %q: %+v", file, v)
		}
		for _, sc := range v.Scenarios {
			if sc.YesGiven != nil {
				t.Errorf("search %q: %s has yes given %v", file, sc.Name, *sc.YesGiven)
			}
		}
	}
}

// News that neither grows nor changes tone leaves a longshot's price where
// it is (a mix of the scenarios' prices would pull 0.0455 up to 0.059), and
// the basis says the news did not move it.
func TestScenarioVerdictFlatNewsLeavesThePrice(t *testing.T) {
	files := map[string]string{"/public-search": "gamma_search_hormuz_longshot.json",
		"mode=TimelineVolRaw": "gdelt_volume_flat.json", "mode=TimelineTone": "gdelt_tone_flat.json"}
	bodies := map[string][]byte{}
	for key, file := range files {
		b, err := os.ReadFile("testdata/" + file)
		if err != nil {
			t.Fatal(err)
		}
		bodies[key] = b
	}
	d := upstreams.DoerFunc(func(ctx context.Context, req *upstreams.Request) (*upstreams.Response, error) {
		for key, b := range bodies {
			if strings.Contains(req.URL, key) {
				return &upstreams.Response{Status: 200, Body: b}, nil
			}
		}
		return upstreams.Replay.Do(ctx, req)
	})
	res, err := registrytest.Run(t, "scenario_verdict", hormuz, d, upstreams.RecordedAt)
	if err != nil {
		t.Fatal(err)
	}
	v := res.Data.(verdict)
	if v.Market == nil || v.Market.YesPrice != 0.0455 {
		t.Fatalf("market = %+v", v.Market)
	}
	if v.Escalation != 0 || v.YesProbability == nil || *v.YesProbability != 0.0455 || *v.FairPriceHint != (fairPrice{0.0455, 0.9545}) {
		t.Errorf("escalation %v, yes probability %v, fair price %+v; want 0, 0.0455, {0.0455 0.9545}", v.Escalation, v.YesProbability, v.FairPriceHint)
	}
	want := `venueA market "will-iran-close-the-strait-of-hormuz-before-2027" trades YES at 0.0455 (order_book_midpoint); the news is flat (bear and bull about equally likely), so it leaves the price there`
	if v.FairPriceBasis != want {
		t.Errorf("basis %q\nwant  %q", v.FairPriceBasis, want)
	}
}
