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
		"https://[2606:4700::1111]/a":   "https://[2606:4700::1111]/a",
		"https://[::127.0.0.1]/":        "",
		"https://[::ffff:10.0.0.1]/":    "",
		"https://[64:ff9b::7f00:1]/":    "",
		"https://[fe80::1%25eth0]/":     "",
		"https://127.1/":                "",
		"https://0x7f.1/":               "",
		"https://example.0x7f/":         "",
		"https://example.123/":          "",
		"https://1.example/":            "https://1.example/",
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
	for _, raw := range []string{"2606:4700::1111", "[2606:4700::1111]", "https://[2606:4700::1111]/"} {
		d, problem := ParseDomain(raw)
		if d != "2606:4700::1111" || problem != "" {
			t.Errorf("ParseDomain(%s) = %q, %q", raw, d, problem)
		}
		if u := SiteFile(d, "/robots.txt").URL; u != "https://[2606:4700::1111]/robots.txt" {
			t.Errorf("SiteFile(%s) = %s, want the literal bracketed", d, u)
		}
	}
	for _, raw := range []string{"::127.0.0.1", "[::127.0.0.1]", "::ffff:127.0.0.1", "64:ff9b::a00:1", "127.1"} {
		if d, problem := ParseDomain(raw); problem == "" {
			t.Errorf("ParseDomain(%s) = %q, want it refused", raw, d)
		}
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
