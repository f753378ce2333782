package edge

import (
	"encoding/json"
	"testing"

	"github.com/valyala/fasthttp"
)

// GET / sends a browser to the docs page and answers an agent, which asks
// for JSON or anything, with where the service's documents are.
func TestRootLeadsBrowsersToTheDocsAndAgentsToTheIndex(t *testing.T) {
	d := newDiscoveryServer(t, downRuntime{})
	get := func(accept string) *fasthttp.Response {
		req, res := fasthttp.AcquireRequest(), &fasthttp.Response{}
		defer fasthttp.ReleaseRequest(req)
		req.SetRequestURI("http://coinslot.test/")
		if accept != "" {
			req.Header.Set("Accept", accept)
		}
		if err := d.client.Do(req, res); err != nil {
			t.Fatal(err)
		}
		return res
	}
	// What Chromium and Firefox send for a page.
	res := get("text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8")
	if res.StatusCode() != fasthttp.StatusFound || string(res.Header.Peek("Location")) != "http://coinslot.test/docs" {
		t.Errorf("a browser gets %d, Location %q", res.StatusCode(), res.Header.Peek("Location"))
	}
	for _, accept := range []string{"", "*/*", "application/json"} {
		res := get(accept)
		var index struct {
			Service, Docs, MCP string
			Links              []struct{ Name, URL string }
		}
		if err := json.Unmarshal(res.Body(), &index); err != nil || res.StatusCode() != fasthttp.StatusOK ||
			string(res.Header.ContentType()) != contentJSON {
			t.Fatalf("Accept %q: %d %s %s", accept, res.StatusCode(), res.Header.ContentType(), res.Body())
		}
		if index.Service != "coinslot" || index.Docs != "http://coinslot.test/docs" || index.MCP != "http://coinslot.test/mcp" ||
			len(index.Links) != 8 || index.Links[2].URL != "http://coinslot.test/api/routes/find?q=markets" {
			t.Errorf("Accept %q: index %+v", accept, index)
		}
	}
	if a := d.do("POST", "/"); a.status != fasthttp.StatusMethodNotAllowed {
		t.Errorf("POST /: %d %s", a.status, a.body)
	}
}
