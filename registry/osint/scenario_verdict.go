package osint

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"
	"unicode"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/tidy"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/gdelt"
	"github.com/coinslot/coinslot/upstreams/polymarket"
)

func init() {
	family.Register(&registry.Tool{
		Name: "scenario_verdict", Path: "/paid/osint/scenario-verdict", Price: "0.05", BodyRequired: true,
		Description: "Bear/base/bull scenarios for a prediction-market question, computed from the news tone and volume around the seed text: escalation score, composite YES probability, fair-price hint and key drivers.",
		Params: []registry.Param{
			registry.Str("seed_text").Req().Len(10, 5000),
			registry.Str("market_question").Req().Len(5, 500),
			registry.Str("context").Len(0, 5000),
		},
		Example:  map[string]any{"seed_text": "Naval vessels massing near the Strait of Hormuz after tanker seizure", "market_question": "Will Iran close the Strait of Hormuz before 2027?"},
		Synonyms: []string{"news based forecast", "bull bear case", "fair price of a bet", "escalation odds", "forecast a question"},
		Expected: "Envelope whose data weighs GDELT news into scenarios summing to 1 and moves the matching Polymarket YES price by their expected shift in log-odds (flat news leaves it as it is), with yes_probability and fair price null when no market is found, since the news gives a direction, not a price.",
		Shape:    registry.Envelope,
		Result:   verdict{},
		Sources:  []string{gdelt.Source.Name, polymarket.Gamma.Name},
		Handler:  scenarioVerdict,
	})
}

const (
	verdictSpan   = 7 * 24 * time.Hour // timeline read
	verdictRecent = 24 * time.Hour     // compared with the rest of the span
	verdictTerms  = 3
)

// scenarioShift is how far each scenario moves the market's YES price, in
// log-odds: bear −1, base 0, bull +1.
var scenarioShift = map[string]float64{"bear": -1, "base": 0, "bull": 1}

// calmingWords mark a question whose YES needs the situation to calm down,
// so escalation counts against it.
var calmingWords = []string{"ceasefire", "truce", "peace", "deal", "agreement", "reopen", "release", "lift", "withdraw", "de-escalat", "normaliz"}

// questionWords are words of a market question that name no subject.
var questionWords = map[string]bool{
	"will": true, "before": true, "after": true, "be": true, "than": true, "more": true, "less": true, "does": true,
	"did": true, "has": true, "have": true, "end": true, "any": true, "least": true, "over": true, "under": true,
}

const verdictMethod = "terms = up to 3 words of the question also found in the seed text or context; over the last 7 days of news matching them: ratio = share of monitored articles in the last 24 h / share before, tone_shift = mean tone before - mean tone in the last 24 h; escalation = tanh(0.5 ln(ratio) + 0.25 tone_shift); s = escalation, negated when the question needs calm (ceasefire, deal, ...); P(bear, base, bull) = softmax(-2s, 0, 2s); market = the open venueA market whose question has the same numbers and shares at least 60% of its subject words with the question; its YES price p (order-book midpoint, else last price) anchors the scenarios: YES given bear, base, bull = p moved by -1, 0, +1 in log-odds; yes_probability = p moved by the scenarios' expected shift, P(bull) - P(bear), in log-odds (flat news, bear as likely as bull, leaves p as it is), and fair_price_hint is that probability as a YES price; with no market found both are null"

type scenario struct {
	Name        string   `json:"name"`
	Probability float64  `json:"probability"`
	YesGiven    *float64 `json:"yes_given_scenario"` // null without a market price to move
	Reading     string   `json:"reading"`
}

type fairPrice struct {
	Yes float64 `json:"yes"`
	No  float64 `json:"no"`
}

type verdict struct {
	Question       string        `json:"market_question"`
	Terms          []string      `json:"terms"`
	Market         *marketAnchor `json:"market"`
	Scenarios      []scenario    `json:"scenarios"`
	Escalation     float64       `json:"escalation_score"`
	YesProbability *float64      `json:"yes_probability"`
	FairPriceHint  *fairPrice    `json:"fair_price_hint"`
	FairPriceBasis string        `json:"fair_price_basis"`
	KeyDrivers     []string      `json:"key_drivers"`
	Method         string        `json:"method"`
}

