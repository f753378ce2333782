package edge

import (
	"net/url"
	"strings"
	"testing"
)

func TestCatalogSearchBoundsTheQuery(t *testing.T) {
	d := newDiscoveryServer(t, downRuntime{})
	long := url.QueryEscape(strings.Repeat("é", 401))
	want := `{"error":{"code":"invalid_params","message":"query is too long","fields":[{"name":"query","problem":"must be at most 400 characters"}]}}`
	if a := d.do("GET", "/api/x402/catalog/search?limit=5&query="+long); a.status != 400 || a.body != want {
		t.Errorf("401 characters: %d %s", a.status, a.body)
	}
	// 400 characters pass validation and reach the (here missing) upstream.
	ok := url.QueryEscape(strings.Repeat("é", 400))
	if a := d.do("GET", "/api/x402/catalog/search?query="+ok); a.status != 503 {
		t.Errorf("400 characters: %d %s", a.status, a.body)
	}
}
