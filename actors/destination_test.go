package actors

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
)

// hostsSource fetches any host, one request per host at a time, out of three.
var hostsSource = upstreams.Register(upstreams.Source{
	Name: "test_hosts", Title: "Hosts", AnyHost: true,
	Rate: 1000, Burst: 1000, Concurrency: 3, PerHost: 1, Timeout: 2 * time.Second,
	Recorded: testdata,
})

// sites answers for named hosts on loopback: the dialer sends each name to
// its server, bypassing the public-address guard as a test must.
type sites struct {
	addr map[string]string
}

func (s *sites) client() *http.Client {
	return &http.Client{Transport: &http.Transport{DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
		host, _, _ := net.SplitHostPort(addr)
		return (&net.Dialer{}).DialContext(ctx, network, s.addr[host])
	}}}
}

// tarpit accepts requests and answers none until released or abandoned.
type tarpit struct {
	inflight, most atomic.Int64
	release        chan struct{}
}

func (p *tarpit) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	n := p.inflight.Add(1)
	defer p.inflight.Add(-1)
	for m := p.most.Load(); n > m && !p.most.CompareAndSwap(m, n); m = p.most.Load() {
	}
	select {
	case <-p.release:
		w.Write([]byte(`{"late":true}`))
	case <-r.Context().Done():
	}
}

func hostsHarness(t *testing.T, yaml string) (*harness, *tarpit) {
	t.Helper()
	pit := &tarpit{release: make(chan struct{})}
	slow := httptest.NewServer(pit)
	t.Cleanup(slow.Close)
	t.Cleanup(func() { close(pit.release) })
	good := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte(`{"ok":true}`)) }))
	t.Cleanup(good.Close)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	dead := ln.Addr().String()
	ln.Close()
	s := &sites{addr: map[string]string{"tarpit.example": slow.Listener.Addr().String(),
		"good.example": good.Listener.Addr().String(), "dead.example": dead}}
	return startWith(t, yaml, Options{}, func(string) *http.Client { return s.client() }), pit
}

func (h *harness) get(url string, timeout time.Duration) (*registry.Result, error) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	return h.rt.Run(ctx, fetchTools[hostsSource.Name], registry.Args{"path": url})
}

func TestTarpitHostHoldsOnlyItsOwnSlot(t *testing.T) {
	h, pit := hostsHarness(t, "")
	var wg sync.WaitGroup
	for i := range 5 {
		wg.Go(func() {
			_, err := h.get("http://tarpit.example/page"+string(rune('a'+i)), 5*time.Second)
			if err != nil && kindOf(err) != upstreams.Timeout {
				t.Errorf("tarpit call: %v", err)
			}
		})
	}
	for pit.inflight.Load() == 0 {
		time.Sleep(time.Millisecond)
	}
	t0 := time.Now()
	res, err := h.get("http://good.example/", time.Second) // the tarpit holds its slot for 2s
	t.Logf("good host beside a tarpit: %v", time.Since(t0))
	if err != nil || res.Data != `{"ok":true}` {
		t.Fatalf("good host beside a tarpit: %v, %v", res, err)
	}
	if n := pit.inflight.Load(); n != 1 {
		t.Errorf("tarpit holds %d requests, want its one slot still held", n)
	}
	wg.Wait()
	// A request the client gave up on is still counted by the tarpit until it
	// notices the closed connection, which on a loaded machine can come after
	// the next request arrived: one such overlap is the server's lag, not ours.
	if n := pit.most.Load(); n > 2 {
		t.Errorf("tarpit saw %d requests at once, want 1 (PerHost) and at most one it had not seen end", n)
	}
}

func TestTarpitRequestTimeIsBounded(t *testing.T) {
	h, _ := hostsHarness(t, "upstreams: {test_hosts: {timeout: 200ms}}")
	var wg sync.WaitGroup
	for i := range 4 {
		wg.Go(func() {
			// The call allows 10s; the request gets timeout × (retries+1), queue included.
			if _, err := h.get("http://tarpit.example/q"+string(rune('a'+i)), 10*time.Second); kindOf(err) != upstreams.Timeout {
				t.Errorf("tarpit call: %v, want upstream_timeout", err)
			}
		})
	}
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("tarpit calls outlived their bound")
	}
}

func TestDeadHostOpensOnlyItsOwnBreaker(t *testing.T) {
	h, _ := hostsHarness(t, "upstreams: {test_hosts: {breaker: {failures: 3, cooldown: 30s}}}")
	for i := range 3 {
		if _, err := h.get("http://dead.example/"+string(rune('a'+i)), 2*time.Second); kindOf(err) != upstreams.Unavailable {
			t.Fatalf("dead host call %d: %v, want upstream_unavailable", i, err)
		}
	}
	_, err := h.get("http://dead.example/z", 2*time.Second)
	if ue, ok := upstreams.AsError(err); !ok || ue.Message != "dead.example is failing; retry in 30s" {
		t.Fatalf("after 3 failures: %v, want the host's circuit open", err)
	}
	if ok, why, _ := h.rt.Ready(fetchTools[hostsSource.Name]); !ok {
		t.Errorf("one dead host made the tool unready: %s", why)
	}
	if res, err := h.get("http://good.example/", 2*time.Second); err != nil || res.Data != `{"ok":true}` {
		t.Errorf("good host beside a dead one: %v, %v", res, err)
	}
}