func scenarioVerdict(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	question := c.Args.String("market_question")
	terms := verdictTermsOf(question, c.Args.String("seed_text")+" "+c.Args.String("context"))
	if len(terms) == 0 {
		return nil, upstreams.Errorf(gdelt.Source.Name, upstreams.NotFound, "the question and seed text share no searchable subject")
	}
	query := strings.Join(terms, " ")
	up := upstreams.NewSession(c.Upstream)
	var tone, volume []gdelt.Point
	var market *marketAnchor
	var marketErr error
	if err := upstreams.All(ctx,
		func(ctx context.Context) error {
			market, marketErr = findMarket(ctx, up, question)
			return nil // without the market the news still stands; the basis says why there is no price
		},
		upstreams.Into(up, &tone, gdelt.Search{Query: query, Mode: gdelt.TimelineTone, Timespan: verdictSpan}.Request(), gdelt.DecodeTimeline),
		upstreams.Into(up, &volume, gdelt.Search{Query: query, Mode: gdelt.TimelineVolRaw, Timespan: verdictSpan}.Request(), gdelt.DecodeTimeline),
	); err != nil {
		return nil, err
	}
	split := c.Now.Add(-verdictRecent)
	ratio := 1.0 // neither more nor less news when either side saw nothing monitored
	if window, baseline, _, ok := newsShares(volume, split); ok {
		ratio = window / baseline
	}
	toneBefore, toneRecent := meanBefore(tone, split), meanFrom(tone, split)
	shift := toneBefore - toneRecent
	e := math.Tanh(0.5*math.Log(max(ratio, 1e-9)) + 0.25*shift)
	calming := needsCalm(question)
	s := e
	if calming {
		s = -e
	}
	eb, e0, eu := math.Exp(-2*s), 1.0, math.Exp(2*s)
	pBear, pBull := eb/(eb+e0+eu), eu/(eb+e0+eu)
	bear, bull := tidy.Round(pBear, 3), tidy.Round(pBull, 3)
	base := tidy.Round(1-bear-bull, 3)

	v := verdict{Question: question, Terms: terms, Market: market, Escalation: tidy.Round(e, 3), Method: verdictMethod}
	v.Scenarios = []scenario{
		{"bear", bear, nil, "the situation moves against YES"},
		{"base", base, nil, "no decisive move either way"},
		{"bull", bull, nil, "the situation moves toward YES"},
	}
	source := gdelt.Source.Title
	switch {
	case market != nil:
		for i, sc := range v.Scenarios {
			given := tidy.Round(shiftOdds(market.YesPrice, scenarioShift[sc.Name]), 3)
			v.Scenarios[i].YesGiven = &given
		}
		// The scenarios move the price in log-odds, so their mix is taken
		// there too: a mix of their prices would pull any price toward 0.5
		// even when bear and bull are equally likely.
		yes := tidy.Round(shiftOdds(market.YesPrice, pBull*scenarioShift["bull"]+pBear*scenarioShift["bear"]), 4)
		v.YesProbability = &yes
		// At the venue's precision: a midpoint between ticks of 0.001 has four
		// decimals, and a cent's rounding would move a 0.0455 market 10%.
		v.FairPriceHint = &fairPrice{Yes: yes, No: tidy.Round(1-yes, 4)}
		v.FairPriceBasis = fmt.Sprintf("venueA market %q trades YES at %.4g (%s); %s",
			market.Slug, market.YesPrice, market.PriceSource, newsMove(market.YesPrice, yes))
		source += ", " + polymarket.Gamma.Title
	case marketErr != nil:
		v.FairPriceBasis = "no fair price: the venueA market search failed (" + marketErr.Error() + "), and the news gives a direction, not a price"
	default:
		v.FairPriceBasis = "no fair price: no open venueA market asks this question, and the news gives a direction, not a price"
	}
	v.KeyDrivers = []string{
		fmt.Sprintf("news on %q in the last 24 h is %.2fx its share of coverage over the prior 6 days", query, ratio),
		fmt.Sprintf("average tone %.2f in the last 24 h against %.2f before (%s)", toneRecent, toneBefore, toneWord(shift)),
	}
	if calming {
		v.KeyDrivers = append(v.KeyDrivers, "the question resolves YES on de-escalation, so escalation weighs against YES")
	} else {
		v.KeyDrivers = append(v.KeyDrivers, "the question resolves YES on escalation or action, so escalation weighs toward YES")
	}
	return &registry.Result{Data: v, Count: len(v.Scenarios), Source: source, Cached: up.Cached()}, nil
}

// verdictTermsOf keeps the question's subject words that the seed text also
// mentions, in question order; GDELT refuses words under three letters.
func verdictTermsOf(question, seed string) []string {
	inSeed := words(seed)
	var out []string
	for _, w := range strings.FieldsFunc(strings.ToLower(question), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '-' }) {
		if len(w) >= 3 && !stopWords[w] && !questionWords[w] && inSeed[w] && !slices.Contains(out, w) {
			out = append(out, w)
			if len(out) == verdictTerms {
				break
			}
		}
	}
	return out
}

func needsCalm(question string) bool {
	q := strings.ToLower(question)
	for _, w := range calmingWords {
		if strings.Contains(q, w) {
			return true
		}
	}
	return false
}

func meanBefore(points []gdelt.Point, split time.Time) float64 {
	return meanWhere(points, func(t time.Time) bool { return t.Before(split) })
}

func meanFrom(points []gdelt.Point, split time.Time) float64 {
	return meanWhere(points, func(t time.Time) bool { return !t.Before(split) })
}

func meanWhere(points []gdelt.Point, keep func(time.Time) bool) float64 {
	var sum float64
	n := 0
	for _, p := range points {
		if keep(p.Date) {
			sum += p.Value
			n++
		}
	}
	if n == 0 {
		return 0
	}
	return sum / float64(n)
}

// newsMove says what the news did to the market's price.
func newsMove(price, yes float64) string {
	switch {
	case yes > tidy.Round(price, 4):
		return fmt.Sprintf("the news moves it up to %.4g", yes)
	case yes < tidy.Round(price, 4):
		return fmt.Sprintf("the news moves it down to %.4g", yes)
	}
	return "the news is flat (bear and bull about equally likely), so it leaves the price there"
}

func toneWord(shift float64) string {
	switch {
	case shift > 0.5:
		return "coverage turned more negative"
	case shift < -0.5:
		return "coverage turned more positive"
	}
	return "tone roughly unchanged"
}
