package gov

import (
	"context"
	"strings"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/tidy"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/worldbank"
)

func init() {
	family.Register(&registry.Tool{
		Name: "economic_indicators", Path: "/paid/gov/economic-indicators", Price: "0.03",
		Description: "A World Bank development indicator for a country over the last ten years: GDP, growth, inflation, " +
			"unemployment, population, debt and more.",
		Params: []registry.Param{
			registry.Str("country").Len(2, 3).Matching(`^\s*[A-Za-z]{2,3}\s*$`, "an ISO country code such as US or DEU").WithDefault("US").
				Describe("ISO 3166 alpha-2 or alpha-3 code, e.g. US, DEU"),
			registry.Str("indicator").Len(3, 40).WithDefault("NY.GDP.MKTP.CD").
				Matching(`^\s*[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*\s*$`, "a World Bank indicator code such as NY.GDP.MKTP.CD").
				Describe("World Bank code, e.g. NY.GDP.MKTP.KD.ZG growth, FP.CPI.TOTL.ZG inflation, SL.UEM.TOTL.ZS unemployment, SP.POP.TOTL population"),
		},
		Example:  map[string]any{"country": "US", "indicator": "NY.GDP.MKTP.CD"},
		Synonyms: []string{"gdp", "country statistics", "world bank", "population", "inflation by country", "development data", "life expectancy"},
		Expected: "Envelope whose data holds a World Bank indicator for a country, its latest value and change and its series newest year first, unreported years skipped.",
		Shape:    registry.Envelope,
		Result:   indicatorView{},
		Sources:  []string{worldbank.Source.Name},
		Handler:  economicIndicators,
	})
}

const indicatorYears = 10

type named struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	ISO3 string `json:"iso3,omitempty"`
}

type yearValue struct {
	Year  string  `json:"year"`
	Value float64 `json:"value"`
}

type indicatorView struct {
	Country     named       `json:"country"`
	Indicator   named       `json:"indicator"`
	Latest      *yearValue  `json:"latest"`
	Change      *float64    `json:"change"` // latest minus the year before it
	Series      []yearValue `json:"series"`
	LastUpdated string      `json:"last_updated"`
}

func economicIndicators(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	country := strings.ToUpper(strings.TrimSpace(c.Args.String("country")))
	code := strings.ToUpper(strings.TrimSpace(c.Args.String("indicator")))
	up := upstreams.NewSession(c.Upstream)
	s, err := upstreams.Fetch(ctx, up, worldbank.Indicator(country, code, indicatorYears), worldbank.DecodeIndicator)
	if err != nil {
		return nil, err
	}
	if len(s.Rows) == 0 {
		return nil, upstreams.Errorf(worldbank.Source.Name, upstreams.NotFound, "no values for %s in %s", code, country)
	}
	first := s.Rows[0]
	out := indicatorView{
		Country:   named{ID: first.Country.ID, Name: first.Country.Name, ISO3: first.ISO3},
		Indicator: named{ID: first.Indicator.ID, Name: first.Indicator.Name}, Series: []yearValue{}, LastUpdated: s.LastUpdated,
	}
	for _, r := range s.Rows {
		if r.Value != nil {
			out.Series = append(out.Series, yearValue{Year: r.Year, Value: *r.Value})
		}
	}
	if len(out.Series) > 0 {
		out.Latest = &out.Series[0]
	}
	if len(out.Series) > 1 {
		ch := tidy.Round(out.Series[0].Value-out.Series[1].Value, 6)
		out.Change = &ch
	}
	return &registry.Result{Data: out, Count: 1, Source: worldbank.Source.Title, Cached: up.Cached()}, nil
}
