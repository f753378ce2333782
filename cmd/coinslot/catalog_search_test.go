package main

import (
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"sync"
	"testing"
)

// TestFreeSearchesSpendOnlyTheirOwnBudget floods the free catalog search
// proxy with distinct queries: every one reaches the proxy's own source, and
// the paid catalog tools' source is never asked, limited or cached into.
func TestFreeSearchesSpendOnlyTheirOwnBudget(t *testing.T) {
	slow(t)
	ln, base, cfg := sandboxOn(t, "upstreams:\n  x402_catalog_search: {rate: 1000, burst: 1000, concurrency: 4}\n")
	svc := startService(t, ln, cfg, slog.New(slog.DiscardHandler))
	const searches = 64
	var wg sync.WaitGroup
	for i := range searches {
		wg.Go(func() {
			res, err := client.Get(fmt.Sprintf("%s/api/x402/catalog/search?query=flood-%d&limit=5", base, i))
			if err != nil {
				t.Error(err)
				return
			}
			io.Copy(io.Discard, res.Body)
			res.Body.Close()
			if res.StatusCode != http.StatusOK {
				t.Errorf("search %d: HTTP %d", i, res.StatusCode)
			}
		})
	}
	wg.Wait()
	mfs, err := svc.runtime.Metrics().Gather()
	if err != nil {
		t.Fatal(err)
	}
	// count sums a counter's series for one source.
	count := func(metric, source string) (total int) {
		for _, mf := range mfs {
			for _, m := range mf.GetMetric() {
				for _, l := range m.GetLabel() {
					if mf.GetName() == metric && l.GetName() == "source" && l.GetValue() == source {
						total += int(m.GetCounter().GetValue())
					}
				}
			}
		}
		return total
	}
	if n := count("coinslot_upstream_requests_total", "x402_catalog_search"); n != searches {
		t.Errorf("proxy source requests = %d, want %d", n, searches)
	}
	for _, metric := range []string{"coinslot_upstream_requests_total", "coinslot_upstream_cache_total"} {
		if n := count(metric, "x402_catalog"); n != 0 {
			t.Errorf("%s{source=x402_catalog} = %d: free searches spent the paid tools' budget", metric, n)
		}
	}
}
