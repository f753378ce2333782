package web

import (
	"context"
	"net/url"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/web"
)

// fetcher makes a call's requests through the call's upstream session, which
// remembers whether every answer came from cache.
type fetcher struct{ up *upstreams.Session }

func newFetcher(c *registry.Call) *fetcher { return &fetcher{upstreams.NewSession(c.Upstream)} }

func (f *fetcher) do(ctx context.Context, req *upstreams.Request) (*upstreams.Response, error) {
	return f.up.Do(ctx, req)
}

// checkURL parses the url parameter, refusing what cannot be a public page;
// handlers read it as a *url.URL.
func checkURL(a registry.Args) []registry.FieldError {
	u, problem := web.ParseURL(a.String("url"))
	if problem != "" {
		return registry.Bad("url", problem)
	}
	a["url"] = u
	return nil
}

// checkDomain puts the domain parameter in its host-name form.
func checkDomain(a registry.Args) []registry.FieldError {
	d, problem := web.ParseDomain(a.String("domain"))
	if problem != "" {
		return registry.Bad("domain", problem)
	}
	a["domain"] = d
	return nil
}

// optional fetches a site file that may be absent: nil without error when
// the site answers 4xx.
func (f *fetcher) optional(ctx context.Context, domain, path string) (*upstreams.Response, error) {
	resp, err := f.do(ctx, web.SiteFile(domain, path))
	if web.Absent(err) {
		return nil, nil
	}
	return resp, err
}

// fetchedPage is a fetched page and, when it is HTML, its parse.
type fetchedPage struct {
	URL  *url.URL
	Resp *upstreams.Response
	Page *page // nil when the answer is not HTML
}

// page fetches u and parses it when it is HTML.
func (f *fetcher) page(ctx context.Context, u *url.URL) (*fetchedPage, error) {
	resp, err := f.do(ctx, web.Page(u))
	if err != nil {
		return nil, err
	}
	fp := &fetchedPage{URL: u, Resp: resp}
	if isHTML(resp.Header.Get("Content-Type"), resp.Body) {
		fp.Page = parsePage(resp.Body[:min(len(resp.Body), web.MaxPage)], u)
	}
	return fp, nil
}
