package registrytest

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
)

// The files of a case folder, testdata/<tool>/<case>/: the input, then the
// answer (expected.json) or the failure (expected.err, its exact text, with
// expected.kind, what the buyer is told), the requests the call sends its
// upstreams (requests.txt, absent when it sends none), and optionally the
// call's clock and seller. Input the tool's parameters or Check refuse is a
// failure like any other, of kind invalid_params: the edge refuses it before
// asking for payment.
const (
	RequestFile  = "request.json"
	ExpectedFile = "expected.json"
	ErrorFile    = "expected.err"
	KindFile     = "expected.kind"
	RequestsFile = "requests.txt"
	CallFile     = "call.json"
)

// Case is one case folder.
type Case struct {
	Dir        string // testdata/<tool>/<case>
	Tool, Name string
}

// Cases lists the case folders below testdata, in path order. Files beside
// the case folders (Go tests' own goldens) are not cases.
func Cases(testdata string) ([]Case, error) {
	dirs, err := filepath.Glob(filepath.Join(testdata, "*", "*"))
	if err != nil {
		return nil, err
	}
	var out []Case
	for _, dir := range dirs {
		if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
			continue
		}
		out = append(out, Case{Dir: dir, Tool: filepath.Base(filepath.Dir(dir)), Name: filepath.Base(dir)})
	}
	return out, nil
}

// call is call.json: the call's clock (upstreams.RecordedAt when absent)
// and the seller the service is configured as.
type call struct {
	Now    time.Time `json:"now"`
	Seller struct {
		BaseURL string `json:"base_url"`
		PayTo   string `json:"pay_to"`
	} `json:"seller"`
}

// Request reads the case's input as the edge reads a request: numbers kept
// exact, as json.Number.
func (c Case) Request(t testing.TB) map[string]any {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(c.Dir, RequestFile))
	if err != nil {
		t.Fatal(err)
	}
	var in map[string]any
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	if err := dec.Decode(&in); err != nil {
		t.Fatalf("%s: %v", c.Dir, err)
	}
	return in
}

func (c Case) call(t testing.TB) call {
	t.Helper()
	cl := call{Now: upstreams.RecordedAt}
	b, err := os.ReadFile(filepath.Join(c.Dir, CallFile))
	if errors.Is(err, os.ErrNotExist) {
		return cl
	}
	if err == nil {
		dec := json.NewDecoder(bytes.NewReader(b))
		dec.DisallowUnknownFields()
		err = dec.Decode(&cl)
	}
	if err != nil {
		t.Fatalf("%s: %v", c.Dir, err)
	}
	return cl
}

// Run runs the case's tool on its input with d answering upstream requests;
// input that does not validate is refused as the edge refuses it.
func (c Case) Run(t testing.TB, d upstreams.Doer) (*registry.Result, error) {
	t.Helper()
	cl := c.call(t)
	tool := Tool(t, c.Tool)
	args, errs := tool.Validate(c.Request(t))
	if len(errs) > 0 {
		return nil, &registry.InputError{Fields: errs}
	}
	rc := &registry.Call{Tool: tool, Args: args, Upstream: d, Now: cl.Now,
		Seller: registry.Seller{BaseURL: cl.Seller.BaseURL, PayTo: cl.Seller.PayTo}}
	return Handle(t, rc)
}

// Check runs the case on d and compares the outcome and the upstream
// requests with its expected files; with -update it rewrites them, an
// answer replacing a failure and the other way round.
func (c Case) Check(t testing.TB, d upstreams.Doer) {
	t.Helper()
	var mu sync.Mutex
	var sent []string
	noting := upstreams.DoerFunc(func(ctx context.Context, req *upstreams.Request) (*upstreams.Response, error) {
		mu.Lock()
		sent = append(sent, requestLine(req))
		mu.Unlock()
		return d.Do(ctx, req)
	})
	res, err := c.Run(t, noting)
	slices.Sort(sent) // fan-outs send in any order
	requests(t, filepath.Join(c.Dir, RequestsFile), sent)
	if *update {
		stale := []string{ErrorFile, KindFile}
		if err != nil {
			stale = []string{ExpectedFile}
		}
		for _, f := range stale {
			if rmErr := os.Remove(filepath.Join(c.Dir, f)); rmErr != nil && !errors.Is(rmErr, os.ErrNotExist) {
				t.Fatal(rmErr)
			}
		}
	}
	if err == nil {
		if _, statErr := os.Stat(filepath.Join(c.Dir, ErrorFile)); statErr == nil {
			t.Fatalf("answered, but %s expects a failure", c.Dir)
		}
		Golden(t, filepath.Join(c.Dir, ExpectedFile), res)
		return
	}
	text(t, filepath.Join(c.Dir, ErrorFile), errorText(err), "error")
	text(t, filepath.Join(c.Dir, KindFile), Kind(err), "kind")
}

// requestLine is a request as requests.txt lists it: method, URL and the
// body, if any, on one line.
func requestLine(req *upstreams.Request) string {
	line := cmp.Or(req.Method, http.MethodGet) + " " + req.URL
	if len(req.Body) > 0 {
		line += " " + string(req.Body)
	}
	return line
}

// requests compares the requests sent with the file at path, which is
// absent when none are; with -update it rewrites or removes the file.
func requests(t testing.TB, path string, sent []string) {
	t.Helper()
	got := strings.Join(sent, "\n")
	if *update {
		var err error
		if len(sent) == 0 {
			err = os.Remove(path)
		} else {
			err = os.WriteFile(path, []byte(got+"\n"), 0o644)
		}
		if err != nil && !errors.Is(err, os.ErrNotExist) {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		t.Fatal(err)
	}
	if got != strings.TrimSuffix(string(want), "\n") {
		t.Errorf("upstream requests:\n%s\n%s says:\n%s", got, path, strings.TrimSuffix(string(want), "\n"))
	}
}

// errorText is err's text; for an input error, every field it names, where
// its Error gives the first only.
func errorText(err error) string {
	var ie *registry.InputError
	if !errors.As(err, &ie) {
		return err.Error()
	}
	fields := make([]string, len(ie.Fields))
	for i, f := range ie.Fields {
		fields[i] = f.String()
	}
	return strings.Join(fields, "; ")
}

// Kind is what the buyer is told of err: an upstream failure's kind, or
// invalid_params for input only the call found unservable.
func Kind(err error) string {
	if e, ok := upstreams.AsError(err); ok {
		return string(e.Kind)
	}
	var ie *registry.InputError
	if errors.As(err, &ie) {
		return string(registry.CodeInvalidParams)
	}
	return string(registry.CodeInternal)
}

// text compares got, one line, with the file at path; with -update it
// rewrites the file instead.
func text(t testing.TB, path, got, what string) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, []byte(got+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%s %q: %v (run with -update to create it)", what, got, err)
	}
	if got != strings.TrimSuffix(string(want), "\n") {
		t.Errorf("%s %q, %s says %q", what, got, path, strings.TrimSuffix(string(want), "\n"))
	}
}

// Updating says whether -update was given.
func Updating() bool { return *update }
