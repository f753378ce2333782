package facilitator

import (
	"context"
	"fmt"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/coinslot/coinslot/edge/x402"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/ethclient"
)

// Reconciliation reads any JSON-RPC endpoint.
var _ ChainReader = (*ethclient.Client)(nil)

// settled settles buyer i's payment on the sandbox chain and returns its
// authorization and where it settled.
func settled(t *testing.T, s *Sandbox, i int) (x402.Authorization, Settlement) {
	t.Helper()
	ctx := context.Background()
	p, r := s.newPayment(i, price).sign(t)
	got, err := s.Facilitator.Settle(ctx, p, r)
	if err != nil || !got.Success {
		t.Fatalf("settle: %+v, %v", got, err)
	}
	tx := common.HexToHash(got.Transaction)
	receipt, err := s.Client().TransactionReceipt(ctx, tx)
	if err != nil {
		t.Fatal(err)
	}
	block, err := s.Client().HeaderByNumber(ctx, receipt.BlockNumber)
	if err != nil {
		t.Fatal(err)
	}
	return p.Payload.Authorization, Settlement{Tx: tx, Block: block.Number.Uint64(), Time: time.Unix(int64(block.Time), 0).UTC()}
}

func TestFindSettlement(t *testing.T) {
	s := newSandbox(t, 2)
	ctx := context.Background()
	start := time.Now().Add(-time.Minute)
	auth, first := settled(t, s, 0)
	other, second := settled(t, s, 1)
	finder := Finder{Chain: s.Client(), ChainID: s.Network.ChainID, Asset: s.Network.Asset}

	gotTx, gotAt, paid, err := finder.FindSettlement(ctx, &auth, start)
	if err != nil || gotTx != first.Tx.Hex() || gotAt != first.Time || !paid {
		t.Fatalf("settled authorization: %s at %v paid %v (%v), want %s at %v paid", gotTx, gotAt, paid, err, first.Tx.Hex(), first.Time)
	}
	got, err := FindSettlement(ctx, s.Client(), s.Network.Asset, common.HexToAddress(other.From), [32]byte(common.FromHex(other.Nonce)), start)
	second.To, second.Value = s.PayTo, big.NewInt(price)
	if err != nil || got.Tx != second.Tx || got.Block != second.Block || got.Time != second.Time || got.To != second.To || got.Value.Cmp(second.Value) != 0 {
		t.Fatalf("the other payer's settlement: %+v (%v), want %+v", got, err, second)
	}
	// Found from its own block too, and by lower-case payer and nonce.
	lower := common.HexToAddress(auth.From)
	if gotTx, _, _, err := finder.FindSettlement(ctx, &x402.Authorization{From: "0x" + common.Bytes2Hex(lower[:]), To: auth.To, Value: auth.Value, Nonce: strings.ToLower(auth.Nonce)}, first.Time); err != nil || gotTx != first.Tx.Hex() {
		t.Fatalf("searching from its block: %s (%v)", gotTx, err)
	}
	// The same transaction did not pay another amount, nor another payee.
	for _, edit := range []func(*x402.Authorization){
		func(a *x402.Authorization) { a.Value = "1" },
		func(a *x402.Authorization) { a.To = a.From },
	} {
		a := auth
		edit(&a)
		if gotTx, _, paid, err := finder.FindSettlement(ctx, &a, start); err != nil || gotTx != first.Tx.Hex() || paid {
			t.Fatalf("%+v: %s paid %v (%v), want the transaction, unpaid", a, gotTx, paid, err)
		}
	}

	unused := s.newPayment(0, price).auth
	if gotTx, gotAt, paid, err := finder.FindSettlement(ctx, &unused, start); err != nil || gotTx != "" || !gotAt.IsZero() || paid {
		t.Fatalf("unused authorization: %q at %v paid %v (%v), want nothing", gotTx, gotAt, paid, err)
	}

	// Searching after the settlement cannot find its log.
	_, _, _, err = finder.FindSettlement(ctx, &auth, second.Time)
	want := fmt.Sprintf("authorization %s of %s is used, but no AuthorizationUsed log is in blocks %d to %d", auth.Nonce, auth.From, second.Block, second.Block)
	if err == nil || err.Error() != want {
		t.Fatalf("search after the settlement: %v, want %s", err, want)
	}

	wrong := Finder{Chain: s.Client(), ChainID: x402.Base.ChainID, Asset: s.Network.Asset}
	if _, _, _, err := wrong.FindSettlement(ctx, &auth, start); err == nil || err.Error() != "the endpoint serves chain 1337, not 8453" {
		t.Fatalf("another chain's endpoint: %v", err)
	}

	for _, edit := range []func(*x402.Authorization){
		func(a *x402.Authorization) { a.From = "0x12" },
		func(a *x402.Authorization) { a.To = "0x12" },
		func(a *x402.Authorization) { a.Value = "0x10" },
		func(a *x402.Authorization) { a.Nonce = "0x1234" },
	} {
		a := auth
		edit(&a)
		if _, _, _, err := finder.FindSettlement(ctx, &a, start); err == nil {
			t.Errorf("FindSettlement(%+v): no error", a)
		}
	}
}
