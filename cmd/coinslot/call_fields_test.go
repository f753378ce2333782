package main

import (
	"strings"
	"testing"
)

// A request the service refuses before payment names each invalid field
// and its problem.
func TestCallNamesTheInvalidFields(t *testing.T) {
	t.Setenv("COINSLOT_BUYER_KEY", opsBuyerKey)
	base := startSandbox(t)
	code, stdout, stderr := output(t, "call", "trending_markets", "--url", base, "--data", `{"limit":3}`)
	want := "invalid_params: 1 field(s) of the request are invalid\n  - limit: must be between 5 and 100\n"
	if code != callFailed || stdout != "" || !strings.HasSuffix(stderr, " answered before payment: "+want) {
		t.Fatalf("exit %d\nstdout %s\nstderr %s", code, stdout, stderr)
	}
}
