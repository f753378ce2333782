package web

import (
	"context"
	"net/http"
	"reflect"
	"testing"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/registrytest"
	"github.com/coinslot/coinslot/upstreams"
)

// serving answers one URL with a page given here and every other request
// from the fixtures.
func serving(target, contentType, body string, header http.Header) upstreams.Doer {
	return upstreams.DoerFunc(func(ctx context.Context, req *upstreams.Request) (*upstreams.Response, error) {
		if req.URL != target {
			return upstreams.Replay.Do(ctx, req)
		}
		h := http.Header{"Content-Type": {contentType}}
		for k, vs := range header {
			for _, v := range vs {
				h.Add(k, v) // canonical names, as the HTTP client delivers them
			}
		}
		return &upstreams.Response{Status: 200, Header: h, Body: []byte(body)}, nil
	})
}

func runWith(t *testing.T, doer upstreams.Doer, name string, in map[string]any) (*registry.Result, error) {
	t.Helper()
	tool, _ := registry.Lookup(name)
	args, errs := tool.Validate(in)
	if len(errs) > 0 {
		t.Fatalf("%v", errs)
	}
	return tool.Handler(context.Background(), &registry.Call{Tool: tool, Args: args, Upstream: doer, Now: callNow})
}

// A shop page with every kind of contact and fingerprint, served at a host
// whose security.txt and robots are absent from the fixtures.
const shopPage = `<!doctype html><html><head><title>Acme Widgets | Home</title>
<meta name="generator" content="WordPress 6.4.2">
<link rel="stylesheet" href="/wp-content/themes/acme/style.css">
<script src="https://js.stripe.com/v3/"></script>
<script async src="https://www.googletagmanager.com/gtm.js?id=GTM-ABC123"></script>
<script type="application/ld+json">{"@context":"https://schema.org","@graph":[{"@type":"WebSite","name":"Acme"},
 {"@type":"Corporation","name":"Acme Widgets Ltd","email":"mailto:Info@acme-widgets.example.org","telephone":"+44 20 7946 0958",
  "address":{"@type":"PostalAddress","streetAddress":"1 High Street","postalCode":"EC1A 1AA","addressLocality":"London","addressCountry":"GB"},
  "sameAs":["https://www.instagram.com/acmewidgets/","https://www.youtube.com/@acmewidgets"]}]}</script>
</head><body>
<a href="mailto:sales@acme-widgets.example.org?subject=Quote">Sales</a>
<a href="tel:+44-20-7946-0958">Call us</a>
<p>Jane Doe: jane.doe [at] acme-widgets [dot] example [dot] org. Press: press(at)acme-widgets.example.org.
Not an address: meet us at acme [dot] com. Logo: logo@2x.png. Fax +1 (415) 555-0100.</p>
<a href="/contact-us/">Get in touch</a><a href="https://help.example.org/kontakt">Support</a>
<a href="https://other.example.net/contact">Partner</a>
<a href="https://x.com/intent/tweet?text=hi">Share</a><a href="https://x.com/AcmeWidgets">X</a>
<a href="https://m.facebook.com/sharer.php?u=x">Share</a><a href="https://github.com/acme-widgets">GitHub</a>
</body></html>`

func TestExtractContactsOnARichPage(t *testing.T) {
	doer := serving("https://www.example.org/", "text/html", shopPage, http.Header{"Set-Cookie": {"wp-settings-1=x; path=/", "__cf_bm=y"}, "CF-Ray": {"8a1b-LHR"}})
	res, err := runWith(t, doer, "extract_contacts", map[string]any{"url": "https://www.example.org/"})
	if err != nil {
		t.Fatal(err)
	}
	registrytest.Golden(t, "testdata/extract_contacts/rich_page.golden.json", res)
	got := res.Data.(contactReport)
	var emails []string
	for _, e := range got.Emails {
		emails = append(emails, e.Email+" "+e.Kind)
	}
	want := []string{"sales@acme-widgets.example.org generic", "jane.doe@acme-widgets.example.org personal",
		"press@acme-widgets.example.org generic", "info@acme-widgets.example.org generic"}
	if !reflect.DeepEqual(emails, want) {
		t.Errorf("emails = %q, want %q", emails, want)
	}
	res, err = runWith(t, doer, "detect_stack", map[string]any{"url": "https://www.example.org/"})
	if err != nil {
		t.Fatal(err)
	}
	registrytest.Golden(t, "testdata/detect_stack/rich_page.golden.json", res)
}

func TestExtractContactsRefusesNonTextPages(t *testing.T) {
	doer := serving("https://www.example.org/data", "application/pdf", "%PDF-1.7", nil)
	_, err := runWith(t, doer, "extract_contacts", map[string]any{"url": "https://www.example.org/data"})
	registrytest.WantInvalid(t, err, "url", "must be an HTML or plain-text page; it answered application/pdf")
}

