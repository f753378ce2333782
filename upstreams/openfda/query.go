package openfda

import (
	"net/url"
	"strconv"
	"strings"

	"github.com/coinslot/coinslot/upstreams"
)

// Query is one search of an openFDA endpoint. Match lists the fields that
// may contain Term; any of them matching is enough. Without a Term every
// record is a candidate, newest first by Sort.
type Query struct {
	Term  string
	Match []string // fields, e.g. product_description, openfda.generic_name
	Sort  string   // field sorted newest first, e.g. report_date
	Limit int
}

// Endpoints used by the tools.
const (
	DrugEnforcement = "/drug/enforcement.json"
	FoodEnforcement = "/food/enforcement.json"
	DrugEvent       = "/drug/event.json"
	DrugLabel       = "/drug/label.json"
)

// Search builds GET <endpoint>?search=...&sort=...&limit=....
func Search(endpoint string, q Query) *upstreams.Request {
	v := url.Values{"limit": {strconv.Itoa(q.Limit)}}
	if term := phrase(q.Term); term != "" {
		clauses := make([]string, len(q.Match))
		for i, field := range q.Match {
			clauses[i] = field + `:"` + term + `"`
		}
		v.Set("search", strings.Join(clauses, " "))
	}
	if q.Sort != "" {
		v.Set("sort", q.Sort+":desc")
	}
	return &upstreams.Request{Source: Source.Name, URL: Source.BaseURL + endpoint + "?" + v.Encode()}
}

// phrase makes buyer text safe inside a quoted openFDA phrase: quotes,
// backslashes and query syntax characters become spaces.
func phrase(s string) string {
	s = strings.Map(func(r rune) rune {
		if strings.ContainsRune(`"\:()[]{}*?^~!+&|`, r) {
			return ' '
		}
		return r
	}, s)
	return strings.Join(strings.Fields(s), " ")
}

// NoMatch reports whether err is openFDA's answer to a search without
// matches: HTTP 404, which is an empty result rather than a failure.
func NoMatch(err error) bool {
	e, ok := upstreams.AsError(err)
	return ok && e.Source == Source.Name && e.Status == 404
}

// decode reads the {meta, results} envelope every endpoint answers with.
func decode[T any](body []byte) ([]T, error) {
	var env struct {
		Meta struct {
			Results struct {
				Total int `json:"total"`
			} `json:"results"`
		} `json:"meta,required"`
		Results []T `json:"results,required"`
	}
	if err := upstreams.DecodeJSON(Source.Name, body, &env); err != nil {
		return nil, err
	}
	return env.Results, nil
}

// OpenFDA is the harmonised block openFDA adds to records it could link to a product.
type OpenFDA struct {
	BrandName        []string `json:"brand_name"`
	GenericName      []string `json:"generic_name"`
	ManufacturerName []string `json:"manufacturer_name"`
	Route            []string `json:"route"`
	ProductType      []string `json:"product_type"`
	SubstanceName    []string `json:"substance_name"`
}
