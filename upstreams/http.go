package upstreams

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"time"
)

// MaxBody caps an upstream answer: a larger one is a bad answer, never a
// truncated one.
const MaxBody = 8 << 20

// maxRedirects bounds how far an upstream may send us.
const maxRedirects = 5

// NewHTTPClient returns the client every source shares. Timeouts come from
// each request's context; redirects stay on http(s) and are few. Requests of
// AnyHost sources dial only public addresses and never go through a proxy,
// which would resolve the host out of our sight.
func NewHTTPClient() *http.Client {
	dialer := &net.Dialer{Timeout: 5 * time.Second, KeepAlive: 30 * time.Second}
	public := &net.Dialer{Timeout: 5 * time.Second, KeepAlive: 30 * time.Second, Control: publicOnlyControl}
	return &http.Client{
		Transport: &http.Transport{
			Proxy: func(r *http.Request) (*url.URL, error) {
				if isPublicOnly(r.Context()) {
					return nil, nil
				}
				return http.ProxyFromEnvironment(r)
			},
			DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
				if isPublicOnly(ctx) {
					return public.DialContext(ctx, network, addr)
				}
				return dialer.DialContext(ctx, network, addr)
			},
			ForceAttemptHTTP2:   true,
			MaxIdleConns:        256,
			MaxIdleConnsPerHost: 32,
			IdleConnTimeout:     90 * time.Second,
			TLSHandshakeTimeout: 5 * time.Second,
		},
		CheckRedirect: checkRedirect,
	}
}

func checkRedirect(req *http.Request, via []*http.Request) error {
	if req.URL.Scheme != "http" && req.URL.Scheme != "https" {
		return &redirectError{fmt.Sprintf("redirect to a %q address refused", req.URL.Scheme)}
	}
	if len(via) >= maxRedirects {
		return &redirectError{fmt.Sprintf("more than %d redirects", maxRedirects)}
	}
	return nil
}

// Retry says whether another attempt of a failed request may succeed, and how
// long the upstream asked us to wait first (zero when it did not say).
type Retry struct {
	OK    bool
	After time.Duration
}

// Send performs one attempt of req. Every failure is an *Error whose message
// is safe for a buyer: an upstream's error page is never passed on.
func Send(ctx context.Context, hc *http.Client, req *Request, userAgent string) (*Response, Retry, error) {
	method := req.Method
	if method == "" {
		method = http.MethodGet
	}
	if mustBePublic(req) {
		ctx = publicOnly(ctx)
	}
	var body io.Reader
	if req.Body != nil {
		body = bytes.NewReader(req.Body)
	}
	hr, err := http.NewRequestWithContext(ctx, method, req.URL, body)
	if err != nil {
		return nil, Retry{}, Errorf(req.Source, BadAnswer, "the request address is not valid")
	}
	for k, v := range req.Header {
		hr.Header[k] = append([]string(nil), v...)
	}
	if hr.Header.Get("User-Agent") == "" {
		hr.Header.Set("User-Agent", userAgent)
	}
	resp, err := hc.Do(hr)
	if err != nil {
		retry, e := transportFailure(req.Source, err)
		return nil, retry, e
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, MaxBody+1))
	if err != nil {
		retry, e := transportFailure(req.Source, err)
		return nil, retry, e
	}
	if len(data) > MaxBody {
		return nil, Retry{}, Errorf(req.Source, BadAnswer, "the answer is larger than %d MiB", MaxBody>>20)
	}
	status := resp.StatusCode
	if status >= 200 && status < 300 {
		return &Response{Status: status, Header: resp.Header, Body: data}, Retry{}, nil
	}
	if status == http.StatusNotImplemented && resp.Header.Get(UnrecordedHeader) == UnrecordedValue {
		return nil, Retry{}, Unrecorded(req.Source)
	}
	e := &Error{Source: req.Source, Kind: BadAnswer, Status: status, Message: "the source answered with an error"}
	switch status {
	case http.StatusNotFound:
		e.Kind, e.Message = NotFound, "the source has no such item"
	case http.StatusTooManyRequests, http.StatusServiceUnavailable:
		e.Kind, e.Message = Unavailable, "the source is refusing requests for now"
	}
	return nil, Retry{OK: retryableStatus(status), After: RetryAfter(resp.Header.Get("Retry-After"), time.Now())}, e
}

func retryableStatus(status int) bool {
	switch status {
	case http.StatusTooManyRequests, http.StatusInternalServerError, http.StatusBadGateway,
		http.StatusServiceUnavailable, http.StatusGatewayTimeout:
		return true
	}
	return false
}

// redirectError marks a redirect we refused, so it is not retried.
type redirectError struct{ msg string }

func (e *redirectError) Error() string { return e.msg }

// transportFailure classifies an error from the exchange itself.
func transportFailure(source string, err error) (Retry, error) {
	var ne net.Error
	var redirect *redirectError
	switch {
	case errors.As(err, &redirect):
		return Retry{}, Errorf(source, BadAnswer, "the source redirected to an address that is not allowed")
	case errors.Is(err, ErrNotPublic):
		return Retry{}, Errorf(source, BadAnswer, "the address is not a public internet address")
	case errors.Is(err, context.Canceled):
		return Retry{}, Errorf(source, Timeout, "the call was abandoned")
	case errors.Is(err, context.DeadlineExceeded) || errors.As(err, &ne) && ne.Timeout():
		return Retry{OK: true}, Errorf(source, Timeout, "no answer in time")
	}
	return Retry{OK: true}, Errorf(source, Unavailable, "the source cannot be reached")
}

// RetryAfter reads a Retry-After header, in seconds or as an HTTP date; zero
// when absent, malformed or already past.
func RetryAfter(v string, now time.Time) time.Duration {
	if v == "" {
		return 0
	}
	if secs, err := strconv.Atoi(v); err == nil {
		return max(time.Duration(secs)*time.Second, 0)
	}
	if t, err := http.ParseTime(v); err == nil {
		return max(t.Sub(now), 0)
	}
	return 0
}
