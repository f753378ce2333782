package web

import (
	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams/doh"
	"github.com/coinslot/coinslot/upstreams/web"
)

// Declared so the catalog is complete; their handlers are not written yet,
// so they answer 503 and are never sold.
func init() {
	urlParam := registry.Str("url").Req().Len(8, 2048).Describe("public http(s) page, including the https:// scheme")
	domainParam := registry.Str("domain").Req().Len(3, 253).Describe("company domain, e.g. example.com")
	for _, t := range []*registry.Tool{
		{
			Name: "detect_stack", Price: "0.02",
			Description: "Technologies behind a public page: server, CDN, framework, CMS, analytics, payments and " +
				"chat widgets from response headers, HTML markers and script hosts, each with its evidence.",
			Params: []registry.Param{urlParam}, Example: map[string]any{"url": "https://www.python.org/"},
			Expected: "Envelope: data is {url, technologies[{name, category, evidence, confidence}]}.",
			Sources:  []string{web.Source.Name},
		},
		{
			Name: "extract_contacts", Price: "0.02",
			Description: "Contact channels published on a public page: e-mail addresses (generic or personal), phone " +
				"numbers, social profiles, contact pages and security.txt contacts.",
			Params: []registry.Param{urlParam}, Example: map[string]any{"url": "https://www.python.org/"},
			Expected: "Envelope: data is {url, emails[], phones[], socials[], contact_pages[], security_contacts[]}.",
			Sources:  []string{web.Source.Name},
		},
		{
			Name: "score_lead", Price: "0.03",
			Description: "A 0-100 lead score for a company domain from its site (reachable, https, stack, contacts, " +
				"structured data) and DNS (MX, SPF, DMARC), with every signal's weight and evidence.",
			Params: []registry.Param{domainParam}, Example: map[string]any{"domain": "example.com"},
			Expected: "Envelope: data is {domain, score, grade, signals[{signal, weight, met, evidence}]}.",
			Sources:  []string{web.Source.Name, doh.Source.Name},
		},
		{
			Name: "enrich_lead", Price: "0.05",
			Description: "A company profile from its domain: name, description, technologies, contacts, socials, " +
				"e-mail provider and the lead score, merged from its site and DNS.",
			Params: []registry.Param{domainParam}, Example: map[string]any{"domain": "example.com"},
			Expected: "Envelope: data is {domain, name, description, technologies[], contacts{}, socials[], email_provider, score}.",
			Sources:  []string{web.Source.Name, doh.Source.Name},
		},
	} {
		t.Category, t.Shape = "Web & Leads", registry.Envelope
		registry.Register(t)
	}
}
