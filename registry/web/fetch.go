package web

import (
	"context"
	"net/url"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/web"
)

// fetcher makes a call's requests and remembers whether every answer came
// from cache.
type fetcher struct {
	c       *registry.Call
	fetched int
	cached  int
}

func (f *fetcher) do(ctx context.Context, req *upstreams.Request) (*upstreams.Response, error) {
	resp, err := f.c.Upstream.Do(ctx, req)
	if err != nil {
		return nil, err
	}
	f.fetched++
	if resp.Cached {
		f.cached++
	}
	return resp, nil
}

// allCached is true only when every answer came from cache.
func (f *fetcher) allCached() bool { return f.fetched > 0 && f.cached == f.fetched }

// urlArg reads the url parameter, refusing what cannot be a public page.
func urlArg(c *registry.Call) (*url.URL, error) {
	u, problem := web.ParseURL(c.Args.String("url"))
	if problem != "" {
		return nil, registry.Invalid("url", problem)
	}
	return u, nil
}

// domainArg reads the domain parameter.
func domainArg(c *registry.Call) (string, error) {
	d, problem := web.ParseDomain(c.Args.String("domain"))
	if problem != "" {
		return "", registry.Invalid("domain", problem)
	}
	return d, nil
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
