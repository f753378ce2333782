package x402

import (
	"bytes"
	"encoding/json"
	"math/big"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
)

// permit2Vectors are payments made by the official client (@x402/evm 2.27)
// for the sandbox chain, with their digests by viem: test/npm/permit2_vectors.mjs
// prints them.
type permit2Vectors struct {
	ChainID                          int64
	Token, PayTo, Facilitator, Payer string
	Exact, Upto                      permit2Vector
}

type permit2Vector struct {
	Payment              json.RawMessage
	Digest, PermitDigest string
}

func loadPermit2Vectors(t testing.TB) permit2Vectors {
	t.Helper()
	raw, err := os.ReadFile("testdata/permit2_vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var v permit2Vectors
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatal(err)
	}
	return v
}

// The official client's exact-through-Permit2 and upto payments decode,
// hash to the digests viem computes, recover to their payer, and encode
// back to the same JSON, as a seller forwards them.
func TestPermit2MatchesTheOfficialClient(t *testing.T) {
	v := loadPermit2Vectors(t)
	chain := big.NewInt(v.ChainID)
	for _, c := range []struct {
		scheme string
		vec    permit2Vector
	}{{SchemeExact, v.Exact}, {SchemeUpto, v.Upto}} {
		t.Run(c.scheme, func(t *testing.T) {
			compact := new(bytes.Buffer)
			if err := json.Compact(compact, c.vec.Payment); err != nil {
				t.Fatal(err)
			}
			pay, err := DecodePaymentObject(compact.Bytes(), "payment")
			if err != nil {
				t.Fatal(err)
			}
			if pay.Payer() != v.Payer {
				t.Errorf("payer %s, want %s", pay.Payer(), v.Payer)
			}
			a := pay.V2.Payload.Permit2()
			if a == nil || pay.V2.Accepted.Scheme != c.scheme {
				t.Fatalf("decoded %+v", pay.V2)
			}
			m, err := ParsePermit2(c.scheme, a)
			if err != nil {
				t.Fatal(err)
			}
			if m.Spender != m.Proxy() || m.Token != common.HexToAddress(v.Token) || m.To != common.HexToAddress(v.PayTo) {
				t.Errorf("message %+v", m)
			}
			if c.scheme == SchemeUpto && m.Facilitator != common.HexToAddress(v.Facilitator) {
				t.Errorf("facilitator %s, want %s", m.Facilitator.Hex(), v.Facilitator)
			}
			if got := Permit2Hash(chain, m); got.Hex() != c.vec.Digest {
				t.Errorf("digest %s, the client's %s", got.Hex(), c.vec.Digest)
			}
			if signer, err := RecoverPermit2(chain, m, pay.V2.Payload.Exact().Signature); err != nil || signer.Hex() != v.Payer {
				t.Errorf("signer %s (%v), want %s", signer.Hex(), err, v.Payer)
			}
			info, err := pay.V2.SponsoredPermit()
			if err != nil || info == nil {
				t.Fatalf("sponsored permit %+v (%v)", info, err)
			}
			pm, err := ParseEIP2612(info)
			if err != nil {
				t.Fatal(err)
			}
			token := Domain{Name: "USD Coin", Version: "2", ChainID: chain, VerifyingContract: common.HexToAddress(v.Token)}
			if got := EIP2612Hash(token, pm); got.Hex() != c.vec.PermitDigest {
				t.Errorf("permit digest %s, the client's %s", got.Hex(), c.vec.PermitDigest)
			}
			if signer, err := RecoverEIP2612(token, pm); err != nil || signer.Hex() != v.Payer {
				t.Errorf("permit signer %s (%v), want %s", signer.Hex(), err, v.Payer)
			}
			again, err := json.Marshal(pay.V2)
			if err != nil {
				t.Fatal(err)
			}
			// The same JSON value (extra's members in Go's order).
			var x, y any
			if json.Unmarshal(again, &x) != nil || json.Unmarshal(compact.Bytes(), &y) != nil || !reflect.DeepEqual(x, y) {
				t.Errorf("encoded again as\n%s\nnot\n%s", again, compact)
			}
			// encoding/json reads it as the scan did.
			var want *Payload
			if err := strictJSON(compact.Bytes(), &want); err != nil {
				t.Fatal(err)
			}
			if got, _, ok := scanPayload(compact.Bytes(), newEchoSet()); !ok || !jsonEqual(t, got, want) {
				t.Errorf("scanned %v: %+v, not %+v", ok, got, want)
			}
		})
	}
}

