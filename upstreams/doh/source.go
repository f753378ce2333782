// Package doh is the client of Cloudflare's DNS-over-HTTPS JSON API
// (RFC 8484 transport, JSON answers in the shape Google's resolver also uses).
package doh

import (
	"embed"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

//go:embed testdata
var testdata embed.FS

// Source is Cloudflare's public resolver. It publishes no quota; the
// defaults stay modest, and answers are cached for a minute, below the TTL
// of most records.
var Source = upstreams.Register(upstreams.Source{
	Name:        "cloudflare_doh",
	Title:       "Cloudflare DNS over HTTPS",
	BaseURL:     "https://cloudflare-dns.com",
	Rate:        10,
	Burst:       20,
	Concurrency: 4,
	Timeout:     5 * time.Second,
	Retries:     1,
	CacheTTL:    time.Minute,
	Recorded:    testdata,
	Fixtures: []upstreams.Fixture{
		{Path: "/dns-query", Query: "name=_dmarc.example.com&type=TXT", File: "testdata/example_com_dmarc.json"},
		{Path: "/dns-query", Query: "name=python.org&type=MX", File: "testdata/python_org_mx.json"},
		{Path: "/dns-query", Query: "name=python.org&type=TXT", File: "testdata/python_org_txt.json"},
		{Path: "/dns-query", Query: "name=_dmarc.python.org&type=TXT", File: "testdata/python_org_dmarc.json"},
		{Path: "/dns-query", Query: "name=example.com&type=MX", File: "testdata/example_com_mx.json"},
		{Path: "/dns-query", Query: "name=example.com&type=TXT", File: "testdata/example_com_txt.json"},
		{Path: "/dns-query", Query: "name=example.com&type=A", File: "testdata/example_com_a.json"},
		{Path: "/dns-query", Query: "name=www.github.com&type=CNAME", File: "testdata/www_github_com_cname.json"},
		{Path: "/dns-query", Query: "name=no-such-name.example&type=A", File: "testdata/nxdomain.json"},
		{Path: "/dns-query", Query: "name=broken.example&type=A", File: "testdata/servfail.json"},
	},
})
