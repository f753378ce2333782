package main

import (
	"bytes"
	"cmp"
	"context"
	"crypto/tls"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/coinslot/coinslot/edge"
	"github.com/coinslot/coinslot/upstreams"
)

// minPause is the least time between two recordings from one source, even
// when the source's polite rate allows more.
const minPause = 500 * time.Millisecond

const recordUsage = `Re-records each source's fixtures from its live upstream, one request at a
time at the source's polite rate, and writes testdata/<source>.provenance.json
saying which fixtures were recorded live and which were written by hand.

Environment: each source's key variable (coinslot sources lists them).

Flags:
`

func runRecord(args []string) int {
	fl := newFlags("record", recordUsage)
	root := fl.String("root", ".", "the repository's root, holding upstreams/")
	ua := fl.String("user-agent", "coinslot/"+edge.Version+" (recording fixtures)", "the User-Agent sent; SEC asks for a contact e-mail in it")
	if code, ok := parse(fl, args); !ok {
		return code
	}
	if fl.NArg() == 0 {
		fl.Usage()
		return 2
	}
	var srcs []upstreams.Source
	for _, name := range fl.Args() {
		src, ok := upstreams.LookupSource(name)
		if !ok {
			fmt.Fprintf(os.Stderr, "coinslot: no source %q (coinslot sources lists them)\n", name)
			return 2
		}
		srcs = append(srcs, src)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	r := recorder{root: *root, client: upstreams.NewHTTPClient(), userAgent: *ua, userAgentGiven: flagGiven(fl, "user-agent"),
		getenv: os.Getenv, now: time.Now, sleep: sleepCtx, log: os.Stderr}
	code := 0
	for _, src := range srcs {
		if err := r.record(ctx, src); err != nil {
			fmt.Fprintf(os.Stderr, "coinslot: %s: %v\n", src.Name, err)
			code = 1
		}
	}
	return code
}

// recorder replays fixtures' requests against the live upstreams.
type recorder struct {
	root           string
	client         *http.Client
	userAgent      string
	userAgentGiven bool // --user-agent was on the command line
	getenv         func(string) string
	now            func() time.Time
	sleep          func(context.Context, time.Duration) error
	log            io.Writer // a line per request as it ends
}

// key is src's key from the environment; a source whose key is the
// User-Agent itself (SEC's contact) takes --user-agent's when given.
func (r recorder) key(src upstreams.Source) (string, error) {
	byAgent := strings.EqualFold(src.KeyIn, "header:User-Agent")
	if byAgent && r.userAgentGiven {
		return r.userAgent, nil
	}
	if key, ok := upstreams.APIKey(src, r.getenv); ok {
		return key, nil
	}
	if byAgent {
		return "", fmt.Errorf("needs its User-Agent, with a contact e-mail, in %s or --user-agent", src.KeyEnv)
	}
	return "", fmt.Errorf("needs its key in %s", src.KeyEnv)
}

// record asks the upstream for every fixture of src it can replay (GET
// requests answered 2xx), rewrites those files with the answers and writes
// the source's manifest. Fixtures of error answers stay as written; a
// request that fails leaves its file alone and is an error at the end.
func (r recorder) record(ctx context.Context, src upstreams.Source) error {
	key, err := r.key(src)
	if err != nil {
		return err
	}
	dir, err := r.sourceDir(src)
	if err != nil {
		return err
	}
	manifestPath := filepath.Join(dir, filepath.FromSlash(upstreams.ProvenanceFile(src)))
	before := map[string]upstreams.FixtureOrigin{}
	var derived []upstreams.FixtureOrigin // kept as they were made, after the fixtures
	if b, err := os.ReadFile(manifestPath); err == nil {
		var old upstreams.Provenance
		if err := json.Unmarshal(b, &old); err != nil {
			return fmt.Errorf("%s: %w", manifestPath, err)
		}
		for _, f := range old.Fixtures {
			before[f.File] = f
			if f.Origin == upstreams.OriginDerived {
				derived = append(derived, f)
			}
		}
	}
	pause := max(time.Duration(float64(time.Second)/src.Rate), minPause)
	fmt.Fprintf(r.log, "%s: asking %s for its fixtures, one request every %s\n", src.Name, src.BaseURL, pause)
	m := upstreams.Provenance{Source: src.Name, Fixtures: []upstreams.FixtureOrigin{}}
	var failed []string
	sent := false
	for _, f := range src.Fixtures {
		if slices.ContainsFunc(m.Fixtures, func(o upstreams.FixtureOrigin) bool { return o.File == f.File }) {
			continue // one file answering several requests is recorded once
		}
		if note := unrecordable(f); note != "" {
			m.Fixtures = append(m.Fixtures, upstreams.FixtureOrigin{File: f.File, Origin: upstreams.OriginHand, Note: note})
			continue
		}
		if sent {
			if err := r.sleep(ctx, pause); err != nil {
				return err
			}
		}
		sent = true
		url := liveURL(src, f)
		got, err := r.fetch(ctx, src, url, key)
		if err != nil {
			fmt.Fprintf(r.log, "%s: %s not recorded: %v\n", f.File, url, err)
			failed = append(failed, fmt.Sprintf("%s: %v", url, err))
			entry, ok := before[f.File]
			if !ok {
				entry = upstreams.FixtureOrigin{File: f.File, Origin: upstreams.OriginUnrecorded, URL: url, Note: err.Error()}
			}
			m.Fixtures = append(m.Fixtures, entry)
			continue
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.FromSlash(f.File)), got.Body, 0o644); err != nil {
			return err
		}
		fmt.Fprintf(r.log, "%s: %s %d, %d bytes\n", f.File, url, got.Status, len(got.Body))
		m.Fixtures = append(m.Fixtures, upstreams.FixtureOrigin{File: f.File, Origin: upstreams.OriginLive, URL: url,
			Recorded: r.now().UTC().Format(time.RFC3339), Status: got.Status})
	}
	m.Fixtures = append(m.Fixtures, derived...)
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(manifestPath, append(b, '\n'), 0o644); err != nil {
		return err
	}
	if len(failed) > 0 {
		return fmt.Errorf("%d not recorded, their files kept:\n  %s", len(failed), strings.Join(failed, "\n  "))
	}
	return nil
}

