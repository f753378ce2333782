package upstreams

import (
	"context"
	"sync/atomic"
)

// Session performs one tool call's upstream requests and remembers whether
// every answer came from cache, which is what the call's result reports. It
// is safe for concurrent use, so a handler may fetch in parallel.
type Session struct {
	doer     Doer
	answered atomic.Bool
	fresh    atomic.Bool
}

// NewSession starts a session over d.
func NewSession(d Doer) *Session { return &Session{doer: d} }

// Do sends req through the session's Doer and notes whether the answer was cached.
func (s *Session) Do(ctx context.Context, req *Request) (*Response, error) {
	resp, err := s.doer.Do(ctx, req)
	if err != nil {
		return nil, err
	}
	s.answered.Store(true)
	if !resp.Cached {
		s.fresh.Store(true)
	}
	return resp, nil
}

// Cached is true only when at least one answer arrived and all came from cache.
func (s *Session) Cached() bool { return s.answered.Load() && !s.fresh.Load() }

// Fetch sends req through s and decodes the body. An upstream failure is
// returned unchanged; a body that does not decode is the source's bad answer,
// which the runtime also learns of through the request's Check.
func Fetch[T any](ctx context.Context, s *Session, req *Request, decode func([]byte) (T, error)) (T, error) {
	var zero T
	checked := *req
	checked.Check = func(body []byte) error {
		_, err := decode(body)
		return err
	}
	resp, err := s.Do(ctx, &checked)
	if err != nil {
		return zero, err
	}
	v, err := decode(resp.Body)
	if err != nil {
		if ue, ok := AsError(err); ok {
			return zero, ue
		}
		return zero, Errorf(req.Source, BadAnswer, "the answer could not be read")
	}
	return v, nil
}

// Missing turns a source's 404 into a not_found error carrying message, which
// the buyer sees; other errors pass unchanged.
func Missing(err error, message string) error {
	if e, ok := AsError(err); ok && e.Status == 404 {
		return &Error{Source: e.Source, Kind: NotFound, Status: 404, Message: message}
	}
	return err
}
