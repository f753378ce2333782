package gov

import (
	"context"
	"net/http"
	"strings"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/zippopotam"
)

func init() {
	family.Register(&registry.Tool{
		Name: "postal_code_lookup", Path: "/paid/gov/postal-lookup", Price: "0.02",
		Description: "Places, states and coordinates for a postal code in about sixty countries.",
		Params: []registry.Param{
			registry.Str("country").Req().Len(2, 2).Matching(`^[A-Za-z]{2}$`, "a two-letter ISO country code such as US").
				Describe("ISO 3166-1 alpha-2 code, e.g. US, DE"),
			registry.Str("postal_code").Req().Len(2, 12).
				Matching(`^\s*[A-Za-z0-9][A-Za-z0-9 -]*\s*$`, "a postal code of letters, digits, spaces and hyphens"),
		},
		Example:  map[string]any{"country": "US", "postal_code": "90210"},
		Synonyms: []string{"zip code", "postcode", "zip code lookup", "city for a zip"},
		Expected: "Envelope whose data lists the places a postal code covers with state and coordinates, and an unknown code is not_found.",
		Shape:    registry.Envelope,
		Result:   postalView{},
		Sources:  []string{zippopotam.Source.Name},
		Handler:  postalCodeLookup,
	})
}

type place struct {
	Name      string  `json:"name"`
	State     string  `json:"state"`
	StateCode string  `json:"state_code"`
	Lat       float64 `json:"lat"`
	Lon       float64 `json:"lon"`
}

type postalView struct {
	PostalCode  string  `json:"postal_code"`
	Country     string  `json:"country"`
	CountryCode string  `json:"country_code"`
	Places      []place `json:"places"`
}

func postalCodeLookup(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	country := c.Args.String("country")
	code := strings.TrimSpace(c.Args.String("postal_code"))
	up := upstreams.NewSession(c.Upstream)
	pc, err := upstreams.Fetch(ctx, up, zippopotam.Lookup(country, code), zippopotam.DecodeLookup)
	if err != nil {
		if ue, ok := upstreams.AsError(err); ok && ue.Status == http.StatusNotFound {
			return nil, upstreams.Errorf(zippopotam.Source.Name, upstreams.NotFound, "no such postal code")
		}
		return nil, err
	}
	out := postalView{PostalCode: pc.PostalCode, Country: pc.Country, CountryCode: pc.CountryCode, Places: []place{}}
	for _, p := range pc.Places {
		out.Places = append(out.Places, place{Name: p.Name, State: p.State, StateCode: p.StateCode, Lat: float64(p.Latitude), Lon: float64(p.Longitude)})
	}
	return &registry.Result{Data: out, Count: 1, Source: zippopotam.Source.Title, Cached: up.Cached()}, nil
}
