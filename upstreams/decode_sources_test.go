package upstreams_test

import (
	"cmp"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/adsblol"
	"github.com/coinslot/coinslot/upstreams/arxiv"
	"github.com/coinslot/coinslot/upstreams/clinicaltrials"
	"github.com/coinslot/coinslot/upstreams/coingecko"
	"github.com/coinslot/coinslot/upstreams/coops"
	"github.com/coinslot/coinslot/upstreams/courtlistener"
	"github.com/coinslot/coinslot/upstreams/cpsc"
	"github.com/coinslot/coinslot/upstreams/dexscreener"
	"github.com/coinslot/coinslot/upstreams/doh"
	"github.com/coinslot/coinslot/upstreams/eonet"
	"github.com/coinslot/coinslot/upstreams/eutils"
	"github.com/coinslot/coinslot/upstreams/faa"
	"github.com/coinslot/coinslot/upstreams/federalregister"
	"github.com/coinslot/coinslot/upstreams/firms"
	"github.com/coinslot/coinslot/upstreams/frankfurter"
	"github.com/coinslot/coinslot/upstreams/fred"
	"github.com/coinslot/coinslot/upstreams/gdelt"
	"github.com/coinslot/coinslot/upstreams/github"
	"github.com/coinslot/coinslot/upstreams/gleif"
	"github.com/coinslot/coinslot/upstreams/grantsgov"
	"github.com/coinslot/coinslot/upstreams/hackernews"
	"github.com/coinslot/coinslot/upstreams/ipapi"
	"github.com/coinslot/coinslot/upstreams/kalshi"
	"github.com/coinslot/coinslot/upstreams/lda"
	"github.com/coinslot/coinslot/upstreams/mempool"
	"github.com/coinslot/coinslot/upstreams/nhtsa"
	"github.com/coinslot/coinslot/upstreams/nvd"
	"github.com/coinslot/coinslot/upstreams/nws"
	"github.com/coinslot/coinslot/upstreams/openalex"
	"github.com/coinslot/coinslot/upstreams/openaq"
	"github.com/coinslot/coinslot/upstreams/openfda"
	"github.com/coinslot/coinslot/upstreams/openlibrary"
	"github.com/coinslot/coinslot/upstreams/openmeteo"
	"github.com/coinslot/coinslot/upstreams/openrouter"
	"github.com/coinslot/coinslot/upstreams/patentsview"
	"github.com/coinslot/coinslot/upstreams/polymarket"
	"github.com/coinslot/coinslot/upstreams/portwatch"
	"github.com/coinslot/coinslot/upstreams/propublica"
	"github.com/coinslot/coinslot/upstreams/reddit"
	"github.com/coinslot/coinslot/upstreams/regulationsgov"
	"github.com/coinslot/coinslot/upstreams/sec"
	"github.com/coinslot/coinslot/upstreams/semanticscholar"
	"github.com/coinslot/coinslot/upstreams/swpc"
	"github.com/coinslot/coinslot/upstreams/trademarks"
	"github.com/coinslot/coinslot/upstreams/treasury"
	"github.com/coinslot/coinslot/upstreams/usaspending"
	"github.com/coinslot/coinslot/upstreams/usgs"
	"github.com/coinslot/coinslot/upstreams/usgswater"
	_ "github.com/coinslot/coinslot/upstreams/web" // declares a source without decoders
	"github.com/coinslot/coinslot/upstreams/who"
	"github.com/coinslot/coinslot/upstreams/worldbank"
	"github.com/coinslot/coinslot/upstreams/x402catalog"
	"github.com/coinslot/coinslot/upstreams/zippopotam"
)

// shapeCase is how one source answers when it is not answering the question:
// another envelope (a different endpoint's, or a newer API version's) and
// its own error object, both with HTTP 200. Every decoder of the source must
// refuse both as a bad answer rather than decode them to empty data.
type shapeCase struct {
	wrong    string                        // another envelope; wrongEnvelope when empty
	errorObj string                        // the source's error body, as its documentation or research notes show it
	errKind  upstreams.Kind                // what the error object means; BadAnswer when empty
	decoders map[string]func([]byte) error // by "<package dir>.<function>"
}

