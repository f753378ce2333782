package upstreams

import (
	"errors"
	"fmt"
)

// Kind classifies an upstream failure by what the buyer is told.
type Kind string

const (
	Unavailable Kind = "upstream_unavailable" // breaker open, connection refused, 503 after retries
	Timeout     Kind = "upstream_timeout"     // deadline passed
	BadAnswer   Kind = "upstream_error"       // 4xx/5xx or a body that does not decode
	NotFound    Kind = "not_found"            // the upstream says the requested item does not exist
)

// Error is a failed upstream call. Message is safe to show a buyer: it never
// carries an upstream's raw error page.
type Error struct {
	Source  string
	Kind    Kind
	Status  int // upstream HTTP status, 0 when none was received
	Message string
}

func (e *Error) Error() string {
	if e.Status != 0 {
		return fmt.Sprintf("%s: %s (HTTP %d)", e.Source, e.Message, e.Status)
	}
	return e.Source + ": " + e.Message
}

// Errorf builds an *Error.
func Errorf(source string, kind Kind, format string, args ...any) *Error {
	return &Error{Source: source, Kind: kind, Message: fmt.Sprintf(format, args...)}
}

// AsError reports whether err is or wraps an *Error.
func AsError(err error) (*Error, bool) {
	var e *Error
	ok := errors.As(err, &e)
	return e, ok
}
