package registry

import (
	"fmt"
	"testing"

	"github.com/coinslot/coinslot/upstreams"
)

func TestErrorCodes(t *testing.T) {
	var got []string
	for _, c := range ErrorCodes() {
		got = append(got, fmt.Sprintf("%s=%d/%t", c, c.Status(), c.Payment()))
	}
	want := "[not_found=404/false method_not_allowed=405/false body_too_large=413/false invalid_json=400/false " +
		"invalid_params=400/false payment_required=402/false payment_invalid=402/true payment_replayed=402/true " +
		"settlement_failed=402/true settlement_pending=504/false payment_conflict=409/false answer_expired=410/false payment_in_progress=503/false tool_unavailable=503/false upstream_unavailable=503/false upstream_timeout=504/false " +
		"upstream_error=502/false internal=500/false header_too_large=431/false request_timeout=408/false bad_request=400/false rate_limited=429/false sign_in_required=401/false]"
	if fmt.Sprint(got) != want {
		t.Fatalf("codes %v", got)
	}
	// An upstream failure is answered with its kind as the code.
	for _, k := range []upstreams.Kind{upstreams.Unavailable, upstreams.Timeout, upstreams.BadAnswer, upstreams.NotFound} {
		if c := ErrorCode(k); c.Status() == 500 {
			t.Errorf("upstream kind %s is not an error code", k)
		}
	}
}
