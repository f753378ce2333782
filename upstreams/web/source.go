// Package web fetches public web pages of the buyer's choosing: home pages,
// robots.txt, llms.txt and /.well-known files. Requests carry absolute URLs;
// the runtime dials only public addresses for them (see upstreams.AnyHost).
package web

import (
	"embed"
	"net/http"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

//go:embed testdata
var testdata embed.FS

var (
	html  = http.Header{"Content-Type": {"text/html; charset=UTF-8"}}
	plain = http.Header{"Content-Type": {"text/plain; charset=utf-8"}}
	// pythonOrg are www.python.org's recorded response headers.
	pythonOrg = http.Header{"Content-Type": {"text/html; charset=utf-8"}, "Server": {"nginx"}, "Via": {"1.1 varnish, 1.1 varnish"},
		"X-Frame-Options": {"SAMEORIGIN"}, "Strict-Transport-Security": {"max-age=63072000; includeSubDomains; preload"}}
)

// Source: the limits are per site (a few pages a second, two at a time, its
// own breaker), so a dead or tarpit site a buyer names holds only the calls
// to it; 32 fetches in flight in all; short timeouts and one retry, so one
// request takes at most 20 s; and a ten-minute cache so repeated audits of
// one site fetch it once.
var Source = upstreams.Register(upstreams.Source{
	Name: "web", Title: "public web pages", AnyHost: true,
	Rate: 5, Burst: 10, Concurrency: 32, PerHost: 2, Timeout: 10 * time.Second, Retries: 1, CacheTTL: 10 * time.Minute,
	Recorded: testdata,
	Fixtures: []upstreams.Fixture{
		{Path: "/example.com/", File: "testdata/example_com.html", Header: html},
		{Path: "/example.com/robots.txt", File: "testdata/not_found.html", Status: 404, Header: html},
		{Path: "/example.com/llms.txt", File: "testdata/not_found.html", Status: 404, Header: html},
		{Path: "/example.com/ai.txt", File: "testdata/not_found.html", Status: 404, Header: html},
		{Path: "/example.com/.well-known/agent-card.json", File: "testdata/not_found.html", Status: 404, Header: html},
		{Path: "/example.com/.well-known/agent.json", File: "testdata/not_found.html", Status: 404, Header: html},
		{Path: "/example.com/.well-known/security.txt", File: "testdata/not_found.html", Status: 404, Header: html},
		{Path: "/www.python.org/", File: "testdata/python_org.html", Header: pythonOrg},
		{Path: "/www.python.org/robots.txt", File: "testdata/python_org_robots.txt", Header: plain},
		{Path: "/www.python.org/llms.txt", File: "testdata/not_found.html", Status: 404, Header: html},
		{Path: "/www.python.org/ai.txt", File: "testdata/not_found.html", Status: 404, Header: html},
		{Path: "/www.python.org/.well-known/agent-card.json", File: "testdata/not_found.html", Status: 404, Header: html},
		{Path: "/www.python.org/.well-known/agent.json", File: "testdata/not_found.html", Status: 404, Header: html},
		{Path: "/www.python.org/.well-known/security.txt", File: "testdata/python_org_security.txt", Header: plain},
		// https://python.org/ redirects to www.python.org; the runtime follows, so the answer is the same.
		{Path: "/python.org/", File: "testdata/python_org.html", Header: pythonOrg},
		{Path: "/python.org/.well-known/security.txt", File: "testdata/python_org_security.txt", Header: plain},
	},
})
