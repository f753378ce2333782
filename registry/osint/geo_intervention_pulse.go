package osint

import (
	"context"
	"math"
	"sort"
	"strings"
	"time"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/tidy"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/firms"
	"github.com/coinslot/coinslot/upstreams/gdelt"
)

func init() {
	family.Register(&registry.Tool{
		Name: "geo_intervention_pulse", Path: "/paid/osint/geo-pulse", Price: "0.04",
		Description: "Geopolitical intervention pulse for a region: conflict-news volume against its own baseline (GDELT) and satellite thermal anomalies (NASA FIRMS), combined into one score.",
		Params: []registry.Param{
			registry.Str("region").OneOf("global", "middle_east", "ukraine", "taiwan", "asia_pacific").WithDefault("global"),
			registry.Num("min_confidence").Range(0, 1).WithDefault(0.6).Describe("minimum thermal detection confidence"),
			registry.Int("hours_back").Range(1, 72).WithDefault(6),
			registry.Bool("include_thermal").WithDefault(true),
		},
		Example:  map[string]any{"region": "middle_east", "hours_back": 6},
		Synonyms: []string{"military escalation", "war risk", "conflict monitor", "invasion signals", "geopolitical risk", "airstrikes"},
		Expected: "Envelope whose data scores a region's news surge (GDELT, against its baseline) together with its NASA FIRMS thermal hotspots into a pulse score and level.",
		Shape:    registry.Envelope,
		Result:   geoPulse{},
		Sources:  []string{gdelt.Source.Name, firms.Source.Name},
		Handler:  geoInterventionPulse,
	})
}

// conflictTerms find reports of force being used.
const conflictTerms = `(airstrike OR "missile strike" OR shelling OR "drone strike" OR "military operation")`

// pulseRegions are the region's place names in news and its thermal box
// (west, south, east, north); global has neither filter.
var pulseRegions = map[string]struct {
	places string
	box    firms.Box
}{
	"global":       {"", firms.Box{}},
	"middle_east":  {"(Israel OR Iran OR Gaza OR Lebanon OR Syria OR Yemen OR Iraq)", firms.Box{West: 25, South: 12, East: 63, North: 42}},
	"ukraine":      {"(Ukraine OR Russia OR Kyiv OR Donbas OR Crimea)", firms.Box{West: 22, South: 44, East: 41, North: 53}},
	"taiwan":       {`(Taiwan OR "Taiwan Strait" OR PLA)`, firms.Box{West: 116, South: 20, East: 124, North: 27}},
	"asia_pacific": {`("South China Sea" OR Philippines OR "North Korea" OR Taiwan OR Japan)`, firms.Box{West: 90, South: -15, East: 160, North: 50}},
}

const (
	// pulseBaseline is the news timeline read: the window is compared with
	// the rest of it.
	pulseBaseline = 7 * 24 * time.Hour
	// strongFRP (MW) separates intense heat sources from field burning.
	strongFRP   = 20.0
	pulseSample = 5
)

const pulseMethod = "news_score = clamp(0.5 + log2(ratio)/4, 0, 1), ratio = share of monitored articles matching the region's conflict query in the window / the same share over the rest of the last 7 days; thermal_score = min(1, log10(1 + detections with FRP >= 20 MW)/2) over detections at or above min_confidence in the window; pulse_score = 0.7 news_score + 0.3 thermal_score (news_score alone without thermal); level high >= 0.75, elevated >= 0.55, else baseline"

type pulseArticle struct {
	Title   string `json:"title"`
	URL     string `json:"url"`
	Domain  string `json:"domain"`
	Country string `json:"source_country"`
	Seen    string `json:"seen"`
}

type pulseNews struct {
	WindowArticles float64        `json:"window_articles"`
	WindowShare    float64        `json:"window_share"`
	BaselineShare  float64        `json:"baseline_share"`
	Ratio          float64        `json:"ratio"`
	Score          float64        `json:"score"`
	Articles       []pulseArticle `json:"articles"`
}

type pulseThermal struct {
	Detections int     `json:"detections"`
	Strong     int     `json:"strong"`
	MaxFRPMW   float64 `json:"max_frp_mw"`
	Score      float64 `json:"score"`
}

type geoPulse struct {
	Region     string        `json:"region"`
	HoursBack  int           `json:"hours_back"`
	PulseScore float64       `json:"pulse_score"`
	Level      string        `json:"level"`
	News       pulseNews     `json:"news"`
	Thermal    *pulseThermal `json:"thermal"`
	Method     string        `json:"method"`
}

