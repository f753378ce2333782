package ledger

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"
	"time"
)

// The stored record with its raw members spliced in says what
// encoding/json would have said of it, member for member.
func TestChannelJSONIsTheRecord(t *testing.T) {
	full := Channel{
		ID: "0xc1", Config: json.RawMessage(`{"payer":"0xAb","salt":"0x01"}`), Charged: "30", SignedMax: "30", Signature: "0xsig",
		Balance: "100", TotalClaimed: "10", WithdrawRequestedAt: 7, RefundNonce: "2", SyncedAt: time.Unix(5, 0).UTC(),
		Refunding:  time.Unix(6, 0).UTC(),
		Quarantine: &Quarantine{Charged: "20", Since: time.Unix(4, 0).UTC(), Retries: 1, Reason: "reverted"},
		Deposit:    &PendingDeposit{Nonce: "0x1", Amount: "5", Charged: "30", Answer: json.RawMessage(`{"a":1}`), Settlement: json.RawMessage(`{}`)},
		Tool:       "business_days", Request: "POST /paid/x {\"q\":\"a\\\\b\\n<&>\"}\x01", Answer: json.RawMessage(`{"days":[1,2],"s":"é\u00e9"}`), Settlement: json.RawMessage(`{"success":true}`),
	}
	// A member added to Channel and not to appendChannelJSON fails here:
	// every one is set.
	v := reflect.ValueOf(full)
	for i := range v.NumField() {
		if f := v.Type().Field(i); f.Tag.Get("json") != "-" && v.Field(i).IsZero() {
			t.Fatalf("the test's record leaves %s unset", f.Name)
		}
	}
	odd := Channel{ID: "0xc3", Charged: "0", Request: "é, \xff and \u2028", SyncedAt: time.Date(2026, 11, 29, 5, 1, 2, 3, time.FixedZone("x", 3600))}
	for name, c := range map[string]Channel{"every member": full, "no raw members": {ID: "0xc2", Charged: "0"}, "non-ASCII and invalid UTF-8": odd} {
		want, err := json.Marshal(&c)
		if err != nil {
			t.Fatal(err)
		}
		got, err := appendChannelJSON(nil, &c)
		if err != nil {
			t.Fatal(err)
		}
		var w, g map[string]any
		if err := json.Unmarshal(want, &w); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(got, &g); err != nil {
			t.Fatalf("%s: %s: %v", name, got, err)
		}
		if !reflect.DeepEqual(w, g) {
			t.Fatalf("%s:\n got %s\nwant %s", name, got, want)
		}
	}
}

// A record ends with its config, the member a channel's writes never
// change (see appendChannelJSON).
func TestChannelRecordEndsWithItsConfig(t *testing.T) {
	config := `{"payer":"0xAb","salt":"0x01"}`
	doc, err := appendChannelJSON(nil, &Channel{ID: "0xc1", Charged: "30", Config: json.RawMessage(config),
		Tool: "business_days", Request: "r", Answer: json.RawMessage(`{"days":[1]}`), Settlement: json.RawMessage(`{"success":true}`)})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasSuffix(doc, []byte(`,"config":`+config+`}`)) {
		t.Fatalf("the record does not end with its config: %s", doc)
	}
}
