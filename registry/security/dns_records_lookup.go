package security

import (
	"context"
	"strings"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/doh"
)

// hostname is a DNS name of letters, digits, hyphens and underscores (for
// _dmarc and similar), at most 253 characters.
// hostname is a domain name, optionally fully qualified with a final dot.
const hostname = `^\s*([A-Za-z0-9_]([A-Za-z0-9_-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z0-9-]{2,63}\.?\s*$`

func init() {
	family.Register(&registry.Tool{
		Name: "dns_records_lookup", Path: "/paid/security/dns-lookup", Price: "0.02",
		Description: "Resolve a domain's A, AAAA, MX, TXT, NS or CNAME records over DNS-over-HTTPS, with TTLs, " +
			"MX priorities, joined TXT strings and the resolver's DNSSEC validation flag.",
		Params: []registry.Param{
			registry.Str("domain").Req().Len(1, 253).Matching(hostname, "a domain name such as example.com").Describe("e.g. example.com"),
			registry.Str("type").OneOf("A", "AAAA", "MX", "TXT", "NS", "CNAME").WithDefault("A"),
		},
		Example:  map[string]any{"domain": "example.com", "type": "MX"},
		Synonyms: []string{"mx records", "domain records", "nameservers", "spf", "dkim", "dmarc", "dig", "domain lookup"},
		Expected: "Envelope whose data holds the domain's records of the asked type with DNSSEC status, and a domain that does not exist is a 404 not_found.",
		Shape:    registry.Envelope,
		Result:   dnsAnswer{},
		Sources:  []string{doh.Source.Name},
		Handler:  dnsRecordsLookup,
	})
}

type dnsAnswer struct {
	Domain string `json:"domain"`
	Type   string `json:"type"`
	doh.Answer
}

func dnsRecordsLookup(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	domain := strings.TrimSuffix(strings.ToLower(strings.TrimSpace(c.Args.String("domain"))), ".")
	typ := c.Args.String("type")
	up := upstreams.NewSession(c.Upstream)
	ans, err := upstreams.Fetch(ctx, up, doh.Query(domain, typ), doh.Decode)
	if err != nil {
		return nil, err
	}
	if ans.NotFound {
		return nil, upstreams.Errorf(doh.Source.Name, upstreams.NotFound, "%s does not exist (NXDOMAIN)", domain)
	}
	return &registry.Result{Data: dnsAnswer{domain, typ, ans}, Count: len(ans.Records), Source: doh.Source.Title, Cached: up.Cached()}, nil
}