func geoInterventionPulse(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	region := pulseRegions[c.Args.String("region")]
	hours := c.Args.Int("hours_back")
	window := time.Duration(hours) * time.Hour
	start := c.Now.Add(-window)
	query := strings.TrimSpace(region.places + " " + conflictTerms)
	up := upstreams.NewSession(c.Upstream)
	var timeline []gdelt.Point
	var articles []gdelt.Article
	var hotspots []firms.Hotspot
	var thermal upstreams.Job // optional: nil skips it
	if c.Args.Bool("include_thermal") {
		days := int(math.Ceil(window.Hours() / 24))
		thermal = upstreams.Into(up, &hotspots, firms.Area(firms.VIIRSSNPP, region.box, days), firms.DecodeArea)
	}
	sample := gdelt.Search{Query: query, Mode: gdelt.ArtList, Timespan: window, MaxRecords: pulseSample, Sort: "DateDesc"}
	if err := upstreams.All(ctx,
		upstreams.Into(up, &timeline, gdelt.Search{Query: query, Mode: gdelt.TimelineVolRaw, Timespan: pulseBaseline}.Request(), gdelt.DecodeTimeline),
		upstreams.Into(up, &articles, sample.Request(), gdelt.DecodeArticles),
		thermal,
	); err != nil {
		return nil, err
	}

	p := geoPulse{Region: c.Args.String("region"), HoursBack: hours, Method: pulseMethod}
	p.News = newsPulse(timeline, start)
	p.News.Articles = []pulseArticle{}
	for _, a := range articles {
		seen, _ := a.Seen()
		p.News.Articles = append(p.News.Articles, pulseArticle{Title: a.Title, URL: a.URL, Domain: a.Domain, Country: a.SourceCountry, Seen: seen.Format(time.RFC3339)})
	}
	p.PulseScore = p.News.Score
	if c.Args.Bool("include_thermal") {
		p.Thermal = thermalPulse(hotspots, start, c.Now, c.Args.Float("min_confidence"))
		p.PulseScore = 0.7*p.News.Score + 0.3*p.Thermal.Score
	}
	p.PulseScore = tidy.Round(p.PulseScore, 3)
	switch {
	case p.PulseScore >= 0.75:
		p.Level = "high"
	case p.PulseScore >= 0.55:
		p.Level = "elevated"
	default:
		p.Level = "baseline"
	}
	return &registry.Result{Data: p, Count: 1, Source: strings.Join(pulseSources(p.Thermal != nil), ", "), Cached: up.Cached()}, nil
}

func pulseSources(thermal bool) []string {
	if thermal {
		return []string{gdelt.Source.Title, firms.Source.Title}
	}
	return []string{gdelt.Source.Title}
}

// newsPulse compares the share of monitored articles that match in the
// window with the share before it.
func newsPulse(timeline []gdelt.Point, start time.Time) pulseNews {
	window, baseline, articles, ok := newsShares(timeline, start)
	n := pulseNews{WindowArticles: articles}
	if !ok {
		n.Ratio, n.Score = 1, 0.5
		return n
	}
	n.WindowShare, n.BaselineShare = window, baseline
	ratio := window / baseline
	n.Score = tidy.Round(tidy.Clamp(0.5+math.Log2(max(ratio, 1e-9))/4, 0, 1), 3)
	n.Ratio, n.WindowShare, n.BaselineShare = tidy.Round(ratio, 3), tidy.Round(n.WindowShare, 6), tidy.Round(n.BaselineShare, 6)
	return n
}

func thermalPulse(hotspots []firms.Hotspot, start, now time.Time, minConfidence float64) *pulseThermal {
	t := &pulseThermal{}
	kept := hotspots[:0:0]
	for _, h := range hotspots {
		if h.Confidence >= minConfidence && !h.Acquired.Before(start) && !h.Acquired.After(now) {
			kept = append(kept, h)
		}
	}
	sort.Slice(kept, func(i, j int) bool { return kept[i].FRP > kept[j].FRP })
	t.Detections = len(kept)
	for _, h := range kept {
		if h.FRP >= strongFRP {
			t.Strong++
		}
	}
	if len(kept) > 0 {
		t.MaxFRPMW = kept[0].FRP
	}
	t.Score = tidy.Round(math.Min(1, math.Log10(1+float64(t.Strong))/2), 3)
	return t
}