func jsonEqual(t *testing.T, a, b any) bool {
	t.Helper()
	x, err1 := json.Marshal(a)
	y, err2 := json.Marshal(b)
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	return bytes.Equal(x, y)
}

// A Permit2 message signed here is what the official client signs: the
// same digest recovers to the key's address.
func TestSignPermit2RecoversToTheSigner(t *testing.T) {
	key, _ := crypto.HexToECDSA("59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d")
	chain := big.NewInt(8453)
	for _, scheme := range []string{SchemeExact, SchemeUpto} {
		m := permit2Message(t, scheme, crypto.PubkeyToAddress(key.PublicKey))
		sig, err := SignPermit2(key, chain, m)
		if err != nil {
			t.Fatal(err)
		}
		if got, err := RecoverPermit2(chain, m, sig); err != nil || got != m.From {
			t.Errorf("%s: recovered %s (%v), want %s", scheme, got.Hex(), err, m.From.Hex())
		}
		// Another chain, another amount, another payee: another signer.
		for _, change := range []func(*Permit2Message){
			func(m *Permit2Message) { m.Amount = big.NewInt(10001) },
			func(m *Permit2Message) { m.To = common.HexToAddress("0x0000000000000000000000000000000000000bad") },
			func(m *Permit2Message) { m.Upto = !m.Upto },
		} {
			other := *m
			change(&other)
			if got, err := RecoverPermit2(chain, &other, sig); err == nil && got == m.From {
				t.Errorf("%s: a changed message %+v recovers to the signer", scheme, other)
			}
		}
		if got, err := RecoverPermit2(big.NewInt(1), m, sig); err == nil && got == m.From {
			t.Errorf("%s: recovers on another chain", scheme)
		}
	}
}

func permit2Message(t *testing.T, scheme string, from common.Address) *Permit2Message {
	t.Helper()
	a := &Permit2Authorization{From: from.Hex(), Permitted: TokenPermissions{Token: Base.Asset.Hex(), Amount: "10000"},
		Spender: ExactPermit2ProxyAddress.Hex(), Nonce: "123456789", Deadline: "1740672154",
		Witness: Permit2Witness{To: "0x209693Bc6afc0C5328bA36FaF03C514EF312287C", ValidAfter: "1740672089"}}
	if scheme == SchemeUpto {
		a.Spender, a.Witness.Facilitator = UptoPermit2ProxyAddress.Hex(), "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC"
	}
	m, err := ParsePermit2(scheme, a)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestParsePermit2RefusesMalformedAuthorizations(t *testing.T) {
	good := func() *Permit2Authorization {
		return &Permit2Authorization{From: "0x857b06519E91e3A54538791bDbb0E22373e36b66", Permitted: TokenPermissions{Token: Base.Asset.Hex(), Amount: "10000"},
			Spender: ExactPermit2ProxyAddress.Hex(), Nonce: "1", Deadline: "1740672154",
			Witness: Permit2Witness{To: "0x209693Bc6afc0C5328bA36FaF03C514EF312287C", ValidAfter: "0"}}
	}
	for _, c := range []struct {
		scheme string
		change func(*Permit2Authorization)
		want   string
	}{
		{SchemeExact, func(a *Permit2Authorization) { a.Witness.Facilitator = a.From }, "exact witness has no facilitator"},
		{SchemeUpto, func(a *Permit2Authorization) {}, "upto witness names its facilitator"},
		{SchemeBatch, func(a *Permit2Authorization) {}, "has no Permit2 witness"},
		{SchemeExact, func(a *Permit2Authorization) { a.From = "0x857b" }, "from"},
		{SchemeExact, func(a *Permit2Authorization) { a.Permitted.Amount = "-1" }, "permitted.amount"},
		{SchemeExact, func(a *Permit2Authorization) { a.Nonce = "0x01" }, "nonce"},
		{SchemeExact, func(a *Permit2Authorization) { a.Deadline = "1" + strings.Repeat("0", 78) }, "deadline"},
		{SchemeExact, func(a *Permit2Authorization) { a.Witness.ValidAfter = "" }, "witness.validAfter"},
		{SchemeUpto, func(a *Permit2Authorization) { a.Witness.Facilitator = "facilitator" }, "witness.facilitator"},
	} {
		a := good()
		c.change(a)
		if _, err := ParsePermit2(c.scheme, a); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %+v: %v, want an error naming %q", c.scheme, a, err, c.want)
		}
	}
}

