package web

import (
	"context"
	"encoding/json"
	"mime"
	"net/url"
	"strings"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams/web"
)

func init() {
	family.Register(&registry.Tool{
		Name: "scrape", Price: "0.01",
		Description: "Fetch one public web page and return its readable content: title, description, canonical, Open Graph " +
			"and Twitter tags, language, headings, visible text, internal and external links, images and JSON-LD.",
		Params: []registry.Param{
			registry.Str("url").Req().Len(8, 2048).Describe("public http(s) page, including the https:// scheme"),
		},
		Example:  map[string]any{"url": "https://www.python.org/"},
		Synonyms: []string{"read a web page", "fetch url", "web scraper", "page text", "crawl a page", "extract article", "blog post text", "article text"},
		Expected: "Envelope whose data holds a public web page's title, description, headings, text, links, images and JSON-LD.",
		Shape:    registry.Envelope,
		Result:   (*scraped)(nil),
		Sources:  []string{web.Source.Name},
		Check:    checkURL,
		Handler:  scrape,
	})
}

// Bounds on what one page returns.
const (
	maxLinks  = 100
	maxImages = 50
)

type scraped struct {
	URL         string            `json:"url"`
	Status      int               `json:"status"`
	ContentType string            `json:"content_type"`
	Bytes       int               `json:"bytes"`
	Lang        string            `json:"lang,omitempty"`
	Title       string            `json:"title"`
	Description string            `json:"description"`
	Canonical   string            `json:"canonical,omitempty"`
	Meta        map[string]string `json:"meta"`
	Headings    []heading         `json:"headings"`
	Text        string            `json:"text"`
	Links       scrapedLinks      `json:"links"`
	Images      []image           `json:"images"`
	JSONLD      []any             `json:"json_ld"`
}

type scrapedLinks struct {
	Internal []link `json:"internal"`
	External []link `json:"external"`
}

func scrape(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	u := registry.Parsed[*url.URL](c.Args, "url")
	f := newFetcher(c)
	resp, err := f.do(ctx, web.Page(u))
	if err != nil {
		return nil, err
	}
	ct := resp.Header.Get("Content-Type")
	out := &scraped{URL: u.String(), Status: resp.Status, ContentType: ct, Bytes: len(resp.Body),
		Meta: map[string]string{}, Headings: []heading{}, Images: []image{}, JSONLD: []any{},
		Links: scrapedLinks{[]link{}, []link{}}}
	if !isHTML(ct, resp.Body) {
		out.Text = truncate(string(resp.Body), maxText)
		return &registry.Result{Data: out, Count: 1, Source: web.Source.Title, Cached: f.up.Cached()}, nil
	}
	p := parsePage(resp.Body, u)
	out.Lang, out.Title, out.Canonical, out.Text = p.Lang, p.Title, p.Canonical, p.Text
	out.Description = p.Meta["description"]
	for k, v := range p.Meta {
		if strings.HasPrefix(k, "og:") || strings.HasPrefix(k, "twitter:") {
			out.Meta[k] = v
		}
	}
	out.Headings = append(out.Headings, p.Headings...)
	seen := map[string]bool{}
	for _, l := range p.Links {
		if seen[l.URL] {
			continue
		}
		seen[l.URL] = true
		if sameSite(l.URL, u) {
			if len(out.Links.Internal) < maxLinks {
				out.Links.Internal = append(out.Links.Internal, l)
			}
		} else if len(out.Links.External) < maxLinks {
			out.Links.External = append(out.Links.External, l)
		}
	}
	out.Images = append(out.Images, p.Images[:min(len(p.Images), maxImages)]...)
	for _, block := range p.JSONLD {
		var v any
		if json.Unmarshal([]byte(block), &v) == nil {
			out.JSONLD = append(out.JSONLD, v)
		}
	}
	return &registry.Result{Data: out, Count: 1, Source: web.Source.Title, Cached: f.up.Cached()}, nil
}

// isHTML trusts the Content-Type, and sniffs when there is none.
func isHTML(contentType string, body []byte) bool {
	if mt, _, err := mime.ParseMediaType(contentType); err == nil {
		return mt == "text/html" || mt == "application/xhtml+xml"
	}
	head := strings.ToLower(strings.TrimSpace(string(body[:min(len(body), 512)])))
	return strings.HasPrefix(head, "<!doctype html") || strings.HasPrefix(head, "<html")
}

// sameSite: the same registrable host, ignoring a leading www.
func sameSite(raw string, base *url.URL) bool {
	u, err := url.Parse(raw)
	if err != nil || u.Scheme != "http" && u.Scheme != "https" {
		return false
	}
	return strings.TrimPrefix(strings.ToLower(u.Hostname()), "www.") == strings.TrimPrefix(strings.ToLower(base.Hostname()), "www.")
}
