package actors

import (
	"net/http"
	"testing"
	"time"
)

func keyedClient(replayURL string) *http.Client {
	return &http.Client{Transport: rewrite{from: keySource.BaseURL, to: replayURL + "/test_key"}}
}

func TestKeyFromEnvironmentIsSent(t *testing.T) {
	getenv := func(name string) string { return map[string]string{"TEST_KEYED_API_KEY": "s3cret"}[name] }
	h := startWith(t, "", Options{Getenv: getenv}, keyedClient)
	if ok, why, _ := h.rt.Ready(fetchTools["test_key"]); !ok {
		t.Fatalf("not ready with its key set: %s", why)
	}
	// The fixture answers only when api_key=s3cret is in the query.
	res, err := h.fetch(keySource, "/items", 2*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if res.Data != itemsBody(t) {
		t.Errorf("data = %v", res.Data)
	}
}

func TestMissingKeyIsNotReady(t *testing.T) {
	h := startWith(t, "", Options{Getenv: func(string) string { return "" }}, keyedClient)
	ok, why, retryAfter := h.rt.Ready(fetchTools["test_key"])
	if ok || why != "missing TEST_KEYED_API_KEY" || retryAfter != 0 {
		t.Fatalf("Ready = %v, %q, %v; want false, missing TEST_KEYED_API_KEY, 0", ok, why, retryAfter)
	}
	if ok, why, _ := h.rt.Ready(fetchTools["test_ok"]); !ok {
		t.Errorf("a source without a key is not ready: %s", why)
	}
}

func TestSandboxNeedsNoKey(t *testing.T) {
	h := start(t, "", Options{Getenv: func(string) string { return "" }})
	if ok, why, _ := h.rt.Ready(fetchTools["test_key"]); !ok {
		t.Fatalf("sandbox: not ready: %s", why)
	}
}
