package web

import (
	"context"
	"mime"
	"net/url"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams/web"
)

func init() {
	family.Register(&registry.Tool{
		Name: "extract_contacts", Price: "0.02",
		Description: "Contact channels published on a public page: e-mail addresses (mailto links, text, unambiguous " +
			"[at]/[dot] spellings; generic or personal), phone numbers (tel links and international numbers), " +
			"LinkedIn, X/Twitter, GitHub, Facebook, Instagram and YouTube profiles, contact page links and the " +
			"site's security.txt contacts, deduplicated, each with where it was found.",
		Params: []registry.Param{
			registry.Str("url").Req().Len(8, 2048).Describe("public http(s) page, including the https:// scheme"),
		},
		Example:  map[string]any{"url": "https://www.python.org/"},
		Synonyms: []string{"find email addresses", "contact info", "phone numbers on a page", "email finder", "social links"},
		Expected: "Envelope whose data lists the emails, phones, social profiles, contact pages and security contacts found on a public web page.",
		Shape:    registry.Envelope,
		Result:   contactReport{},
		Sources:  []string{web.Source.Name},
		Check:    checkURL,
		Handler:  extractContacts,
	})
}

type contactReport struct {
	URL string `json:"url"`
	*contacts
}

func extractContacts(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	u := registry.Parsed[*url.URL](c.Args, "url")
	f := newFetcher(c)
	fp, err := f.page(ctx, u)
	if err != nil {
		return nil, err
	}
	if ct := fp.Resp.Header.Get("Content-Type"); fp.Page == nil && !isPlainText(ct) {
		return nil, registry.Invalid("url", "must be an HTML or plain-text page; it answered "+ct)
	}
	found, err := contactsOf(ctx, f, fp)
	if err != nil {
		return nil, err
	}
	n := len(found.Emails) + len(found.Phones) + len(found.Socials) + len(found.ContactPages)
	return &registry.Result{Data: contactReport{u.String(), found}, Count: n, Source: web.Source.Title, Cached: f.up.Cached()}, nil
}

// contactsOf reads a fetched page's contacts and its site's security.txt,
// which is left out when the site does not serve it as plain text (soft 404
// pages) or fails: it only adds to the page.
func contactsOf(ctx context.Context, f *fetcher, fp *fetchedPage) (*contacts, error) {
	cc := newContactCollector()
	cc.fromPage(fp)
	resp, err := f.do(ctx, web.SiteFile(fp.URL.Hostname(), "/.well-known/security.txt"))
	if err != nil && ctx.Err() != nil {
		return nil, err
	}
	if err == nil && isPlainText(resp.Header.Get("Content-Type")) {
		cc.fromSecurityTxt(resp.Body)
	}
	return &cc.out, nil
}

func isPlainText(contentType string) bool {
	mt, _, err := mime.ParseMediaType(contentType)
	return err == nil && mt == "text/plain"
}
