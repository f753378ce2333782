package ledger

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"
)

// A listed record is the record without its answer and settlement, however
// their members are spelled and whatever they hold (strings with escaped
// quotes and brackets, nested objects, arrays, literals), wherever they
// are in the object; a document that is no record is an error.
func TestDecodeListed(t *testing.T) {
	rec := Channel{ID: "0xab", Config: json.RawMessage(`{"payer":"0x1","withdrawDelay":86400}`), Charged: "7", SignedMax: "9",
		Signature: "0x01", Balance: "10", TotalClaimed: "2", RefundNonce: "0", SyncedAt: time.Date(2026, 12, 6, 0, 0, 0, 0, time.UTC),
		Quarantine: &Quarantine{Charged: "5", Reason: `quoted "}]" \\`}, Tool: "t", Request: `"answer":{`,
		Answer:     json.RawMessage(`{"a":["x\"}]\\",{"b":[1,2.5e3,true,null]}],"answer":"\\\\"}`),
		Settlement: json.RawMessage(`{"success":true,"extra":{"s":"]}"}}`)}
	doc, err := appendChannelJSON(nil, &rec)
	if err != nil {
		t.Fatal(err)
	}
	want := rec
	want.Answer, want.Settlement, want.Version = nil, nil, 3
	encoded, _ := json.Marshal(rec) // members in another order, the raw ones first
	spaced, _ := json.MarshalIndent(rec, " ", "\t")
	escaped := strings.Replace(string(doc), `"answer":`, `"\u0061nswer":`, 1)
	for name, doc := range map[string][]byte{"written": doc, "encoding/json": encoded, "indented": spaced, "escaped key": []byte(escaped)} {
		got, _, err := decodeListed(doc, 3, nil)
		if err == nil { // indented, the raw config keeps its spaces
			var config bytes.Buffer
			json.Compact(&config, got.Config)
			got.Config = config.Bytes()
		}
		if err != nil || !reflect.DeepEqual(*got, want) {
			t.Errorf("%s: %+v, %v\nwant %+v", name, got, err, want)
		}
	}
	for _, doc := range []string{``, `[]`, `{"id":"0xab"`, `{"id":"0xab",}`, `{"answer":{"a":"}`, `{"id":"0xab"} {}`, `{"charged":7}`} {
		if got, _, err := decodeListed([]byte(doc), 1, nil); err == nil {
			t.Errorf("%q: listed as %+v", doc, got)
		}
	}
}

// A document decoded as it is, not as an object (encoding/json reads null
// as nothing to set), is not the scratch space the next record is cut in:
// it may be the database driver's own buffer.
func TestDecodeListedKeepsTheDocument(t *testing.T) {
	null := []byte("null")
	_, scratch, err := decodeListed(null, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := appendChannelJSON(nil, &Channel{ID: "0xab", Charged: "1", Answer: json.RawMessage(`{"a":1}`)})
	if err != nil {
		t.Fatal(err)
	}
	if got, _, err := decodeListed(rec, 2, scratch); err != nil || got.ID != "0xab" {
		t.Fatalf("the next record: %+v, %v", got, err)
	}
	if string(null) != "null" {
		t.Fatalf("the first document became %q", null)
	}
}
