package web

import (
	"context"
	"strings"

	"github.com/coinslot/coinslot/upstreams/doh"
)

// mailDNS is what a domain's DNS says about its e-mail: where mail goes
// (MX), who may send it (SPF) and what receivers should do with forgeries
// (DMARC).
type mailDNS struct {
	Domain      string   `json:"domain"`
	MX          []mxHost `json:"mx"`
	NullMX      bool     `json:"null_mx"` // RFC 7505: the domain accepts no mail
	Provider    string   `json:"-"`       // shown once, as the profile's email_provider
	SPF         string   `json:"spf"`
	Senders     []string `json:"spf_senders"` // services the SPF record authorises
	DMARC       string   `json:"dmarc"`
	DMARCPolicy string   `json:"dmarc_policy"` // none, quarantine or reject; "" without a record
}

type mxHost struct {
	Host     string `json:"host"`
	Priority int    `json:"priority"`
}

// mxProviders name a mailbox provider by the suffix of its MX hosts.
var mxProviders = []struct{ suffix, name string }{
	{"google.com", "Google Workspace"}, {"googlemail.com", "Google Workspace"},
	{"outlook.com", "Microsoft 365"}, {"pphosted.com", "Proofpoint"}, {"mimecast.com", "Mimecast"},
	{"zoho.com", "Zoho Mail"}, {"zoho.eu", "Zoho Mail"}, {"messagingengine.com", "Fastmail"},
	{"protonmail.ch", "Proton Mail"}, {"secureserver.net", "GoDaddy"}, {"mx.cloudflare.net", "Cloudflare Email Routing"},
	{"amazonaws.com", "Amazon SES"}, {"icloud.com", "iCloud Mail"}, {"yandex.net", "Yandex Mail"},
	{"barracudanetworks.com", "Barracuda"},
}

// spfSenders name a sending service by an SPF include.
var spfSenders = []struct{ include, name string }{
	{"_spf.google.com", "Google Workspace"}, {"spf.protection.outlook.com", "Microsoft 365"},
	{"sendgrid.net", "SendGrid"}, {"mailgun.org", "Mailgun"}, {"amazonses.com", "Amazon SES"},
	{"servers.mcsv.net", "Mailchimp"}, {"spf.mandrillapp.com", "Mandrill"}, {"_spf.salesforce.com", "Salesforce"},
	{"mail.zendesk.com", "Zendesk"}, {"hubspotemail.net", "HubSpot"}, {"stspg-customer.com", "Atlassian Statuspage"},
	{"_spf.mlsend.com", "MailerLite"}, {"spf.brevo.com", "Brevo"}, {"sparkpostmail.com", "SparkPost"},
	{"postmarkapp.com", "Postmark"},
}

// mailDomain is the domain whose mail records count: a site's host without
// its www. label.
func mailDomain(domain string) string { return strings.TrimPrefix(domain, "www.") }

// mailDNSOf looks up the MX and TXT records of domain and of _dmarc.domain.
func mailDNSOf(ctx context.Context, f *fetcher, domain string) (*mailDNS, error) {
	m := &mailDNS{Domain: domain, MX: []mxHost{}, Senders: []string{}}
	mx, err := f.lookup(ctx, domain, "MX")
	if err != nil {
		return nil, err
	}
	for _, r := range mx {
		if r.Priority == nil {
			continue
		}
		if r.Host == "" {
			m.NullMX = true
			continue
		}
		m.MX = append(m.MX, mxHost{r.Host, *r.Priority})
	}
	txt, err := f.lookup(ctx, domain, "TXT")
	if err != nil {
		return nil, err
	}
	for _, r := range txt {
		if m.SPF == "" && strings.HasPrefix(strings.ToLower(r.Data), "v=spf1") {
			m.SPF = r.Data
		}
	}
	dmarc, err := f.lookup(ctx, "_dmarc."+domain, "TXT")
	if err != nil {
		return nil, err
	}
	for _, r := range dmarc {
		if m.DMARC == "" && strings.HasPrefix(strings.ToLower(r.Data), "v=dmarc1") {
			m.DMARC, m.DMARCPolicy = r.Data, dmarcTag(r.Data, "p")
		}
	}
	m.Provider = m.provider()
	for _, term := range strings.Fields(strings.ToLower(m.SPF)) {
		include, ok := strings.CutPrefix(term, "include:")
		for _, s := range spfSenders {
			if ok && (include == s.include || strings.HasSuffix(include, "."+s.include)) {
				m.Senders = appendOnce(m.Senders, s.name)
			}
		}
	}
	return m, nil
}

// provider names the mailbox provider of the preferred (lowest priority
// value) MX host: a known provider, "self-hosted" when the host lies under
// the domain itself, else the host.
func (m *mailDNS) provider() string {
	if len(m.MX) == 0 {
		return ""
	}
	best := m.MX[0]
	for _, h := range m.MX[1:] {
		if h.Priority < best.Priority {
			best = h
		}
	}
	host := strings.ToLower(best.Host)
	for _, p := range mxProviders {
		if host == p.suffix || strings.HasSuffix(host, "."+p.suffix) {
			return p.name
		}
	}
	if host == m.Domain || strings.HasSuffix(host, "."+m.Domain) {
		return "self-hosted"
	}
	return host
}

// dmarcTag reads one tag of a DMARC record ("v=DMARC1; p=reject; ...").
func dmarcTag(record, tag string) string {
	for _, part := range strings.Split(record, ";") {
		k, v, ok := strings.Cut(part, "=")
		if ok && strings.EqualFold(strings.TrimSpace(k), tag) {
			return strings.ToLower(strings.TrimSpace(v))
		}
	}
	return ""
}

// lookup resolves one name and type; a name that does not exist has no
// records.
func (f *fetcher) lookup(ctx context.Context, name, typ string) ([]doh.Record, error) {
	resp, err := f.do(ctx, doh.Query(name, typ))
	if err != nil {
		return nil, err
	}
	ans, err := doh.Decode(resp.Body)
	if err != nil {
		return nil, err
	}
	var records []doh.Record
	for _, r := range ans.Records {
		if r.Type == typ { // a CNAME chain's links are not answers
			records = append(records, r)
		}
	}
	return records, nil
}