// unrecordable says why a fixture cannot be asked for live, or "".
func unrecordable(f upstreams.Fixture) string {
	switch {
	case f.Status >= 300:
		return fmt.Sprintf("an error answer (%d) in the source's format", f.Status)
	case f.Method != "" && f.Method != http.MethodGet:
		return "a " + f.Method + " request, whose body the fixture does not keep"
	}
	return ""
}

// liveURL is the request a fixture answers, at the source's real address.
func liveURL(src upstreams.Source, f upstreams.Fixture) string {
	u := src.BaseURL + f.Path
	if src.AnyHost { // fixtures are keyed "/<host><path>"
		u = "https:/" + f.Path
	}
	if f.Query != "" {
		u += "?" + f.Query
	}
	return u
}

// fetch asks for url once, with the key where the source expects it. A
// request without an answer fails with its cause.
func (r recorder) fetch(ctx context.Context, src upstreams.Source, url, key string) (*upstreams.Response, error) {
	req, err := upstreams.WithKey(&upstreams.Request{Source: src.Name, URL: url}, src.KeyIn, key)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(ctx, src.Timeout)
	defer cancel()
	// upstreams.Send says only that the source cannot be reached; the
	// round trip's own error says why.
	client := *r.client
	trip := &lastTrip{next: cmp.Or(client.Transport, http.DefaultTransport)}
	client.Transport = trip
	resp, _, err := upstreams.Send(ctx, &client, req, r.userAgent)
	if ue, ok := upstreams.AsError(err); ok {
		switch {
		case ue.Status != 0:
			return nil, fmt.Errorf("answered %d", ue.Status)
		case trip.err != nil:
			return nil, noAnswer(trip.err, src.Timeout)
		}
		return nil, errors.New(ue.Message) // the source is named already
	}
	return resp, err
}

// lastTrip keeps the error of the last round trip it made.
type lastTrip struct {
	next http.RoundTripper
	err  error
}

func (t *lastTrip) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := t.next.RoundTrip(req)
	t.err = err
	return resp, err
}

// noAnswer names why a request got no answer, from its error's chain: the
// name DNS does not know, the address that refused the connection, the TLS
// failure, the timeout.
func noAnswer(err error, timeout time.Duration) error {
	var dns *net.DNSError
	var op *net.OpError
	var verify *tls.CertificateVerificationError
	var header tls.RecordHeaderError
	var alert tls.AlertError
	var ne net.Error
	switch {
	case errors.As(err, &dns) && dns.IsNotFound:
		return fmt.Errorf("DNS: no such host %s", dns.Name)
	case errors.As(err, &dns):
		return fmt.Errorf("DNS: %s looking up %s", dns.Err, dns.Name)
	case errors.Is(err, syscall.ECONNREFUSED) && errors.As(err, &op) && op.Addr != nil:
		return fmt.Errorf("connection refused by %s", op.Addr)
	case errors.Is(err, syscall.ECONNREFUSED):
		return errors.New("connection refused")
	case errors.As(err, &verify):
		return fmt.Errorf("TLS: the certificate is refused: %v", verify.Err)
	case errors.As(err, &header), errors.As(err, &alert):
		return fmt.Errorf("TLS: %v", err)
	case errors.As(err, &ne) && ne.Timeout():
		return fmt.Errorf("no answer within %s", timeout)
	}
	return err
}

// sourceDir finds the package folder under root/upstreams whose files are
// the ones src embeds: several sources may share one package.
func (r recorder) sourceDir(src upstreams.Source) (string, error) {
	if src.Recorded == nil || len(src.Fixtures) == 0 {
		return "", errors.New("declares no fixtures")
	}
	want, err := fs.ReadFile(src.Recorded, src.Fixtures[0].File)
	if err != nil {
		return "", err
	}
	dirs, err := filepath.Glob(filepath.Join(r.root, "upstreams", "*"))
	if err != nil {
		return "", err
	}
	for _, dir := range dirs {
		if got, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(src.Fixtures[0].File))); err == nil && bytes.Equal(got, want) {
			return dir, nil
		}
	}
	return "", fmt.Errorf("no folder under %s holds its fixture %s (run from the repository's root, or give --root)",
		filepath.Join(r.root, "upstreams"), src.Fixtures[0].File)
}

func sleepCtx(ctx context.Context, d time.Duration) error {
	select {
	case <-time.After(d):
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