// A site that answers with an error scores no website points; a resolver
// failure fails the call.
func TestLeadScoreWhenTheSiteOrDNSFails(t *testing.T) {
	siteDown := upstreams.DoerFunc(func(ctx context.Context, req *upstreams.Request) (*upstreams.Response, error) {
		if req.URL == "https://example.com/" {
			return nil, &upstreams.Error{Source: "web", Kind: upstreams.BadAnswer, Status: 503, Message: "upstream answered with an error"}
		}
		return upstreams.Replay.Do(ctx, req)
	})
	res, err := runWith(t, siteDown, "score_lead", map[string]any{"domain": "example.com"})
	if err != nil {
		t.Fatal(err)
	}
	s := res.Data.(leadScoreReport)
	if s.Score != 20 || s.Grade != "D" || s.Signals[0].Met || s.Signals[0].Evidence != "https://example.com/ answered HTTP 503" {
		t.Errorf("score %d %s, website signal %+v", s.Score, s.Grade, s.Signals[0])
	}
	timeout := &upstreams.Error{Source: "web", Kind: upstreams.Timeout, Message: "the source did not answer in time"}
	unreachable := upstreams.DoerFunc(func(ctx context.Context, req *upstreams.Request) (*upstreams.Response, error) {
		if req.URL == "https://example.com/" {
			return nil, timeout
		}
		return upstreams.Replay.Do(ctx, req)
	})
	if _, err := runWith(t, unreachable, "score_lead", map[string]any{"domain": "example.com"}); err != timeout {
		t.Errorf("unreachable site: err = %v", err)
	}
	servfail := upstreams.DoerFunc(func(ctx context.Context, req *upstreams.Request) (*upstreams.Response, error) {
		if req.URL == "https://cloudflare-dns.com/dns-query?name=_dmarc.example.com&type=TXT" {
			req = &upstreams.Request{Source: req.Source, URL: "https://cloudflare-dns.com/dns-query?name=broken.example&type=A"}
		}
		return upstreams.Replay.Do(ctx, req)
	})
	_, err = runWith(t, servfail, "enrich_lead", map[string]any{"domain": "example.com"})
	if ue, ok := upstreams.AsError(err); !ok || ue.Error() != "cloudflare_doh: resolver answered SERVFAIL" {
		t.Errorf("servfail: err = %v", err)
	}
}

func TestObfuscatedEmailsOnlyWhenUnambiguous(t *testing.T) {
	for text, want := range map[string]string{
		"mail jane [at] acme [dot] io today":     "jane@acme.io",
		"ops{at}acme.co.uk.":                     "ops@acme.co.uk",
		"Write to team (AT) acme(DOT)io. Thanks": "team@acme.io",
		"see you at acme dot io":                 "",
		"jane [at] acme":                         "",
		"jane [at] acme. Then":                   "",
	} {
		cc := newContactCollector()
		cc.fromText(text)
		got := ""
		if len(cc.out.Emails) > 0 {
			got = cc.out.Emails[0].Email
		}
		if got != want || len(cc.out.Emails) > 1 {
			t.Errorf("%q: emails %+v, want %q", text, cc.out.Emails, want)
		}
	}
}

func TestSocialProfiles(t *testing.T) {
	for raw, want := range map[string]string{
		"https://www.linkedin.com/in/jane-doe/details":   "linkedin jane-doe https://www.linkedin.com/in/jane-doe",
		"https://www.linkedin.com/feed/":                 "",
		"https://twitter.com/intent/follow?screen_name=": "",
		"https://x.com/acme":                             "x acme https://x.com/acme",
		"https://github.com/python/cpython/pulls":        "github python https://github.com/python",
		"https://github.com/features/actions":            "",
		"https://www.youtube.com/channel/UC123/videos":   "youtube UC123 https://www.youtube.com/channel/UC123",
		"https://www.youtube.com/watch?v=abc":            "",
		"https://www.instagram.com/p/Cxyz/":              "",
		"https://example.com/acme":                       "",
	} {
		sp, ok := socialProfileOf(raw)
		got := ""
		if ok {
			got = sp.Network + " " + sp.Handle + " " + sp.URL
		}
		if got != want {
			t.Errorf("%s: %q, want %q", raw, got, want)
		}
	}
}

func TestMailDNSProviderAndDMARC(t *testing.T) {
	m := &mailDNS{Domain: "acme.io", MX: []mxHost{{"alt1.aspmx.l.google.com", 5}, {"aspmx.l.google.com", 1}}}
	if p := m.provider(); p != "Google Workspace" {
		t.Errorf("provider = %q", p)
	}
	m.MX = []mxHost{{"mx.acme.io", 10}}
	if p := m.provider(); p != "self-hosted" {
		t.Errorf("provider = %q", p)
	}
	m.MX = []mxHost{{"mx1.mailhost.example", 10}}
	if p := m.provider(); p != "mx1.mailhost.example" {
		t.Errorf("provider = %q", p)
	}
	if p := dmarcTag("v=DMARC1; P=Quarantine; pct=50", "p"); p != "quarantine" {
		t.Errorf("policy = %q", p)
	}
	for score, want := range map[int]string{100: "A", 80: "A", 79: "B", 40: "C", 20: "D", 19: "F", 0: "F"} {
		if g := grade(score); g != want {
			t.Errorf("grade(%d) = %s, want %s", score, g, want)
		}
	}
}
