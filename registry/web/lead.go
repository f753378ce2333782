package web

import (
	"context"
	"fmt"
	"net/netip"
	"net/url"
	"strings"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/doh"
	"github.com/coinslot/coinslot/upstreams/web"
)

// leadSources names where lead data comes from.
var leadSources = web.Source.Title + ", " + doh.Source.Title

// leadFacts is everything the lead tools read about a company domain: its
// https home page (with stack and contacts) and its mail DNS.
type leadFacts struct {
	Domain   string
	Website  website
	Home     *fetchedPage // nil when the site answered with an HTTP error
	Stack    []technology
	Contacts *contacts
	Mail     *mailDNS
}

type website struct {
	URL         string `json:"url"`
	Status      int    `json:"status"`
	ContentType string `json:"content_type,omitempty"`
	HSTS        string `json:"hsts,omitempty"` // the Strict-Transport-Security header
}

// checkLeadDomain checks the domain parameter of a lead tool: a name, since
// mail records hang off names, not addresses.
func checkLeadDomain(a registry.Args) []registry.FieldError {
	if errs := checkDomain(a); errs != nil {
		return errs
	}
	if _, err := netip.ParseAddr(a.String("domain")); err == nil {
		return registry.Bad("domain", "must be a domain name, not an IP address")
	}
	return nil
}

// gatherLead fetches the home page and the mail records. A site that
// answers with an HTTP error is a finding (it scores no website points); a
// site that could not be asked at all fails the call, so nobody pays for a
// score that reflects our connection rather than the company.
func gatherLead(ctx context.Context, f *fetcher, domain string) (*leadFacts, error) {
	home := &url.URL{Scheme: "https", Host: domain, Path: "/"}
	lf := &leadFacts{Domain: domain, Website: website{URL: home.String()}, Stack: []technology{}, Contacts: &newContactCollector().out}
	fp, err := f.page(ctx, home)
	switch ue, _ := upstreams.AsError(err); {
	case err == nil:
		lf.Home = fp
		lf.Website.Status, lf.Website.ContentType = fp.Resp.Status, fp.Resp.Header.Get("Content-Type")
		lf.Website.HSTS = fp.Resp.Header.Get("Strict-Transport-Security")
		lf.Stack = fingerprint(fp)
		if lf.Contacts, err = contactsOf(ctx, f, fp); err != nil {
			return nil, err
		}
	case ue != nil && ue.Status >= 400:
		lf.Website.Status = ue.Status
	default:
		return nil, err
	}
	if lf.Mail, err = mailDNSOf(ctx, f, mailDomain(domain)); err != nil {
		return nil, err
	}
	return lf, nil
}

// leadScore is the rubric's verdict.
type leadScore struct {
	Score   int          `json:"score"`
	Grade   string       `json:"grade"`
	Signals []leadSignal `json:"signals"`
}

type leadSignal struct {
	Signal   string `json:"signal"`
	Weight   int    `json:"weight"`
	Met      bool   `json:"met"`
	Evidence string `json:"evidence"`
}

// Categories of detected technologies that show a company investing in
// marketing, and in selling online.
var (
	marketingCategories = set("Analytics", "Tag manager", "Marketing automation", "Advertising", "Live chat")
	commerceCategories  = set("Payments", "E-commerce")
)

