package x402

import (
	"encoding/json"
	"math/big"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
)

// scanSeeds are payments as buyers write them: the exact vector, and a
// deposit and a voucher echoing extensions, each once plainly and once in
// forms the scan leaves to encoding/json.
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
	return seeds
}

// Whatever the bytes, a payment the scan accepts is the one encoding/json
// reads from them, member for member: the scan only takes a shortcut.
func FuzzScanPayload(f *testing.F) {
	for _, s := range scanSeeds(f) {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		p, ok := scanPayload(raw)
		if !ok {
			if p != nil {
				t.Fatalf("declined with a payment %+v", p)
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
	})
}

// The payments buyers send are read by the scan, the ones that are not
// plain are left to encoding/json.
func TestScanPayloadTakesPlainPayments(t *testing.T) {
	seeds := scanSeeds(t)
	for i, s := range seeds {
		_, ok := scanPayload([]byte(s))
		if plain := i == 0 || i%3 != 0; ok != plain {
			t.Errorf("seed %d: scanned %v, want %v: %s", i, ok, plain, s)
		}
	}
}
