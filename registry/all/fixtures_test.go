package all

import (
	"context"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/coinslot/coinslot/upstreams"
)

// unservedFixtures are the fixtures no case folder can reach, keyed by
// "<source> <file>", or by "<source>" for all of a source's, with the
// reason.
var unservedFixtures = map[string]string{
	"mempool testdata/invalid_address.txt": "btc_address_balance refuses the address before payment: its checksum fails",
	"x402_catalog_search":                  "it feeds cmd/coinslot's catalog commands; no tool asks it",
}

// fixtureIndex is the place of f in src's list.
func fixtureIndex(src upstreams.Source, f upstreams.Fixture) int {
	for i, g := range src.Fixtures {
		if g.Method == f.Method && g.Path == f.Path && g.Query == f.Query && g.File == f.File && g.Status == f.Status {
			return i
		}
	}
	return -1
}

// Every fixture of every source answers some case folder's request, so no
// recording is kept that no case reads; and each fixture answers its own
// request, so none is hidden behind an earlier, broader one.
func TestEveryFixtureServesACase(t *testing.T) {
	type fixture struct {
		source string
		index  int
	}
	var mu sync.Mutex
	served := map[fixture]bool{}
	noting := upstreams.DoerFunc(func(ctx context.Context, req *upstreams.Request) (*upstreams.Response, error) {
		if src, f, ok := upstreams.Match(req); ok {
			mu.Lock()
			served[fixture{src.Name, fixtureIndex(src, f)}] = true
			mu.Unlock()
		}
		return upstreams.Replay.Do(ctx, req)
	})
	for _, c := range allCases(t) {
		_, _ = c.Run(t, noting) // TestCases compares the outcomes
	}
	exempted := map[string]bool{}
	for _, src := range upstreams.Sources() {
		if strings.HasPrefix(src.Name, "test_") { // declared by tests
			continue
		}
		for i, f := range src.Fixtures {
			own := &upstreams.Request{Source: src.Name, Method: f.Method, URL: src.BaseURL + f.Path + "?" + f.Query}
			if own.Method == "" {
				own.Method = http.MethodGet
			}
			if _, g, ok := upstreams.Match(own); !ok || fixtureIndex(src, g) != i {
				t.Errorf("%s: fixture %s (%s %s?%s) is shadowed by %s", src.Name, f.File, own.Method, f.Path, f.Query, g.File)
				continue
			}
			key := src.Name + " " + f.File
			if _, ok := unservedFixtures[key]; !ok {
				key = src.Name
			}
			_, exempt := unservedFixtures[key]
			switch {
			case served[fixture{src.Name, i}] && exempt:
				t.Errorf("%s: fixture %s answers a case; drop it from unservedFixtures", src.Name, f.File)
			case exempt:
				exempted[key] = true
			case !served[fixture{src.Name, i}]:
				t.Errorf("%s: fixture %s (%s?%s) answers no case folder", src.Name, f.File, f.Path, f.Query)
			}
		}
	}
	for key := range unservedFixtures {
		if !exempted[key] {
			t.Errorf("unservedFixtures lists %q, which is no fixture", key)
		}
	}
}
