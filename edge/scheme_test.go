package edge

import (
	"reflect"
	"slices"
	"testing"

	"github.com/coinslot/coinslot/edge/x402"
)

// TestSchemeFor: a payment is sold under the scheme its accepted entry
// names, whatever its payload's shape (that scheme's checks refuse another
// shape), and one naming no scheme sold here meets exact's checks.
func TestSchemeFor(t *testing.T) {
	v2 := func(scheme string, batch *x402.BatchPayload) *x402.Payment {
		return &x402.Payment{V2: &x402.Payload{X402Version: 2, Accepted: x402.Requirements{Scheme: scheme},
			Payload: x402.SchemePayload{BatchPayload: batch}}}
	}
	for _, c := range []struct {
		name string
		p    *x402.Payment
		want string
	}{
		{"v2 exact", v2(x402.SchemeExact, nil), x402.SchemeExact},
		{"v2 batch-settlement", v2(x402.SchemeBatch, &x402.BatchPayload{}), x402.SchemeBatch},
		{"batch-settlement named, exact payload", v2(x402.SchemeBatch, nil), x402.SchemeBatch},
		{"exact named, batch-settlement payload", v2(x402.SchemeExact, &x402.BatchPayload{}), x402.SchemeExact},
		{"v2 upto", v2(x402.SchemeUpto, nil), x402.SchemeUpto},
		{"v2 scheme not sold", v2("auth-capture", nil), x402.SchemeExact},
		{"v1 exact", &x402.Payment{V1: &x402.PayloadV1{Scheme: x402.SchemeExact}}, x402.SchemeExact},
		{"v1 naming batch-settlement", &x402.Payment{V1: &x402.PayloadV1{Scheme: x402.SchemeBatch}}, x402.SchemeExact},
	} {
		i := slices.IndexFunc(schemes, func(sc soldScheme) bool { return sc.name == c.want })
		got, want := reflect.ValueOf(schemeFor(c.p)).Pointer(), reflect.ValueOf(schemes[i].open).Pointer()
		if got != want {
			t.Errorf("%s: sold under another scheme than %s", c.name, c.want)
		}
	}
}
