package x402

import (
	"encoding/json"
	"testing"
)

// /supported always carries kinds, extensions and signers, which the
// specification requires: empty as [] and {}, never left out or null.
func TestSupportedWritesEveryMember(t *testing.T) {
	for _, tc := range []struct {
		doc  *Supported
		want string
	}{
		{&Supported{}, `{"kinds":[],"extensions":[],"signers":{}}`},
		{&Supported{Kinds: []SupportedKind{{X402Version: 2, Scheme: SchemeExact, Network: "eip155:8453"}}, Extensions: []string{"bazaar"},
			Signers: map[string][]string{"eip155:*": {"0x01"}}},
			`{"kinds":[{"x402Version":2,"scheme":"exact","network":"eip155:8453"}],"extensions":["bazaar"],"signers":{"eip155:*":["0x01"]}}`},
	} {
		for _, v := range []any{tc.doc, *tc.doc} {
			b, err := json.Marshal(v)
			if err != nil || string(b) != tc.want {
				t.Errorf("%T: %s %v\nwant %s", v, b, err, tc.want)
			}
		}
	}
}
