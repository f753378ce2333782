package upstreams

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// answers replies to each URL with the body and cache flag the URL names:
// "cached:<body>" or "fresh:<body>"; any other URL fails with failure.
func answers(failure error) Doer {
	return DoerFunc(func(_ context.Context, req *Request) (*Response, error) {
		for _, prefix := range []string{"cached:", "fresh:"} {
			if body, ok := strings.CutPrefix(req.URL, prefix); ok {
				return &Response{Status: 200, Body: []byte(body), Cached: prefix == "cached:"}, nil
			}
		}
		return nil, failure
	})
}

// atoi decodes a body holding a decimal integer.
func atoi(b []byte) (int, error) { return strconv.Atoi(string(b)) }

func get(url string) *Request { return &Request{Source: "test_source", URL: url} }

func TestSessionCachedOnlyWhenEveryAnswerWas(t *testing.T) {
	failure := Errorf("test_source", Unavailable, "down")
	cases := []struct {
		name string
		urls []string
		want bool
	}{
		{"no request", nil, false},
		{"only a failure", []string{"fail"}, false},
		{"one cached", []string{"cached:1"}, true},
		{"cached and a failure", []string{"cached:1", "fail"}, true},
		{"all cached", []string{"cached:1", "cached:2"}, true},
		{"one fresh", []string{"cached:1", "fresh:2", "cached:3"}, false},
	}
	for _, tc := range cases {
		s := NewSession(answers(failure))
		for _, u := range tc.urls {
			resp, err := s.Do(context.Background(), get(u))
			if u == "fail" {
				if err != failure || resp != nil {
					t.Errorf("%s: Do(%s) = %v, %v; want the failure unchanged", tc.name, u, resp, err)
				}
			} else if err != nil {
				t.Errorf("%s: Do(%s): %v", tc.name, u, err)
			}
		}
		if got := s.Cached(); got != tc.want {
			t.Errorf("%s: Cached() = %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestSessionIsSafeForParallelFetches(t *testing.T) {
	s := NewSession(answers(nil))
	var wg sync.WaitGroup
	for i := range 32 {
		wg.Go(func() {
			url := "cached:" + strconv.Itoa(i)
			if i == 17 {
				url = "fresh:" + strconv.Itoa(i)
			}
			if _, err := Fetch(context.Background(), s, get(url), atoi); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if s.Cached() {
		t.Error("Cached() = true after a fresh answer")
	}
}

func TestFetch(t *testing.T) {
	failure := Errorf("test_source", Timeout, "too slow")
	decodeErr := Errorf("other_source", BadAnswer, "undecodable thing")
	cases := []struct {
		name    string
		url     string
		decode  func([]byte) (int, error)
		want    int
		wantErr error
	}{
		{"decodes", "fresh:42", atoi, 42, nil},
		{"upstream failure unchanged", "fail", atoi, 0, failure},
		{"unreadable body is a bad answer", "fresh:forty-two", atoi, 0,
			&Error{Source: "test_source", Kind: BadAnswer, Message: "the answer could not be read"}},
		{"decoder's own error passes", "fresh:42",
			func([]byte) (int, error) { return 7, fmt.Errorf("wrapped: %w", decodeErr) }, 0, decodeErr},
	}
	for _, tc := range cases {
		got, err := Fetch(context.Background(), NewSession(answers(failure)), get(tc.url), tc.decode)
		if got != tc.want || !reflect.DeepEqual(err, tc.wantErr) {
			t.Errorf("%s: Fetch = %v, %#v; want %v, %#v", tc.name, got, err, tc.want, tc.wantErr)
		}
	}
}

func TestMissing(t *testing.T) {
	gone := &Error{Source: "test_source", Kind: BadAnswer, Status: 404, Message: "HTTP 404"}
	broken := &Error{Source: "test_source", Kind: BadAnswer, Status: 500, Message: "HTTP 500"}
	plain := errors.New("plain")
	cases := []struct {
		in, want error
	}{
		{gone, &Error{Source: "test_source", Kind: NotFound, Status: 404, Message: "no such thing"}},
		{fmt.Errorf("wrapped: %w", gone), &Error{Source: "test_source", Kind: NotFound, Status: 404, Message: "no such thing"}},
		{broken, broken},
		{plain, plain},
		{nil, nil},
	}
	for _, tc := range cases {
		if got := Missing(tc.in, "no such thing"); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("Missing(%v) = %#v, want %#v", tc.in, got, tc.want)
		}
	}
}
