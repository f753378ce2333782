package web

import (
	"context"
	"io"
	"net/http"
	"testing"

	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/replay"
)

func TestParseURLAndDomain(t *testing.T) {
	for raw, want := range map[string]string{
		"https://www.python.org/#top":   "https://www.python.org/",
		"http://93.184.215.14/x":        "http://93.184.215.14/x",
		"https://10.0.0.1/":             "",
		"https://[fd00::1]/":            "",
		"https://printer.local/":        "",
		"https://intranet/":             "",
		"javascript:alert(1)":           "",
		"https://exa_mple.com/":         "",
		"https://user@www.python.org/":  "",
		"https://xn--bcher-kva.example": "https://xn--bcher-kva.example",
	} {
		u, problem := ParseURL(raw)
		if got := ""; u != nil {
			got = u.String()
			if got != want {
				t.Errorf("ParseURL(%s) = %s, want %s", raw, got, want)
			}
		} else if want != "" {
			t.Errorf("ParseURL(%s) refused: %s", raw, problem)
		}
	}
	if d, problem := ParseDomain("WWW.Python.org."); d != "www.python.org" || problem != "" {
		t.Errorf("ParseDomain = %q, %q", d, problem)
	}
	if d, _ := ParseDomain("https://www.python.org/about/"); d != "www.python.org" {
		t.Errorf("ParseDomain of a URL = %q", d)
	}
}

func TestFixturesAnswerInProcessAndOverReplay(t *testing.T) {
	resp, err := upstreams.Replay.Do(context.Background(), SiteFile("www.python.org", "/robots.txt"))
	if err != nil || resp.Header.Get("Content-Type") != "text/plain; charset=utf-8" || len(resp.Body) == 0 {
		t.Fatalf("robots.txt: %+v, %v", resp, err)
	}
	_, err = upstreams.Replay.Do(context.Background(), SiteFile("example.com", "/robots.txt"))
	if !Absent(err) {
		t.Errorf("a 404 fixture is not absent: %v", err)
	}
	srv, err := replay.Start("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	hr, err := http.Get(srv.URL() + "/web/www.python.org/robots.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer hr.Body.Close()
	body, _ := io.ReadAll(hr.Body)
	if hr.StatusCode != http.StatusOK || string(body) != string(resp.Body) {
		t.Errorf("replay server: %d %q", hr.StatusCode, body)
	}
}
