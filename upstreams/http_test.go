package upstreams

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

func TestSendMapsAnswers(t *testing.T) {
	var gotUA string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		gotUA = r.Header.Get("User-Agent")
		switch r.URL.Path {
		case "/ok":
			w.Write([]byte(`{"ok":true}`))
		case "/missing":
			http.Error(w, "<html>Not Found</html>", http.StatusNotFound)
		case "/busy":
			w.Header().Set("Retry-After", "3")
			http.Error(w, "<html>slow down</html>", http.StatusTooManyRequests)
		case "/broken":
			http.Error(w, "<html>stack trace</html>", http.StatusInternalServerError)
		case "/bad":
			http.Error(w, "nope", http.StatusBadRequest)
		case "/big":
			w.Write([]byte(strings.Repeat("x", MaxBody+1)))
		case "/ftp":
			http.Redirect(w, r, "ftp://example.com/file", http.StatusFound)
		case "/slow":
			time.Sleep(300 * time.Millisecond)
		}
	}))
	defer srv.Close()
	hc := NewHTTPClient()
	send := func(path string, timeout time.Duration) (*Response, Retry, error) {
		ctx, cancel := context.WithTimeout(context.Background(), timeout)
		defer cancel()
		return Send(ctx, hc, &Request{Source: "src", URL: srv.URL + path}, "coinslot/0.13.0 (+http://localhost:8080)")
	}
	resp, _, err := send("/ok", time.Second)
	if err != nil || resp.Status != 200 || string(resp.Body) != `{"ok":true}` {
		t.Fatalf("/ok: %v %v", resp, err)
	}
	if gotUA != "coinslot/0.13.0 (+http://localhost:8080)" {
		t.Errorf("User-Agent = %q", gotUA)
	}
	cases := []struct {
		path  string
		want  Error
		retry Retry
	}{
		{"/missing", Error{"src", NotFound, 404, "the source has no such item"}, Retry{}},
		{"/busy", Error{"src", Unavailable, 429, "the source is refusing requests for now"}, Retry{OK: true, After: 3 * time.Second}},
		{"/broken", Error{"src", BadAnswer, 500, "the source answered with an error"}, Retry{OK: true}},
		{"/bad", Error{"src", BadAnswer, 400, "the source answered with an error"}, Retry{}},
		{"/big", Error{"src", BadAnswer, 0, "the answer is larger than 8 MiB"}, Retry{}},
		{"/ftp", Error{"src", BadAnswer, 0, "the source redirected to an address that is not allowed"}, Retry{}},
		{"/slow", Error{"src", Timeout, 0, "no answer in time"}, Retry{OK: true}},
	}
	for _, c := range cases {
		timeout := 5 * time.Second
		if c.path == "/slow" {
			timeout = 100 * time.Millisecond
		}
		_, retry, err := send(c.path, timeout)
		e, ok := AsError(err)
		if !ok || *e != c.want || retry != c.retry {
			t.Errorf("%s: %#v %+v, want %#v %+v", c.path, err, retry, c.want, c.retry)
		}
	}
	srv.Close()
	if _, retry, err := send("/ok", time.Second); !retry.OK || err.(*Error).Kind != Unavailable {
		t.Errorf("closed server: %v %+v, want a retryable upstream_unavailable", err, retry)
	}
}

func TestRetryAfter(t *testing.T) {
	now := time.Date(2026, 11, 20, 15, 0, 0, 0, time.UTC)
	for v, want := range map[string]time.Duration{
		"":                              0,
		"12":                            12 * time.Second,
		"-4":                            0,
		"soon":                          0,
		"Fri, 20 Nov 2026 15:00:30 GMT": 30 * time.Second,
		"Fri, 20 Nov 2026 14:59:00 GMT": 0,
	} {
		if got := RetryAfter(v, now); got != want {
			t.Errorf("RetryAfter(%q) = %v, want %v", v, got, want)
		}
	}
}

func TestWithKey(t *testing.T) {
	req := &Request{Source: "src", URL: "https://api.example/v1/series?id=GDP"}
	for keyIn, check := range map[string]func(*Request) bool{
		"query:api_key": func(r *Request) bool { return r.URL == "https://api.example/v1/series?api_key=k1&id=GDP" },
		"header:X-Key":  func(r *Request) bool { return r.Header.Get("X-Key") == "k1" },
		"bearer":        func(r *Request) bool { return r.Header.Get("Authorization") == "Bearer k1" },
	} {
		out, err := WithKey(req, keyIn, "k1")
		if err != nil || !check(out) {
			t.Errorf("%s: %+v %v", keyIn, out, err)
		}
	}
	if req.Header != nil || req.URL != "https://api.example/v1/series?id=GDP" {
		t.Errorf("WithKey changed its input: %+v", req)
	}
	if _, err := WithKey(req, "cookie", "k1"); err == nil || err.Error() != `upstream src: key placement "cookie" is not query:<name>, header:<name>, path:<segment> or bearer` {
		t.Errorf("bad placement: %v", err)
	}
	if out, _ := WithKey(req, "bearer", ""); out != req {
		t.Error("an empty key changed the request")
	}
}

func TestAPIKey(t *testing.T) {
	env := func(name string) string { return map[string]string{"FRED_API_KEY": "abc"}[name] }
	for _, c := range []struct {
		src    Source
		key    string
		wantOK bool
	}{
		{Source{}, "", true},
		{Source{KeyEnv: "FRED_API_KEY"}, "abc", true},
		{Source{KeyEnv: "NVD_API_KEY"}, "", false},
		{Source{KeyEnv: "NVD_API_KEY", KeyOptional: true}, "", true},
	} {
		if key, ok := APIKey(c.src, env); key != c.key || ok != c.wantOK {
			t.Errorf("%+v: %q %v", c.src, key, ok)
		}
	}
}

func TestWithKeyInPath(t *testing.T) {
	req := &Request{Source: "firms", URL: "https://firms.example/api/area/csv/MAP_KEY/VIIRS/world/1"}
	got, err := WithKey(req, "path:MAP_KEY", "k/1")
	if err != nil || got.URL != "https://firms.example/api/area/csv/k%2F1/VIIRS/world/1" {
		t.Errorf("URL = %v, %v", got, err)
	}
	if _, err := WithKey(&Request{Source: "firms", URL: "https://firms.example/api"}, "path:MAP_KEY", "k"); err == nil {
		t.Error("a request without the key's segment was accepted")
	}
}
