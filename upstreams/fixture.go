package upstreams

import (
	"cmp"
	"context"
	"io/fs"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// RecordedAt is the moment the recorded fixtures describe. Sandbox calls run
// at this clock, so answers that depend on today (filings of the last days,
// markets ending soon, ages) mean the same whenever the sandbox runs. Moved
// forward when the fixtures are recorded again.
var RecordedAt = time.Date(2026, 11, 20, 15, 0, 0, 0, time.UTC)

// AnswerTime is the service's clock for the times an answer states (its
// generated_at, a handler's as_of and "today"): wall, or in the sandbox
// RecordedAt, so that a sandbox's answer is dated the day it describes.
func AnswerTime(sandbox bool, wall time.Time) time.Time {
	if sandbox {
		return RecordedAt
	}
	return wall
}

// Fixture maps requests to one recorded response of a source. Its Path and
// Query are also the request `coinslot record` sends to re-record it live;
// testdata/<source>.provenance.json says which files were recorded live
// (URL, date, status), which were written by hand in the real format, and
// which tests' files were derived from one of them.
type Fixture struct {
	Method string      // GET when empty
	Path   string      // URL path relative to the source's BaseURL, e.g. "/events"; "/<host><path>" for AnyHost sources
	Query  string      // when set, the raw query must contain it, e.g. "slug=fed-decision"
	File   string      // path in the source's Recorded FS
	Status int         // 200 when zero
	Header http.Header // recorded response headers, for tools that read them (Server, Set-Cookie, ...)
}

// Where a fixture came from, as its source's provenance manifest says.
const (
	OriginLive       = "live"       // recorded from the upstream by coinslot record
	OriginHand       = "hand"       // written by hand in the source's real format
	OriginUnrecorded = "unrecorded" // a recording failed; the file is as it was
	// OriginDerived is a file made from the fixture From by the edit its
	// note states (a member removed, say), for tests that read it; it
	// answers no request and is never recorded.
	OriginDerived = "derived"
)

// Provenance is a source's manifest, ProvenanceFile(src) beside its fixtures.
type Provenance struct {
	Source   string          `json:"source"`
	Fixtures []FixtureOrigin `json:"fixtures"`
}

// FixtureOrigin is where one fixture file came from.
type FixtureOrigin struct {
	File     string `json:"file"`
	Origin   string `json:"origin"`
	URL      string `json:"url,omitempty"`      // the request, without the key
	Recorded string `json:"recorded,omitempty"` // RFC 3339, UTC
	Status   int    `json:"status,omitempty"`
	From     string `json:"from,omitempty"` // the fixture a derived file was made from
	Note     string `json:"note,omitempty"`
}

// ProvenanceFile is the path of src's manifest in its Recorded files.
func ProvenanceFile(src Source) string { return "testdata/" + src.Name + ".provenance.json" }

// Match finds the source a request URL belongs to and the first fixture that
// answers it. The most specific fixture (with a Query) should come first.
func Match(req *Request) (Source, Fixture, bool) {
	src, ok := LookupSource(req.Source)
	if !ok {
		return Source{}, Fixture{}, false
	}
	u, ok := fixtureURL(src, req.URL)
	if !ok {
		return src, Fixture{}, false
	}
	method := req.Method
	if method == "" {
		method = http.MethodGet
	}
	for _, f := range src.Fixtures {
		fm := f.Method
		if fm == "" {
			fm = http.MethodGet
		}
		if fm == method && f.Path == u.Path && strings.Contains(u.RawQuery, f.Query) {
			return src, f, true
		}
	}
	return src, Fixture{}, false
}

// fixtureURL is the part of a request URL that fixtures are keyed by: the
// URL below the source's BaseURL, or for an AnyHost source "/<host><path>".
// The replay server hands AnyHost requests over in that keyed form already.
func fixtureURL(src Source, raw string) (*url.URL, bool) {
	rest, ok := strings.CutPrefix(raw, src.BaseURL)
	if !ok {
		return nil, false
	}
	u, err := url.Parse(rest)
	if err != nil {
		return nil, false
	}
	if src.AnyHost && u.Host != "" {
		u.Path = "/" + strings.ToLower(u.Host) + cmp.Or(u.Path, "/")
	}
	return u, true
}

// The replay server marks its answer to a request no fixture matches with
// this header, so Send tells the sandbox's gap from a source's own 501.
const (
	UnrecordedHeader = "Coinslot-Replay"
	UnrecordedValue  = "unrecorded"
)

// Unrecorded is a sandbox request that no recorded answer matches. It is the
// sandbox's limit, not the source failing, so it carries no HTTP status and
// does not count against the source's breaker; the buyer is told where the
// inputs the sandbox can answer are listed.
func Unrecorded(source string) *Error {
	return Errorf(source, BadAnswer, "the sandbox has no recorded answer for this input; "+
		"it answers the recorded inputs, such as each tool's example on /docs")
}

// Replay answers requests from recorded fixtures without any network. An
// unmatched request is an upstream_error naming the URL, so a missing
// fixture fails a test loudly.
var Replay Doer = DoerFunc(func(ctx context.Context, req *Request) (*Response, error) {
	src, f, ok := Match(req)
	if !ok {
		return nil, Errorf(req.Source, BadAnswer, "no recorded response for %s %s", req.Method, req.URL)
	}
	body, err := fs.ReadFile(src.Recorded, f.File)
	if err != nil {
		return nil, Errorf(req.Source, BadAnswer, "fixture %s: %v", f.File, err)
	}
	status := f.Status
	if status == 0 {
		status = http.StatusOK
	}
	if status >= 300 {
		return nil, &Error{Source: req.Source, Kind: BadAnswer, Status: status, Message: "upstream answered with an error"}
	}
	header := http.Header{"Content-Type": {"application/json"}}
	for k, v := range f.Header {
		header[k] = v
	}
	return &Response{Status: status, Header: header, Body: body}, nil
})