// score applies the lead rubric. Weights total 100 and are our own call:
// a reachable https site and mail that works weigh most, because they show
// a live company that can be reached; DNS hygiene, published contacts and
// marketing tooling show one that invests in being reached.
//
//	website          20  the https home page answers
//	hsts              5  it sends Strict-Transport-Security
//	mx               15  the domain accepts mail (MX present, not a null MX)
//	spf              10  a v=spf1 TXT record
//	dmarc            10  a DMARC policy of quarantine or reject
//	contacts         15  an e-mail, phone or contact page on the site or in security.txt
//	socials           5  a linked social profile
//	marketing_stack  10  analytics, tag manager, marketing automation, ads or chat
//	commerce_stack    5  payments or e-commerce
//	structured_data   5  a JSON-LD Organization or og:site_name
func (lf *leadFacts) score() leadScore {
	ls := leadScore{Signals: []leadSignal{}}
	// add records a signal with the evidence for its verdict.
	add := func(signal string, weight int, met bool, ifMet, ifNot string) {
		evidence := ifNot
		if met {
			ls.Score += weight
			evidence = ifMet
		}
		ls.Signals = append(ls.Signals, leadSignal{signal, weight, met, evidence})
	}
	site, m, ct := lf.Website, lf.Mail, lf.Contacts
	add("website", 20, lf.Home != nil, fmt.Sprintf("%s answered %d %s", site.URL, site.Status, site.ContentType),
		fmt.Sprintf("%s answered HTTP %d", site.URL, site.Status))
	add("hsts", 5, site.HSTS != "", "Strict-Transport-Security: "+site.HSTS, "no Strict-Transport-Security header")
	hosts := make([]string, len(m.MX))
	for i, h := range m.MX {
		hosts[i] = fmt.Sprintf("%s (%d)", h.Host, h.Priority)
	}
	noMX := "no MX record for " + m.Domain
	if m.NullMX {
		noMX = "null MX (RFC 7505): " + m.Domain + " accepts no mail"
	}
	add("mx", 15, len(m.MX) > 0, "MX "+strings.Join(hosts, ", "), noMX)
	add("spf", 10, m.SPF != "", m.SPF, "no SPF record for "+m.Domain)
	noDMARC := "no DMARC record at _dmarc." + m.Domain
	if m.DMARC != "" {
		noDMARC = "p=" + m.DMARCPolicy + " does not enforce: " + m.DMARC
	}
	add("dmarc", 10, m.DMARCPolicy == "quarantine" || m.DMARCPolicy == "reject", m.DMARC, noDMARC)
	found := fmt.Sprintf("e-mail addresses: %d, phone numbers: %d, contact pages: %d", len(ct.Emails), len(ct.Phones), len(ct.ContactPages))
	add("contacts", 15, len(ct.Emails)+len(ct.Phones)+len(ct.ContactPages) > 0, found, found)
	var networks []string
	for _, s := range ct.Socials {
		networks = appendOnce(networks, s.Network)
	}
	add("socials", 5, len(networks) > 0, strings.Join(networks, ", "), "no social profile linked")
	marketing, commerce := lf.technologiesIn(marketingCategories), lf.technologiesIn(commerceCategories)
	add("marketing_stack", 10, marketing != "", marketing, "no analytics, marketing or chat technology detected")
	add("commerce_stack", 5, commerce != "", commerce, "no payments or e-commerce technology detected")
	name, source := lf.name()
	add("structured_data", 5, source == "json-ld Organization" || source == "og:site_name", source+": "+name,
		"no JSON-LD Organization or og:site_name")
	ls.Grade = grade(ls.Score)
	return ls
}

func (lf *leadFacts) technologiesIn(categories map[string]bool) string {
	var names []string
	for _, t := range lf.Stack {
		if categories[t.Category] {
			names = append(names, t.Name)
		}
	}
	return strings.Join(names, ", ")
}

// name is the company's name and where it was read: a JSON-LD
// Organization, og:site_name, or the page title.
func (lf *leadFacts) name() (name, source string) {
	if lf.Home == nil || lf.Home.Page == nil {
		return "", ""
	}
	p := lf.Home.Page
	if o := organizationOf(p); o != nil && o.Name != "" {
		return o.Name, "json-ld Organization"
	}
	if s := p.Meta["og:site_name"]; s != "" {
		return s, "og:site_name"
	}
	if p.Title != "" {
		return p.Title, "title"
	}
	return "", ""
}

// grade bands the score: A from 80, B from 60, C from 40, D from 20, else F.
func grade(score int) string {
	for _, g := range []struct {
		from  int
		grade string
	}{{80, "A"}, {60, "B"}, {40, "C"}, {20, "D"}} {
		if score >= g.from {
			return g.grade
		}
	}
	return "F"
}