// wrongEnvelope carries data under a member no source's decoder reads it from.
const wrongEnvelope = `{"data":[{"id":"1","name":"x"}],"meta":{"count":1}}`

// noShape: declared sources without an envelope to check.
var noShape = map[string]string{
	"web":           "fetches pages of the buyer's choosing; whatever a site serves is its answer",
	"test_any_host": "declared by public_test.go; answers nothing",
}

func d[T any](f func([]byte) (T, error)) func([]byte) error {
	return func(b []byte) error { _, err := f(b); return err }
}

var shapeCases = map[string]shapeCase{
	"adsblol": {errorObj: `{"error":"rate limited"}`, decoders: map[string]func([]byte) error{
		"adsblol.DecodeAirport": d(adsblol.DecodeAirport), "adsblol.DecodeSnapshot": d(adsblol.DecodeSnapshot)}},
	"arxiv": {wrong: `<?xml version="1.0"?><rss version="2.0"><channel><item><title>x</title></item></channel></rss>`,
		errorObj: `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><entry><title>Error</title><summary>malformed query</summary></entry></feed>`,
		decoders: map[string]func([]byte) error{"arxiv.DecodeFeed": d(arxiv.DecodeFeed)}},
	"clinicaltrials": {errorObj: `{"error":"Bad Request","message":"unknown parameter"}`, decoders: map[string]func([]byte) error{
		"clinicaltrials.DecodeStudies": d(clinicaltrials.DecodeStudies)}},
	"coingecko": {wrong: `{"ethereum":{"usd":3000}}`, errorObj: `{"status":{"error_code":429,"error_message":"You've exceeded the Rate Limit."}}`,
		decoders: map[string]func([]byte) error{"coingecko.DecodePrice": func(b []byte) error {
			_, err := coingecko.DecodePrice(b, "bitcoin", "usd")
			return err
		}}},
	"noaa_coops": {errorObj: `{"error":{"message":"No data was found. This product may not be offered at this station at the requested time."}}`,
		errKind: upstreams.NotFound, decoders: map[string]func([]byte) error{"coops.DecodeAnswer": d(coops.DecodeAnswer)}},
	"courtlistener": {errorObj: `{"detail":"Invalid token."}`, decoders: map[string]func([]byte) error{
		"courtlistener.DecodeDocket": d(courtlistener.DecodeDocket), "courtlistener.DecodeOpinions": d(courtlistener.DecodeOpinions),
		"courtlistener.DecodeJudges": d(courtlistener.DecodeJudges)}},
	"cpsc": {errorObj: `{"Message":"An error has occurred."}`, decoders: map[string]func([]byte) error{
		"cpsc.DecodeRecalls": d(cpsc.DecodeRecalls)}},
	"dexscreener": {errorObj: `{"error":"Too Many Requests"}`, decoders: map[string]func([]byte) error{
		"dexscreener.DecodeSearch": d(dexscreener.DecodeSearch)}},
	"cloudflare_doh": {errorObj: `{"error":"Invalid query name"}`, decoders: map[string]func([]byte) error{"doh.Decode": d(doh.Decode)}},
	"eonet": {errorObj: `{"error":"Bad Request","message":"invalid category"}`, decoders: map[string]func([]byte) error{
		"eonet.DecodeEvents": d(eonet.DecodeEvents)}},
	"ncbi_eutils": {errorObj: `{"error":"API rate limit exceeded","api-key":"203.0.113.7","count":"11","limit":"10"}`,
		decoders: map[string]func([]byte) error{"eutils.DecodeSearch": d(eutils.DecodeSearch), "eutils.DecodeSummary": d(eutils.DecodeSummary)}},
	"faa": {wrong: `<?xml version="1.0"?><rss version="2.0"><channel></channel></rss>`, errorObj: `<html><body><h1>503 Service Unavailable</h1></body></html>`,
		decoders: map[string]func([]byte) error{"faa.DecodeStatus": d(faa.DecodeStatus)}},
	"federalregister": {errorObj: `{"status":400,"errors":{"conditions":"is not a valid field"}}`, decoders: map[string]func([]byte) error{
		"federalregister.DecodeResults": d(federalregister.DecodeResults)}},
	"firms": {wrong: "id,name\n1,x\n", errorObj: "Invalid MAP_KEY.", decoders: map[string]func([]byte) error{"firms.DecodeArea": d(firms.DecodeArea)}},
	"frankfurter": {errorObj: `{"message":"not found"}`, decoders: map[string]func([]byte) error{
		"frankfurter.DecodeCurrencies": d(frankfurter.DecodeCurrencies), "frankfurter.DecodeRates": d(frankfurter.DecodeRates)}},
	"fred": {errorObj: `{"error_code":400,"error_message":"Bad Request.  The value for variable api_key is not registered."}`,
		decoders: map[string]func([]byte) error{"fred.DecodeObservations": d(fred.DecodeObservations), "fred.DecodeSeries": d(fred.DecodeSeries)}},
	"gdelt": {errorObj: "Your search contained a keyword that is too short.", decoders: map[string]func([]byte) error{
		"gdelt.DecodeArticles": d(gdelt.DecodeArticles), "gdelt.DecodeTimeline": d(gdelt.DecodeTimeline)}},
	"github": {errorObj: `{"message":"Not Found","documentation_url":"https://docs.github.com/rest","status":"404"}`,
		decoders: map[string]func([]byte) error{"github.DecodeRepoDetail": d(github.DecodeRepoDetail), "github.DecodeLanguages": d(github.DecodeLanguages),
			"github.DecodeContributors": d(github.DecodeContributors), "github.DecodeReleases": d(github.DecodeReleases),
			"github.DecodeRepoPage": d(github.DecodeRepoPage)}},
	"gleif": {errorObj: `{"errors":[{"status":"400","title":"Bad Request","detail":"The page size must not exceed 200."}]}`,
		decoders: map[string]func([]byte) error{"gleif.DecodeSearch": d(gleif.DecodeSearch)}},
	"grantsgov": {errorObj: `{"errorcode":1,"msg":"Invalid request","token":"","data":{}}`, decoders: map[string]func([]byte) error{
		"grantsgov.DecodeSearch": d(grantsgov.DecodeSearch)}},
	"hackernews": {errorObj: `{"message":"invalid parameters","status":400}`, decoders: map[string]func([]byte) error{
		"hackernews.DecodeHits": d(hackernews.DecodeHits)}},
	"ipapi": {errorObj: `{"status":"fail","message":"reserved range","query":"10.0.0.1"}`, errKind: upstreams.NotFound,
		decoders: map[string]func([]byte) error{"ipapi.DecodeLocation": d(ipapi.DecodeLocation)}},
	"kalshi": {wrong: `{"markets":[{"id":"1","name":"x"}],"cursor":""}`, errorObj: `{"error":{"code":"not_found","message":"not found","service":"exchange"}}`,
		decoders: map[string]func([]byte) error{"kalshi.DecodeMarketPage": d(kalshi.DecodeMarketPage), "kalshi.DecodeEventPage": d(kalshi.DecodeEventPage)}},
	"lda": {errorObj: `{"detail":"Invalid token."}`, decoders: map[string]func([]byte) error{"lda.DecodeFilings": d(lda.DecodeFilings)}},
	"mempool": {wrong: `{}`, errorObj: "Invalid Bitcoin address", decoders: map[string]func([]byte) error{
		"mempool.DecodeAddress": d(mempool.DecodeAddress), "mempool.DecodeTxs": d(mempool.DecodeTxs),
		"mempool.DecodeFees": d(mempool.DecodeFees), "mempool.DecodeMempool": d(mempool.DecodeMempool)}},
	"nhtsa_recalls": {errorObj: `{"Count":0,"Message":"Invalid request: make is required"}`, decoders: map[string]func([]byte) error{
		"nhtsa.DecodeCampaigns": d(nhtsa.DecodeCampaigns)}},
	"nhtsa_vpic": {errorObj: `{"Count":0,"Message":"An error occurred","SearchCriteria":null,"Results":null}`,
		decoders: map[string]func([]byte) error{"nhtsa.DecodeVehicle": d(nhtsa.DecodeVehicle)}},
	"nvd": {errorObj: `{"message":"Invalid apiKey","status":403}`, decoders: map[string]func([]byte) error{"nvd.DecodeCVEs": d(nvd.DecodeCVEs)}},
	"nws": {errorObj: `{"correlationId":"5a1c","title":"Marine Forecast Not Supported","type":"https://api.weather.gov/problems/InvalidPoint","status":404,"detail":"Unable to provide data for requested point"}`,
		decoders: map[string]func([]byte) error{"nws.DecodeAlerts": d(nws.DecodeAlerts), "nws.DecodeGrid": d(nws.DecodeGrid),
			"nws.DecodeForecast": d(nws.DecodeForecast)}},
	"openalex": {errorObj: `{"error":"Invalid query parameters error.","message":"per-page is not a valid parameter"}`,
		decoders: map[string]func([]byte) error{"openalex.DecodeWorks": d(openalex.DecodeWorks)}},
	"openaq": {errorObj: `{"message":"Unauthorized. A valid API key must be provided in the X-API-Key header."}`,
		decoders: map[string]func([]byte) error{"openaq.DecodeLocations": d(openaq.DecodeLocations)}},
	"openfda": {errorObj: `{"error":{"code":"BAD_REQUEST","message":"Invalid search"}}`, decoders: map[string]func([]byte) error{
		"openfda.DecodeRecalls": d(openfda.DecodeRecalls), "openfda.DecodeEvents": d(openfda.DecodeEvents),
		"openfda.DecodeLabels": d(openfda.DecodeLabels)}},
	"openlibrary": {wrong: `{"ISBN:9780140328721":{"url":"https://openlibrary.org/books/OL1M","title":"x"}}`,
		errorObj: `{"error":"notfound","key":"/isbn/0000000000"}`, decoders: map[string]func([]byte) error{
			"openlibrary.DecodeBook": func(b []byte) error {
				_, _, err := openlibrary.DecodeBook(b, "9780262033848")
				return err
			}}},
	"openmeteo": {errorObj: `{"error":true,"reason":"Cannot initialize WeatherVariable from invalid String value foo"}`,
		decoders: map[string]func([]byte) error{"openmeteo.Decode": d(openmeteo.Decode)}},
	"openrouter": {errorObj: `{"error":{"code":401,"message":"No auth credentials found"}}`, decoders: map[string]func([]byte) error{
		"openrouter.DecodeModels": d(openrouter.DecodeModels)}},
	"patentsview": {errorObj: `{"error":true,"reason":"Invalid query parameter"}`, decoders: map[string]func([]byte) error{
		"patentsview.DecodePatents": d(patentsview.DecodePatents)}},
	"polymarket_gamma": {errorObj: `{"type":"not found error","error":"not found"}`, decoders: map[string]func([]byte) error{
		"polymarket.DecodeEvent": d(polymarket.DecodeEvent), "polymarket.DecodeMarketPage": d(polymarket.DecodeMarketPage),
		"polymarket.DecodeEventPage": d(polymarket.DecodeEventPage), "polymarket.DecodeTag": d(polymarket.DecodeTag),
		"polymarket.DecodeSearch": d(polymarket.DecodeSearch)}},
	"polymarket_clob": {errorObj: `{"error":"market not found"}`, decoders: map[string]func([]byte) error{
		"polymarket.DecodeBooks": d(polymarket.DecodeBooks), "polymarket.DecodeClobMarket": d(polymarket.DecodeClobMarket)}},
	"polymarket_data": {errorObj: `{"error":"invalid user address"}`, decoders: map[string]func([]byte) error{
		"polymarket.DecodeLeaderboard": d(polymarket.DecodeLeaderboard), "polymarket.DecodeTrades": d(polymarket.DecodeTrades)}},
	"portwatch": {errorObj: `{"error":{"code":400,"message":"Invalid or missing input parameters.","details":[]}}`,
		decoders: map[string]func([]byte) error{"portwatch.DecodeRows": d(portwatch.DecodeRows)}},
	"propublica": {errorObj: `{"error":"not found"}`, decoders: map[string]func([]byte) error{
		"propublica.DecodeSearch": d(propublica.DecodeSearch), "propublica.DecodeDetails": d(propublica.DecodeDetails)}},
	"reddit": {errorObj: `{"message":"Too Many Requests","error":429}`, decoders: map[string]func([]byte) error{
		"reddit.DecodeListing": d(reddit.DecodeListing)}},
	"regulationsgov": {errorObj: `{"error":{"code":"API_KEY_INVALID","message":"An invalid api_key was supplied."}}`,
		decoders: map[string]func([]byte) error{"regulationsgov.DecodeDocuments": d(regulationsgov.DecodeDocuments)}},
	"sec": {errorObj: `<html><head><title>SEC.gov | Request Rate Threshold Exceeded</title></head><body><h1>Your Request Originates from an Undeclared Automated Tool</h1></body></html>`,
		decoders: map[string]func([]byte) error{"sec.DecodeCurrentFilings": d(sec.DecodeCurrentFilings), "sec.DecodeOwnership": d(sec.DecodeOwnership),
			"sec.DecodeTickers": d(sec.DecodeTickers)}},
	"sec_data": {errorObj: `<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>`,
		decoders: map[string]func([]byte) error{"sec.DecodeSubmissions": d(sec.DecodeSubmissions)}},
	"sec_efts": {errorObj: `{"error":"Bad Request","message":"invalid date range"}`, decoders: map[string]func([]byte) error{
		"sec.DecodeFullText": d(sec.DecodeFullText)}},
	"semanticscholar": {errorObj: `{"error":"Paper with id DOI:10.1000/missing not found"}`, decoders: map[string]func([]byte) error{
		"semanticscholar.DecodeDetails": d(semanticscholar.DecodeDetails), "semanticscholar.DecodeEdges": d(semanticscholar.DecodeEdges),
		"semanticscholar.DecodeSearch": d(semanticscholar.DecodeSearch)}},
	"noaa_swpc": {errorObj: `<html><head><title>404 Not Found</title></head><body><h1>Not Found</h1></body></html>`,
		decoders: map[string]func([]byte) error{"swpc.DecodeKp": d(swpc.DecodeKp), "swpc.DecodeKpForecast": d(swpc.DecodeKpForecast),
			"swpc.DecodePlasma": d(swpc.DecodePlasma), "swpc.DecodeFlares": d(swpc.DecodeFlares), "swpc.DecodeAurora": d(swpc.DecodeAurora)}},
	"uspto_trademark": {errorObj: `{"message":"You are not subscribed to this API."}`, decoders: map[string]func([]byte) error{
		"trademarks.DecodeSearch": d(trademarks.DecodeSearch)}},
	"treasury": {errorObj: `{"error":"Invalid Query Param","message":"Invalid query parameter 'sort' with value '[-date]'."}`,
		decoders: map[string]func([]byte) error{"treasury.DecodePage": d(treasury.DecodePage)}},
	"usaspending": {errorObj: `{"detail":"Missing value: 'filters|time_period' is a required field"}`, decoders: map[string]func([]byte) error{
		"usaspending.DecodeAgencies": d(usaspending.DecodeAgencies), "usaspending.DecodeAwards": d(usaspending.DecodeAwards),
		"usaspending.DecodeTotals": d(usaspending.DecodeTotals)}},
	"usgs": {errorObj: "Error 400: Bad Request\n\nBad minmagnitude value \"x\".", decoders: map[string]func([]byte) error{
		"usgs.DecodeEvents": d(usgs.DecodeEvents)}},
	"usgs_water": {errorObj: "Service Unavailable", decoders: map[string]func([]byte) error{"usgswater.DecodeSeries": d(usgswater.DecodeSeries)}},
	"who_don": {errorObj: `{"error":{"code":"","message":"The query specified in the URI is not valid."}}`,
		decoders: map[string]func([]byte) error{"who.DecodeReports": d(who.DecodeReports)}},
	"worldbank": {errorObj: `[{"message":[{"id":"120","key":"Invalid value","value":"The provided parameter value is not valid"}]}]`,
		errKind: upstreams.NotFound, decoders: map[string]func([]byte) error{"worldbank.DecodeIndicator": d(worldbank.DecodeIndicator)}},
	"x402_catalog": {errorObj: `{"errorType":"invalid_request","errorMessage":"query must be at most 400 characters"}`,
		decoders: map[string]func([]byte) error{"x402catalog.DecodeResources": d(x402catalog.DecodeResources), "x402catalog.DecodeSearch": d(x402catalog.DecodeSearch)}},
	"zippopotam": {errorObj: `{}`, errKind: upstreams.NotFound, decoders: map[string]func([]byte) error{
		"zippopotam.DecodeLookup": d(zippopotam.DecodeLookup)}},
}