// Permit2 hands the signature to ecrecover as it is: v of 0 or 1 would
// fail there, and a high-s copy of a signature is refused as malleable.
func TestRecoverPermit2RefusesSignaturesPermit2Would(t *testing.T) {
	key, _ := crypto.HexToECDSA("59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d")
	m := permit2Message(t, SchemeExact, crypto.PubkeyToAddress(key.PublicKey))
	sig, err := crypto.Sign(Permit2Hash(Base.ChainID, m).Bytes(), key)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := RecoverPermit2(Base.ChainID, m, "0x"+common.Bytes2Hex(sig)); err == nil || !strings.Contains(err.Error(), "want 27 or 28") {
		t.Errorf("v %d: %v", sig[64], err)
	}
	high := append([]byte(nil), sig...)
	new(big.Int).Sub(crypto.S256().Params().N, new(big.Int).SetBytes(sig[32:64])).FillBytes(high[32:64])
	high[64] = 27 + (1 - sig[64])
	if _, err := RecoverPermit2(Base.ChainID, m, "0x"+common.Bytes2Hex(high)); err == nil || !strings.Contains(err.Error(), "upper half") {
		t.Errorf("high s: %v", err)
	}
}

func TestDecodeRefusesAPaymentWithBothAuthorizations(t *testing.T) {
	v := loadPermit2Vectors(t)
	raw := bytes.Replace(v.Exact.Payment, []byte(`"permit2Authorization"`),
		[]byte(`"authorization":{"from":"0x857b06519E91e3A54538791bDbb0E22373e36b66","to":"0x209693Bc6afc0C5328bA36FaF03C514EF312287C","value":"1","validAfter":"0","validBefore":"1","nonce":"0x0000000000000000000000000000000000000000000000000000000000000001"},"permit2Authorization"`), 1)
	if _, err := DecodePaymentObject(raw, "payment"); err == nil || !strings.Contains(err.Error(), "both an EIP-3009 authorization and a Permit2 one") {
		t.Errorf("decoded: %v", err)
	}
}

func TestSponsoredPermitIsAbsentOrWellFormed(t *testing.T) {
	for _, c := range []struct {
		extensions string
		want       string // "" absent, "ok" present
	}{
		{``, ""},
		{`{"bazaar":{}}`, ""},
		{`{"eip2612GasSponsoring":{}}`, "has no info"},
		{`{"eip2612GasSponsoring":{"info":{"from":"0x857b06519E91e3A54538791bDbb0E22373e36b66"}}}`, "ok"},
		{`{"eip2612GasSponsoring":{"info":"permit"}}`, "extensions"},
	} {
		p := &Payload{Extensions: json.RawMessage(c.extensions)}
		info, err := p.SponsoredPermit()
		switch {
		case c.want == "" && (info != nil || err != nil), c.want == "ok" && (info == nil || err != nil):
			t.Errorf("%s: %+v, %v", c.extensions, info, err)
		case c.want != "" && c.want != "ok" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s: %v, want %q", c.extensions, err, c.want)
		}
	}
}
