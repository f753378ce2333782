package x402

import (
	"bytes"
	"encoding/json"
	"math/big"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
)

// scanSeeds are payments as buyers write them: the exact vector, a deposit
// and a voucher echoing extensions, each plainly, spaced, and with a
// member's name in another case (left to encoding/json), and the official
// client's Permit2 payments (exact and upto).
func scanSeeds(t testing.TB) []string {
	key, _ := crypto.HexToECDSA("ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcb5d6e3b8d5e3a5b1")
	buyer := &BatchBuyer{Key: key, Terms: Requirements{Scheme: SchemeBatch, Network: Base.ID, Amount: "50000", Asset: Base.Asset.Hex(),
		PayTo: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", MaxTimeoutSeconds: 60,
		Extra: map[string]any{"receiverAuthorizer": "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC", "withdrawDelay": 900, "name": "USD Coin", "version": "2"}},
		Resource: &ResourceInfo{URL: "http://coinslot.test/paid", Tags: []string{"a", "b"}}, Salt: common.HexToHash("0x01")}
	ext := `{"bazaar":{"info":{"input":{"type":"http","body":{"q":-1.5e+3,"s":"\u00e9\n","t":[true,false,null,{}]}}}},"payment-identifier":{"info":{"required":false}}}`
	seeds := []string{vectorPayload}
	for _, pay := range []func() (*Payload, error){
		func() (*Payload, error) { return buyer.Voucher(big.NewInt(150000)) },
		func() (*Payload, error) {
			return buyer.Deposit(big.NewInt(1000000), big.NewInt(50000), time.Unix(1740000000, 0))
		},
	} {
		p, err := pay()
		if err != nil {
			t.Fatal(err)
		}
		p.Extensions = []byte(ext)
		raw, err := json.Marshal(p)
		if err != nil {
			t.Fatal(err)
		}
		b := string(raw)
		seeds = append(seeds, b, strings.ReplaceAll(b, `":`, `" : `), strings.Replace(b, `"type"`, `"Type"`, 1))
	}
	raw, err := os.ReadFile("testdata/permit2_vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var permit2 struct {
		Exact, Upto struct{ Payment json.RawMessage }
	}
	if err := json.Unmarshal(raw, &permit2); err != nil {
		t.Fatal(err)
	}
	for _, p := range []json.RawMessage{permit2.Exact.Payment, permit2.Upto.Payment} {
		var b bytes.Buffer
		if err := json.Compact(&b, p); err != nil {
			t.Fatal(err)
		}
		seeds = append(seeds, b.String())
	}
	return seeds
}

// echoedPayment is a voucher echoing extensions whose members are worth
// remembering: an object, an array and a string (escapes, numbers and
// literals among them), and a payment-identifier too short to be.
func echoedPayment(t testing.TB) []byte {
	key, _ := crypto.HexToECDSA("ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcb5d6e3b8d5e3a5b1")
	buyer := &BatchBuyer{Key: key, Terms: Requirements{Scheme: SchemeBatch, Network: Base.ID, Amount: "50000", Asset: Base.Asset.Hex(),
		PayTo: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", MaxTimeoutSeconds: 60,
		Extra: map[string]any{"receiverAuthorizer": "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC", "withdrawDelay": 900, "name": "USD Coin", "version": "2"}},
		Resource: &ResourceInfo{URL: "http://coinslot.test/paid"}, Salt: common.HexToHash("0x01")}
	p, err := buyer.Voucher(big.NewInt(150000))
	if err != nil {
		t.Fatal(err)
	}
	p.Extensions = []byte(`{"bazaar":{"info":{"input":{"type":"http","method":"POST","body":{"q":-1.5e+3,"s":"\u00e9\n","t":[true,false,null,{}]}},` +
		`"output":{"example":{"advice":"` + strings.Repeat("Cut one leg of the trifecta. ", 12) + `"}}},"schema":{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"array","items":[]}}}},` +
		`"offers":[{"format":"eip712","payload":{"version":1,"amount":"50000"},"signature":"0x` + strings.Repeat("ab", 65) + `"},{"format":"jws","payload":"` + strings.Repeat("x", 120) + `"}],` +
		`"note":"` + strings.Repeat(`a \\ \"quoted\" note `, 20) + `",` +
		`"payment-identifier":{"info":{"required":false,"id":"pay_7d5d747be160e280"}}}`)
	raw, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	return raw
}

