package web

import (
	"context"
	"net/http"
	"net/url"
	"strings"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams/web"
)

func init() {
	family.Register(&registry.Tool{
		Name: "detect_stack", Price: "0.02",
		Description: "Technologies behind a public page: web server, CDN and hosting, CMS, frameworks and libraries, " +
			"analytics, marketing, chat, payments and security, fingerprinted from its response headers, cookie names, " +
			"generator tag, script and link URLs and HTML markers, each with its evidence.",
		Params: []registry.Param{
			registry.Str("url").Req().Len(8, 2048).Describe("public http(s) page, including the https:// scheme"),
		},
		Example:  map[string]any{"url": "https://www.python.org/"},
		Synonyms: []string{"tech stack", "builtwith", "wappalyzer", "cms detection", "website technology"},
		Expected: "Envelope whose data lists the technologies a public web page reveals, each with category, version, confidence and evidence.",
		Shape:    registry.Envelope,
		Result:   (*stackReport)(nil),
		Sources:  []string{web.Source.Name},
		Check:    checkURL,
		Handler:  detectStack,
	})
}

// maxEvidence bounds the evidence kept per technology.
const maxEvidence = 3

type stackReport struct {
	URL          string       `json:"url"`
	Status       int          `json:"status"`
	ContentType  string       `json:"content_type"`
	Technologies []technology `json:"technologies"`
}

type technology struct {
	Name       string   `json:"name"`
	Category   string   `json:"category"`
	Version    string   `json:"version,omitempty"`
	Confidence string   `json:"confidence"` // high: a header, cookie, generator or URL; medium: HTML markers only
	Evidence   []string `json:"evidence"`
}

func detectStack(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	u := registry.Parsed[*url.URL](c.Args, "url")
	f := newFetcher(c)
	fp, err := f.page(ctx, u)
	if err != nil {
		return nil, err
	}
	techs := fingerprint(fp)
	out := &stackReport{URL: u.String(), Status: fp.Resp.Status, ContentType: fp.Resp.Header.Get("Content-Type"), Technologies: techs}
	return &registry.Result{Data: out, Count: len(techs), Source: web.Source.Title, Cached: f.up.Cached()}, nil
}

// fingerprint applies every stack rule to a fetched page.
func fingerprint(fp *fetchedPage) []technology {
	cookies := cookieNames(fp.Resp.Header)
	out := []technology{}
	for _, r := range stackRules {
		t := technology{Name: r.Name, Category: r.Category, Confidence: "medium", Evidence: []string{}}
		strong := func(evidence, versioned string) {
			t.Confidence = "high"
			t.add(evidence)
			if t.Version == "" && r.Version != nil {
				if m := r.Version.FindStringSubmatch(strings.ToLower(versioned)); m != nil {
					t.Version = m[1]
				}
			}
		}
		for _, h := range r.Headers {
			for _, v := range fp.Resp.Header.Values(h.Name) {
				if strings.Contains(strings.ToLower(v), h.Contains) {
					strong("header "+http.CanonicalHeaderKey(h.Name)+": "+truncate(v, 120), v)
				}
			}
		}
		for _, prefix := range r.Cookies {
			for _, name := range cookies {
				if strings.HasPrefix(strings.ToLower(name), strings.ToLower(prefix)) {
					strong("cookie "+name, "")
				}
			}
		}
		if p := fp.Page; p != nil {
			if g := p.Meta["generator"]; r.Generator != "" && strings.Contains(strings.ToLower(g), r.Generator) {
				strong("meta generator: "+truncate(g, 120), g)
			}
			for _, sign := range r.URLs {
				for _, ref := range p.references() {
					if strings.Contains(strings.ToLower(ref.url), sign) {
						strong(ref.kind+" "+truncate(ref.url, 200), ref.url)
					}
				}
			}
			for _, marker := range r.HTML {
				if p.RawContains(marker) {
					t.add(`html contains "` + marker + `"`)
				}
			}
		}
		if len(t.Evidence) > 0 {
			out = append(out, t)
		}
	}
	return out
}

func (t *technology) add(evidence string) {
	for _, e := range t.Evidence {
		if e == evidence {
			return
		}
	}
	if len(t.Evidence) < maxEvidence {
		t.Evidence = append(t.Evidence, evidence)
	}
}

type reference struct{ kind, url string }

// references are the page's external scripts and <link> URLs, each once
// (a prefetched script counts as the script).
func (p *page) references() []reference {
	refs := make([]reference, 0, len(p.Scripts)+len(p.Resources))
	seen := map[string]bool{}
	for _, s := range p.Scripts {
		refs = append(refs, reference{"script", s})
		seen[s] = true
	}
	for _, l := range p.Resources {
		if !seen[l] {
			refs = append(refs, reference{"link", l})
		}
	}
	return refs
}

// cookieNames are the names of the cookies a response sets; values are
// never read.
func cookieNames(h http.Header) []string {
	var names []string
	for _, c := range h.Values("Set-Cookie") {
		name, _, _ := strings.Cut(c, "=")
		if name = strings.TrimSpace(name); name != "" {
			names = append(names, name)
		}
	}
	return names
}
