package x402catalog

import (
	"bytes"
	"context"
	"encoding/json"
	"math/big"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

// Resource is one payable resource in the catalog.
type Resource struct {
	Resource    string     `json:"resource,required"`
	Type        string     `json:"type"`
	X402Version int        `json:"x402Version"`
	Description string     `json:"description"`
	ServiceName string     `json:"serviceName"`
	Tags        []string   `json:"tags"`
	LastUpdated Stamp      `json:"lastUpdated"`
	Accepts     []Accept   `json:"accepts,required"`
	Extensions  Extensions `json:"extensions"`
	Quality     Quality    `json:"quality"`
}

// Accept is one set of payment terms. v2 entries carry Amount; v1 entries
// carry MaxAmountRequired and may put Description and OutputSchema here.
type Accept struct {
	Scheme            string          `json:"scheme"`
	Network           string          `json:"network"`
	Amount            Atomic          `json:"amount"`
	MaxAmountRequired Atomic          `json:"maxAmountRequired"`
	PayTo             string          `json:"payTo"`
	Asset             string          `json:"asset"`
	MaxTimeoutSeconds int             `json:"maxTimeoutSeconds"`
	Description       string          `json:"description"`
	OutputSchema      json.RawMessage `json:"outputSchema"`
}

// Extensions holds the bazaar discovery declaration, when there is one.
type Extensions struct {
	Bazaar *Bazaar `json:"bazaar"`
}

// Bazaar is {info: {input, output}, schema}.
type Bazaar struct {
	Info struct {
		Input  json.RawMessage `json:"input"`
		Output *struct {
			Type    string          `json:"type"`
			Example json.RawMessage `json:"example"`
		} `json:"output"`
	} `json:"info"`
	Schema json.RawMessage `json:"schema"`
}

// Quality is the catalog's 30-day demand signal.
type Quality struct {
	Calls30d   Count `json:"l30DaysTotalCalls"`
	Payers30d  Count `json:"l30DaysUniquePayers"`
	LastCalled Stamp `json:"lastCalledAt"`
}

// Pagination of /discovery/resources.
type Pagination struct {
	Limit  int `json:"limit"`
	Offset int `json:"offset"`
	Total  int `json:"total,required"`
}

// ResourcePage is one page of /discovery/resources.
type ResourcePage struct {
	X402Version int        `json:"x402Version"`
	Items       []Resource `json:"items,required"`
	Pagination  Pagination `json:"pagination,required"`
}

// SearchResult is the answer of /discovery/search, best match first.
type SearchResult struct {
	X402Version    int        `json:"x402Version"`
	Resources      []Resource `json:"resources,required"`
	PartialResults bool       `json:"partialResults"`
	SearchMethod   string     `json:"searchMethod"`
}

// SearchQuery is a catalog search. Limit is capped at MaxSearchLimit.
type SearchQuery struct {
	Query       string // at most 400 characters; hybrid text and semantic match
	Limit       int
	Network     string // optional CAIP-2 id, e.g. eip155:8453
	MaxUSDPrice string // optional, e.g. "0.10"
}

// Catalog page limits.
const (
	MaxSearchLimit = 20
	MaxPage        = 1000
)

// Resources asks for one page of the catalog (offset snaps to the page size).
func Resources(limit, offset int) *upstreams.Request {
	v := url.Values{}
	v.Set("type", "http")
	v.Set("limit", strconv.Itoa(min(limit, MaxPage)))
	v.Set("offset", strconv.Itoa(offset))
	return get("/discovery/resources", v)
}

// Search asks the catalog for resources matching a query.
func Search(q SearchQuery) *upstreams.Request {
	v := url.Values{}
	v.Set("query", q.Query)
	v.Set("limit", strconv.Itoa(max(1, min(q.Limit, MaxSearchLimit))))
	if q.Network != "" {
		v.Set("network", q.Network)
	}
	if q.MaxUSDPrice != "" {
		v.Set("maxUsdPrice", q.MaxUSDPrice)
	}
	return get("/discovery/search", v)
}

func get(path string, v url.Values) *upstreams.Request {
	return &upstreams.Request{Source: Source.Name, URL: Source.BaseURL + path + "?" + v.Encode()}
}

// DecodeResources decodes /discovery/resources.
func DecodeResources(body []byte) (ResourcePage, error) { return decode[ResourcePage](body) }

// DecodeSearch decodes /discovery/search.
func DecodeSearch(body []byte) (SearchResult, error) { return decode[SearchResult](body) }

// Find runs one catalog search through d (the runtime's source supervisor)
// and reports whether the answer came from cache. The x402 intel tools use it.
func Find(ctx context.Context, d upstreams.Doer, q SearchQuery) (SearchResult, bool, error) {
	return find(ctx, d, Search(q))
}

// ProxyFind is Find on the free search proxy's own source.
func ProxyFind(ctx context.Context, d upstreams.Doer, q SearchQuery) (SearchResult, bool, error) {
	req := Search(q)
	req.Source = ProxySource.Name // same base URL, another budget
	return find(ctx, d, req)
}

func find(ctx context.Context, d upstreams.Doer, req *upstreams.Request) (SearchResult, bool, error) {
	req.Check = func(body []byte) error {
		_, err := DecodeSearch(body)
		return err
	}
	resp, err := d.Do(ctx, req)
	if err != nil {
		return SearchResult{}, false, err
	}
	res, err := DecodeSearch(resp.Body)
	return res, resp.Cached, err
}

func decode[T any](body []byte) (T, error) {
	var v T
	err := upstreams.DecodeJSON(Source.Name, body, &v)
	return v, err
}

// USDC contracts whose atomic amounts convert to dollars (6 decimals).
var usdc = map[string]bool{
	"0x833589fcd6edb6e08f4c7c32d4f71b54bda02913": true, // Base
	"0x036cbd53842c5426634e7929541ec2318f3dcf7e": true, // Base Sepolia
}

// IsUSDC reports whether an asset address is a known USDC contract.
func IsUSDC(asset string) bool { return usdc[strings.ToLower(asset)] }

// Price returns the atomic amount of the terms, from either protocol version.
func (a Accept) Price() Atomic {
	if a.Amount != "" {
		return a.Amount
	}
	return a.MaxAmountRequired
}

// PriceUSD is the resource's price in dollars from its first USDC terms.
func (r Resource) PriceUSD() (float64, bool) {
	for _, a := range r.Accepts {
		if !IsUSDC(a.Asset) {
			continue
		}
		if n, ok := new(big.Rat).SetString(string(a.Price())); ok {
			f, _ := new(big.Rat).Quo(n, big.NewRat(1_000_000, 1)).Float64()
			return f, true
		}
	}
	return 0, false
}

// Atomic is an integer amount in the asset's smallest unit, sent as a
// string or a number.
type Atomic string

func (a *Atomic) UnmarshalJSON(b []byte) error {
	*a = Atomic(strings.Trim(string(bytes.TrimSpace(b)), `"`))
	if *a == "null" {
		*a = ""
	}
	return nil
}

// Count is a non-negative integer sent as a number or a numeric string.
type Count int64

func (c *Count) UnmarshalJSON(b []byte) error {
	s := strings.Trim(string(bytes.TrimSpace(b)), `"`)
	if s == "" || s == "null" {
		*c = 0
		return nil
	}
	f, err := strconv.ParseFloat(s, 64)
	*c = Count(f)
	return err
}

// Stamp is a time sent as RFC 3339 text or as unix seconds; it holds the
// RFC 3339 form, or "" when absent.
type Stamp string

func (s *Stamp) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	switch {
	case string(b) == "null":
		*s = ""
	case len(b) > 0 && b[0] == '"':
		var t string
		if err := json.Unmarshal(b, &t); err != nil {
			return err
		}
		*s = Stamp(t)
	default:
		secs, err := strconv.ParseFloat(string(b), 64)
		if err != nil {
			return err
		}
		*s = Stamp(time.Unix(int64(secs), 0).UTC().Format(time.RFC3339))
	}
	return nil
}

// Time parses the stamp; ok is false when it is absent or malformed.
func (s Stamp) Time() (time.Time, bool) {
	t, err := time.Parse(time.RFC3339, string(s))
	return t, err == nil
}
