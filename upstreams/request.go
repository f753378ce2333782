package upstreams

import (
	"context"
	"net/http"
	"time"
)

// Request is one upstream call, addressed to the supervisor of Source.
type Request struct {
	Source string
	Method string // GET when empty
	URL    string
	Header http.Header
	Body   []byte
	// TTL overrides the source's cache TTL for this request; zero keeps it,
	// a negative value bypasses the cache.
	TTL time.Duration
	// Check, when set, is the caller's decoder: the runtime runs it on each
	// fresh answer, so a 2xx in the wrong format fails the request for every
	// caller sharing it, counts against the source and is never cached.
	Check func(body []byte) error
}

// Response is an upstream answer with a 2xx status; anything else is an *Error.
type Response struct {
	Status int
	Header http.Header
	Body   []byte
	Cached bool
}

// Doer performs upstream requests. The actor runtime implements it by sending
// each request to its source's supervisor; tests implement it with fixtures.
type Doer interface {
	Do(ctx context.Context, req *Request) (*Response, error)
}

// DoerFunc adapts a function to Doer.
type DoerFunc func(ctx context.Context, req *Request) (*Response, error)

func (f DoerFunc) Do(ctx context.Context, req *Request) (*Response, error) { return f(ctx, req) }

// Key identifies identical requests for single flight and caching.
func (r *Request) Key() string {
	m := r.Method
	if m == "" {
		m = http.MethodGet
	}
	return r.Source + " " + m + " " + r.URL + " " + string(r.Body)
}
