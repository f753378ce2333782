package main

import (
	"encoding/json"
	"regexp"
	"testing"
)

// --pay pays through Permit2: exact at the price, or upto on a metered
// tool at what the call delivered (11 of the 20 markets asked: 0.011 of at
// most 0.02 USD), its permit signed with the token nonce --rpc reads. A
// kind the terms do not offer is refused before anything is signed.
func TestCallPaysThroughPermit2(t *testing.T) {
	slow(t)
	t.Setenv("COINSLOT_BUYER_KEY", opsBuyerKey)
	base := startSandbox(t)
	rpc := base + pathSandboxRPC
	for _, c := range []struct{ pay, tool, data, paid string }{
		{"permit2", "business_days", `{"days_ahead":5}`, "0.01"},
		{"upto", "trending_markets", `{"limit":20}`, "0.011"},
	} {
		code, stdout, stderr := output(t, "call", c.tool, "--url", base, "--pay", c.pay, "--rpc", rpc, "--data", c.data)
		want := regexp.MustCompile(`paid ` + regexp.QuoteMeta(c.paid) + ` USD by 0x[0-9a-fA-F]{40}; receipt: ` + regexp.QuoteMeta(base) + `/receipt/0x[0-9a-f]{64}\n$`)
		if code != callPaid || !json.Valid([]byte(stdout)) || !want.MatchString(stderr) {
			t.Errorf("--pay %s: exit %d\nstdout %.200s\nstderr %s", c.pay, code, stdout, stderr)
		}
	}
	code, _, stderr := output(t, "call", "business_days", "--url", base, "--pay", "upto", "--data", `{"days_ahead":5}`)
	if want := "coinslot call: refusing to pay: the terms offer no upto entry on any network; they offer exact on eip155:1337, batch-settlement on eip155:1337, exact (permit2) on eip155:1337\n"; code != callRefused || stderr != want {
		t.Errorf("upto on an unmetered tool: exit %d %q", code, stderr)
	}
	if code, _, stderr := output(t, "call", "business_days", "--url", base, "--pay", "uptoo"); code != callUsage || stderr != "coinslot call: --pay uptoo: not exact, permit2 or upto; did you mean upto?\n" {
		t.Errorf("--pay uptoo: exit %d %q", code, stderr)
	}
}