// decodedAs: sources whose answers one decoder of another source reads.
var decodedAs = map[string]string{
	"openmeteo_historical": "openmeteo", "openmeteo_archive": "openmeteo",
	"openmeteo_air_quality": "openmeteo", "openmeteo_marine": "openmeteo",
	"x402_catalog_search": "x402_catalog",
}

func TestDecodersRefuseOtherShapes(t *testing.T) {
	for name, c := range shapeCases {
		wrong := cmp.Or(c.wrong, wrongEnvelope)
		for fn, decode := range c.decoders {
			for _, b := range []struct {
				what, body string
				kind       upstreams.Kind
			}{
				{"another envelope", wrong, upstreams.BadAnswer},
				{"an error object", c.errorObj, cmp.Or(c.errKind, upstreams.BadAnswer)},
			} {
				err := decode([]byte(b.body))
				e, ok := upstreams.AsError(err)
				if !ok || e.Kind != b.kind || e.Source != name {
					t.Errorf("%s on %s: err = %#v, want %s from %s", fn, b.what, err, b.kind, name)
				}
			}
		}
	}
}

// Every declared source and every exported decoder of a body under
// upstreams/ has its case, so a new source or decoder cannot skip the check.
// A source package is imported here once it has a decoder, so its
// declarations are among upstreams.Sources().
func TestEverySourceHasShapeCases(t *testing.T) {
	var decoders []string
	dirs, err := filepath.Glob("*/source.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range dirs {
		dir := filepath.Dir(path)
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, file := range files {
			if strings.HasSuffix(file, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(token.NewFileSet(), file, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			for _, decl := range f.Decls {
				if fn, ok := decl.(*ast.FuncDecl); ok && fn.Recv == nil && strings.HasPrefix(fn.Name.Name, "Decode") && takesBody(fn) {
					decoders = append(decoders, dir+"."+fn.Name.Name)
				}
			}
		}
	}
	var want []string
	for _, src := range upstreams.Sources() {
		_, exempt := noShape[src.Name]
		_, shared := decodedAs[src.Name]
		if !exempt && !shared {
			want = append(want, src.Name)
		}
	}
	var cased, casedDecoders []string
	for n, c := range shapeCases {
		cased = append(cased, n)
		for fn := range c.decoders {
			casedDecoders = append(casedDecoders, fn)
		}
	}
	same(t, "sources", want, cased)
	same(t, "decoders", decoders, casedDecoders)
}

func takesBody(fn *ast.FuncDecl) bool {
	ps := fn.Type.Params.List
	if len(ps) == 0 {
		return false
	}
	at, ok := ps[0].Type.(*ast.ArrayType)
	if !ok || at.Len != nil {
		return false
	}
	id, ok := at.Elt.(*ast.Ident)
	return ok && id.Name == "byte"
}

func same(t *testing.T, what string, want, got []string) {
	t.Helper()
	sort.Strings(want)
	sort.Strings(got)
	if strings.Join(want, " ") != strings.Join(got, " ") {
		t.Errorf("%s with shape cases:\n got  %v\n want %v", what, got, want)
	}
}
