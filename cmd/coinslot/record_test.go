package main

import (
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

// recordFixture is a source under a temporary repository root whose
// upstream is a local server; it returns the source, the package folder
// and the requests the server saw.
func recordFixture(t *testing.T) (upstreams.Source, string, *[]string, recorder, *[]time.Duration) {
	t.Helper()
	root := t.TempDir()
	dir := filepath.Join(root, "upstreams", "items")
	if err := os.MkdirAll(filepath.Join(dir, "testdata"), 0o755); err != nil {
		t.Fatal(err)
	}
	for file, body := range map[string]string{"page2.json": `{"old":true}`, "gone.json": `{"kept":true}`, "down.txt": "busy"} {
		if err := os.WriteFile(filepath.Join(dir, "testdata", file), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var mu sync.Mutex
	seen := &[]string{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		*seen = append(*seen, r.URL.RequestURI()+" "+r.UserAgent())
		mu.Unlock()
		if r.URL.Path == "/api/gone" {
			http.NotFound(w, r)
			return
		}
		io.WriteString(w, `{"items":[1,2],"page":2}`)
	}))
	t.Cleanup(srv.Close)
	src := upstreams.Source{
		Name: "items", BaseURL: srv.URL + "/api", Rate: 0.5, Timeout: 2 * time.Second,
		KeyEnv: "ITEMS_API_KEY", KeyIn: "query:api_key",
		Recorded: os.DirFS(dir),
		Fixtures: []upstreams.Fixture{
			{Path: "/items", Query: "page=2", File: "testdata/page2.json"},
			{Path: "/items", Query: "page=2&sort=new", File: "testdata/page2.json"},
			{Path: "/gone", File: "testdata/gone.json"},
			{Path: "/items", File: "testdata/down.txt", Status: 503},
			{Method: "POST", Path: "/search", File: "testdata/search.json"},
		},
	}
	pauses := &[]time.Duration{}
	r := recorder{
		root: root, client: srv.Client(), userAgent: "coinslot-test",
		getenv: func(k string) string { return map[string]string{"ITEMS_API_KEY": "s3cret"}[k] },
		now:    func() time.Time { return time.Date(2026, 11, 23, 21, 0, 0, 0, time.FixedZone("CET", 3600)) },
		sleep: func(_ context.Context, d time.Duration) error {
			*pauses = append(*pauses, d)
			return nil
		},
		log: io.Discard,
	}
	return src, dir, seen, r, pauses
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestRecordRewritesFixturesAndWritesProvenance(t *testing.T) {
	src, dir, seen, r, pauses := recordFixture(t)
	err := r.record(context.Background(), src)
	base := src.BaseURL
	if err == nil || err.Error() != "1 not recorded, their files kept:\n  "+base+"/gone: answered 404" {
		t.Fatalf("record: %v", err)
	}
	// Each request once, with the key and the User-Agent, at the source's polite pace.
	want := []string{"/api/items?api_key=s3cret&page=2 coinslot-test", "/api/gone?api_key=s3cret coinslot-test"}
	if strings.Join(*seen, "\n") != strings.Join(want, "\n") {
		t.Errorf("requests %q, want %q", *seen, want)
	}
	if len(*pauses) != 1 || (*pauses)[0] != 2*time.Second {
		t.Errorf("pauses %v, want one of 2s (rate 0.5/s)", *pauses)
	}
	for file, body := range map[string]string{"page2.json": `{"items":[1,2],"page":2}`, "gone.json": `{"kept":true}`, "down.txt": "busy"} {
		if got := readFile(t, filepath.Join(dir, "testdata", file)); got != body {
			t.Errorf("%s holds %q, want %q", file, got, body)
		}
	}
	// The key never reaches the manifest.
	wantManifest := `{
  "source": "items",
  "fixtures": [
    {
      "file": "testdata/page2.json",
      "origin": "live",
      "url": "` + base + `/items?page=2",
      "recorded": "2026-11-23T20:00:00Z",
      "status": 200
    },
    {
      "file": "testdata/gone.json",
      "origin": "unrecorded",
      "url": "` + base + `/gone",
      "note": "answered 404"
    },
    {
      "file": "testdata/down.txt",
      "origin": "hand",
      "note": "an error answer (503) in the source's format"
    },
    {
      "file": "testdata/search.json",
      "origin": "hand",
      "note": "a POST request, whose body the fixture does not keep"
    }
  ]
}
`
	if got := readFile(t, filepath.Join(dir, "testdata", "items.provenance.json")); got != wantManifest {
		t.Errorf("manifest:\n%s\nwant:\n%s", got, wantManifest)
	}
}

// A fixture that fails now keeps what the manifest said of it before, and a
// file derived from a fixture stays listed as it was made, last.
func TestRecordKeepsAnEarlierProvenance(t *testing.T) {
	src, dir, _, r, _ := recordFixture(t)
	earlier := `{"source":"items","fixtures":[{"file":"testdata/gone.json","origin":"live","url":"https://items.example/gone","recorded":"2026-11-01T00:00:00Z","status":200},` +
		`{"file":"testdata/page2_no_total.json","origin":"derived","from":"testdata/page2.json","note":"total removed"}]}`
	if err := os.WriteFile(filepath.Join(dir, "testdata", "items.provenance.json"), []byte(earlier), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := r.record(context.Background(), src); err == nil {
		t.Fatal("a failed fixture is an error")
	}
	got := readFile(t, filepath.Join(dir, "testdata", "items.provenance.json"))
	want := `    {
      "file": "testdata/gone.json",
      "origin": "live",
      "url": "https://items.example/gone",
      "recorded": "2026-11-01T00:00:00Z",
      "status": 200
    },`
	derived := `    {
      "file": "testdata/page2_no_total.json",
      "origin": "derived",
      "from": "testdata/page2.json",
      "note": "total removed"
    }
  ]`
	if !strings.Contains(got, want) || !strings.Contains(got, derived) {
		t.Errorf("manifest:\n%s\nwant it to keep:\n%s\nand:\n%s", got, want, derived)
	}
}

func TestRecordNeedsTheKey(t *testing.T) {
	src, dir, seen, r, _ := recordFixture(t)
	r.getenv = func(string) string { return "" }
	if err := r.record(context.Background(), src); err == nil || err.Error() != "needs its key in ITEMS_API_KEY" {
		t.Fatalf("record: %v", err)
	}
	if len(*seen) != 0 {
		t.Errorf("requests sent without the key: %q", *seen)
	}
	if _, err := os.Stat(filepath.Join(dir, "testdata", "items.provenance.json")); !os.IsNotExist(err) {
		t.Errorf("a manifest was written: %v", err)
	}
}

func TestRecordFindsNoFolder(t *testing.T) {
	src, _, _, r, _ := recordFixture(t)
	r.root = t.TempDir()
	err := r.record(context.Background(), src)
	if err == nil || !strings.HasPrefix(err.Error(), "no folder under ") || !strings.Contains(err.Error(), "holds its fixture testdata/page2.json") {
		t.Fatalf("record: %v", err)
	}
}

func TestRecordRefusesAnUnknownSource(t *testing.T) {
	if code := runRecord([]string{"no_such_source"}); code != 2 {
		t.Fatalf("exit %d, want 2", code)
	}
	if code := runRecord(nil); code != 2 {
		t.Fatalf("exit %d without a source, want 2", code)
	}
}

// A source whose key is the User-Agent (SEC's contact) takes --user-agent's;
// without either it says both ways to give it.
func TestRecordTakesTheUserAgentFlagAsTheKey(t *testing.T) {
	src, _, seen, r, _ := recordFixture(t)
	src.KeyEnv, src.KeyIn = "SEC_USER_AGENT", "header:User-Agent"
	src.Fixtures = src.Fixtures[:1]
	r.getenv = func(string) string { return "" }
	if err := r.record(context.Background(), src); err == nil || err.Error() != "needs its User-Agent, with a contact e-mail, in SEC_USER_AGENT or --user-agent" {
		t.Fatalf("without the flag: %v", err)
	}
	r.userAgent, r.userAgentGiven = "Acme Data ops@acme.example", true
	if err := r.record(context.Background(), src); err != nil {
		t.Fatalf("with the flag: %v", err)
	}
	if want := []string{"/api/items?page=2 Acme Data ops@acme.example"}; strings.Join(*seen, "\n") != strings.Join(want, "\n") {
		t.Errorf("requests %q, want %q", *seen, want)
	}
}

// Each request says how it ended as it ends, and one without an answer names
// its cause: the name DNS does not know, the address that refused, TLS.
func TestRecordNamesWhyARequestGotNoAnswer(t *testing.T) {
	refused, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	refusedAddr := refused.Addr().String()
	refused.Close()
	tlsSrv := httptest.NewTLSServer(http.NotFoundHandler())
	t.Cleanup(tlsSrv.Close)
	unknownHost := &http.Client{Transport: &http.Transport{DialContext: func(context.Context, string, string) (net.Conn, error) {
		return nil, &net.OpError{Op: "dial", Net: "tcp", Err: &net.DNSError{Err: "no such host", Name: "items.invalid", IsNotFound: true}}
	}}}
	for _, c := range []struct {
		base   string
		client *http.Client
		cause  string
	}{
		{"http://items.invalid/api", unknownHost, "DNS: no such host items.invalid"},
		{"http://" + refusedAddr + "/api", &http.Client{}, "connection refused by " + refusedAddr},
		{tlsSrv.URL + "/api", &http.Client{}, "TLS: the certificate is refused: x509: certificate signed by unknown authority"},
	} {
		src, _, _, r, _ := recordFixture(t)
		src.BaseURL, r.client = c.base, c.client
		src.Fixtures = src.Fixtures[:1]
		src.Timeout = time.Minute // a TLS handshake on a loaded machine takes seconds
		var log strings.Builder
		r.log = &log
		err := r.record(context.Background(), src)
		if want := "1 not recorded, their files kept:\n  " + c.base + "/items?page=2: " + c.cause; err == nil || err.Error() != want {
			t.Errorf("record: %v\nwant %s", err, want)
		}
		if want := "items: asking " + c.base + " for its fixtures, one request every 2s\n" +
			"testdata/page2.json: " + c.base + "/items?page=2 not recorded: " + c.cause + "\n"; log.String() != want {
			t.Errorf("printed\n%s\nwant\n%s", log.String(), want)
		}
	}
}
