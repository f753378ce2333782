package replay

import (
	"embed"
	"io"
	"net/http"
	"slices"
	"testing"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

//go:embed testdata
var testdata embed.FS

var _ = upstreams.Register(upstreams.Source{
	Name: "test_replay", Title: "Replay test source", BaseURL: "https://replay.example/api",
	Rate: 1, Burst: 1, Concurrency: 1, Timeout: time.Second, Recorded: testdata,
	Fixtures: []upstreams.Fixture{{Path: "/items", Query: "id=1", File: "testdata/items.json"}},
})

func get(t *testing.T, url string) (int, http.Header, string, error) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		return 0, nil, "", err
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header, string(b), nil
}

func TestReplay(t *testing.T) {
	s, err := Start("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	want, _ := testdata.ReadFile("testdata/items.json")
	base := s.URL() + "/test_replay"

	status, h, body, err := get(t, base+"/items?id=1")
	if err != nil || status != 200 || body != string(want) || h.Get("Content-Type") != "application/json" {
		t.Fatalf("fixture: %d %q %v %s", status, h.Get("Content-Type"), err, body)
	}
	if status, h, _, _ := get(t, base+"/items?id=2"); status != http.StatusNotImplemented ||
		h.Get(upstreams.UnrecordedHeader) != upstreams.UnrecordedValue {
		t.Errorf("unmatched request: %d, %s %q; want 501 marked unrecorded", status, upstreams.UnrecordedHeader, h.Get(upstreams.UnrecordedHeader))
	}

	s.SetFault("test_replay", Fault{Status: 429, RetryAfter: 7 * time.Second})
	if status, h, _, _ := get(t, base+"/items?id=1"); status != 429 || h.Get("Retry-After") != "7" {
		t.Errorf("429 fault: %d, Retry-After %q", status, h.Get("Retry-After"))
	}
	s.SetFault("test_replay", Fault{Garbage: true})
	if _, _, body, _ := get(t, base+"/items?id=1"); body != Garbage {
		t.Errorf("garbage fault: %s", body)
	}
	s.SetFault("test_replay", Fault{Drop: true})
	if _, _, _, err := get(t, base+"/items?id=1"); err == nil {
		t.Error("dropped connection gave an answer")
	}
	// The client may retry a dropped GET once, so count from here.
	before := s.Hits("test_replay")
	s.SetFault("test_replay", Fault{Status: 500, EveryNth: 2})
	var statuses, expected []int
	for i := range int64(4) {
		status, _, _, _ := get(t, base+"/items?id=1")
		statuses = append(statuses, status)
		expected = append(expected, map[bool]int{true: 500, false: 200}[(before+i+1)%2 == 0])
	}
	if !slices.Equal(statuses, expected) {
		t.Errorf("every 2nd: %v, want %v", statuses, expected)
	}
	s.SetFault("test_replay", Fault{})
	if n := s.Hits("test_replay"); n != before+4 {
		t.Errorf("hits = %d, want %d", n, before+4)
	}
}

func TestStartRefusesNonLoopback(t *testing.T) {
	if _, err := Start("0.0.0.0:0"); err == nil {
		t.Fatal("listened on every interface")
	}
}