// Whatever the bytes, a payment the scan accepts is the one encoding/json
// reads from them, member for member: the scan only takes a shortcut. And
// the extension values it remembered from earlier payments change nothing.
func FuzzScanPayload(f *testing.F) {
	for _, s := range scanSeeds(f) {
		f.Add([]byte(s))
	}
	for _, ext := range identifierExtensions {
		f.Add([]byte(`{"x402Version":2,"extensions":` + ext.extensions + `}`))
	}
	echoed := echoedPayment(f)
	f.Add(echoed)
	echoes := newEchoSet()
	for range 8 { // its three values and its object, each met twice
		scanPayload(echoed, echoes)
	}
	if echoes.object(echoed[bytes.Index(echoed, []byte(`"extensions":`))+len(`"extensions":`):]) == nil {
		f.Fatal("the echoed payment's extensions are not remembered")
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		// Its longest new value met, then remembered; its object met, then
		// remembered, then passed over.
		p, id, ok := sameScan(t, raw, echoes, 5)
		if !ok {
			if p != nil || id != (extensionsScan{}) {
				t.Fatalf("declined with a payment %+v, %+v", p, id)
			}
			return
		}
		var want *Payload
		if err := strictJSON(raw, &want); err != nil {
			t.Fatalf("scanned %s, which encoding/json refuses: %v", raw, err)
		}
		if !reflect.DeepEqual(p, want) {
			t.Fatalf("scanned %s\nas   %+v\nnot  %+v", raw, p, want)
		}
		got, member := (&Payment{V2: p, scan: id}).IdentifierExtension(), (&Payment{V2: want}).IdentifierExtension()
		if id.known && (!bytes.Equal(got, member) || (got == nil) != (member == nil)) {
			t.Fatalf("scanned %s\nwith the payment-identifier %s, not %s", raw, got, member)
		}
	})
}

// identifierExtensions are extensions a payment may echo, each with the
// payment-identifier member encoding/json reads there ("" for none), and
// whether the scan can tell it.
var identifierExtensions = []struct {
	extensions, member string
	known              bool
}{
	{`{}`, "", true},
	{`{"bazaar":{"info":{}}}`, "", true},
	{`{"bazaar":{},"payment-identifier":{"info":{"id":"pay_7d5d747be160e280"}}}`, `{"info":{"id":"pay_7d5d747be160e280"}}`, true},
	{`{ "payment-identifier" :  null , "x":[1]}`, `null`, true},
	{`{"payment-identifier":{"a":1},"payment-identifier":[2]}`, `[2]`, true},
	{`{"payment-identifierx":1,"Payment-Identifier":2}`, "", true},
	{`{"payment\u002didentifier":{"info":{}}}`, `{"info":{}}`, false},
}

// The scan picks out the payment-identifier member encoding/json reads,
// unless a key is escaped; IdentifierExtension answers the same either way.
func TestScanPayloadPicksOutThePaymentIdentifier(t *testing.T) {
	for _, c := range identifierExtensions {
		raw := []byte(`{"x402Version":2,"extensions":` + c.extensions + `}`)
		p, id, ok := scanPayload(raw, newEchoSet())
		if !ok || id.known != c.known {
			t.Errorf("%s: scanned %v, known %v", c.extensions, ok, id.known)
		}
		for _, from := range []*Payment{{V2: p, scan: id}, {V2: p}} {
			if got := from.IdentifierExtension(); string(got) != c.member || (got == nil) != (c.member == "") {
				t.Errorf("%s: IdentifierExtension %s, want %s", c.extensions, got, c.member)
			}
		}
	}
}

// The payments buyers send are read by the scan, the ones that are not
// plain are left to encoding/json.
func TestScanPayloadTakesPlainPayments(t *testing.T) {
	seeds := scanSeeds(t)
	for i, s := range seeds {
		_, _, ok := scanPayload([]byte(s), newEchoSet())
		if plain := !strings.Contains(s, `"Type"`); ok != plain {
			t.Errorf("seed %d: scanned %v, want %v: %s", i, ok, plain, s)
		}
	}
}

// The scan passes over an extension's value as deep as maxScanDepth, the
// member counting as 1, closing each object and array with its own
// bracket; deeper values are left to encoding/json.
func TestScanPayloadFollowsExtensionsToItsDepth(t *testing.T) {
	nest := func(open, inner, close string, n int) string {
		return strings.Repeat(open, n) + inner + strings.Repeat(close, n)
	}
	for _, c := range []struct {
		value string
		ok    bool
	}{
		{nest("[", "", "]", maxScanDepth), true},
		{nest("[", "1", "]", maxScanDepth-1), true},
		{nest("[", "1", "]", maxScanDepth), false},
		{nest(`{"a":`, "{}", "}", maxScanDepth-1), true},
		{nest(`{"a":`, "{}", "}", maxScanDepth), false},
		{nest(`[{"a":`, `["z"]`, "}]", maxScanDepth/2-1), true},
		{nest(`[{"a":`, `[["z"]]`, "}]", maxScanDepth/2-1), false},
		{`[{"a":[{"b":[1,{"c":2}],"d":3},4]},5]`, true},
		{`[{"a":1]}`, false},
		{`{"a":[1}]`, false},
		{`[1,]`, false},
		{`{"a":1,}`, false},
	} {
		raw := []byte(`{"x402Version":2,"extensions":{"m":` + c.value + `}}`)
		if _, _, ok := scanPayload(raw, newEchoSet()); ok != c.ok {
			t.Errorf("%s: scanned %v, want %v", c.value, ok, c.ok)
		}
		var p *Payload
		if err := strictJSON(raw, &p); err != nil && c.ok {
			t.Errorf("%s: encoding/json refuses it: %v", c.value, err)
		}
	}
}
