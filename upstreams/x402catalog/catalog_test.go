package x402catalog

import (
	"context"
	"io/fs"
	"testing"

	"github.com/coinslot/coinslot/upstreams"
)

func TestDecodeResources(t *testing.T) {
	b, err := fs.ReadFile(testdata, "testdata/resources.json")
	if err != nil {
		t.Fatal(err)
	}
	p, err := DecodeResources(b)
	if err != nil {
		t.Fatal(err)
	}
	if p.Pagination.Total != 11 || len(p.Items) != 11 {
		t.Fatalf("pagination %+v, %d items", p.Pagination, len(p.Items))
	}
	byURL := map[string]Resource{}
	for _, r := range p.Items {
		byURL[r.Resource] = r
	}
	own := byURL["https://coinslot.example/paid/venueA/trending"]
	if price, ok := own.PriceUSD(); !ok || price != 0.02 || own.Extensions.Bazaar == nil || own.Extensions.Bazaar.Info.Output == nil ||
		own.Quality.Calls30d != 310 || own.LastUpdated != "2026-11-18T09:12:00Z" {
		t.Errorf("v2 resource %+v", own)
	}
	// v1: maxAmountRequired, legacy network name, counts as strings, unix lastUpdated.
	v1 := byURL["https://legacy-signals.example.org/polymarket/whales"]
	if price, ok := v1.PriceUSD(); !ok || price != 0.03 || v1.Accepts[0].Network != "base" || v1.Quality.Payers30d != 9 ||
		v1.LastUpdated != "2026-11-17T07:20:00Z" || v1.Accepts[0].Description == "" {
		t.Errorf("v1 resource %+v", v1)
	}
	if _, ok := byURL["https://pay.example.io/markets/kalshi-feed"].PriceUSD(); ok {
		t.Error("a WETH price is not a USD price")
	}
	if price, _ := byURL["https://api.example.com/weather/forecast"].PriceUSD(); price != 1 {
		t.Errorf("Base Sepolia USDC 1000000 = $1, got %v", price)
	}
}

func TestSearchRequestAndFind(t *testing.T) {
	req := Search(SearchQuery{Query: "prediction markets", Limit: 50, MaxUSDPrice: "0.10"})
	want := "https://api.cdp.coinbase.com/platform/v2/x402/discovery/search?limit=20&maxUsdPrice=0.10&query=prediction+markets"
	if req.URL != want || req.Source != "x402_catalog" {
		t.Errorf("request %s", req.URL)
	}
	res, cached, err := Find(context.Background(), upstreams.Replay, SearchQuery{Query: "polymarket", Limit: 10})
	if err != nil || cached || len(res.Resources) != 3 || res.SearchMethod != "hybrid" ||
		res.Resources[0].Resource != "https://api.predictiondata.xyz/v1/polymarket/arbitrage" {
		t.Errorf("find: %+v cached %v err %v", res, cached, err)
	}
	none, _, err := Find(context.Background(), upstreams.Replay, SearchQuery{Query: "anything else", Limit: 5})
	if err != nil || len(none.Resources) != 0 {
		t.Errorf("unmatched query: %+v, %v", none, err)
	}
	down := &upstreams.Error{Source: Source.Name, Kind: upstreams.Unavailable, Message: "circuit open"}
	_, _, err = Find(context.Background(), upstreams.DoerFunc(func(context.Context, *upstreams.Request) (*upstreams.Response, error) {
		return nil, down
	}), SearchQuery{Query: "x"})
	if err != down {
		t.Errorf("error %v, want the upstream's own", err)
	}
	if _, err := DecodeSearch([]byte("<html>")); err == nil {
		t.Error("HTML decoded")
	}
}
