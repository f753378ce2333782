package facilitator

import (
	"context"
	"fmt"
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

	gotTx, gotAt, err := finder.FindSettlement(ctx, auth.From, auth.Nonce, start)
	if err != nil || gotTx != first.Tx.Hex() || gotAt != first.Time {
		t.Fatalf("settled authorization: %s at %v (%v), want %s at %v", gotTx, gotAt, err, first.Tx.Hex(), first.Time)
	}
	got, err := FindSettlement(ctx, s.Client(), s.Network.Asset, common.HexToAddress(other.From), [32]byte(common.FromHex(other.Nonce)), start)
	if err != nil || *got != second {
		t.Fatalf("the other payer's settlement: %+v (%v), want %+v", got, err, second)
	}
	// Found from its own block too, and by lower-case payer and nonce.
	lower := common.HexToAddress(auth.From)
	if gotTx, _, err := finder.FindSettlement(ctx, "0x"+common.Bytes2Hex(lower[:]), strings.ToLower(auth.Nonce), first.Time); err != nil || gotTx != first.Tx.Hex() {
		t.Fatalf("searching from its block: %s (%v)", gotTx, err)
	}

	unused := s.newPayment(0, price).auth
	if gotTx, gotAt, err := finder.FindSettlement(ctx, unused.From, unused.Nonce, start); err != nil || gotTx != "" || !gotAt.IsZero() {
		t.Fatalf("unused authorization: %q at %v (%v), want nothing", gotTx, gotAt, err)
	}

	// Searching after the settlement cannot find its log.
	_, _, err = finder.FindSettlement(ctx, auth.From, auth.Nonce, second.Time)
	want := fmt.Sprintf("authorization %s of %s is used, but no AuthorizationUsed log is in blocks %d to %d", auth.Nonce, auth.From, second.Block, second.Block)
	if err == nil || err.Error() != want {
		t.Fatalf("search after the settlement: %v, want %s", err, want)
	}

	wrong := Finder{Chain: s.Client(), ChainID: x402.Base.ChainID, Asset: s.Network.Asset}
	if _, _, err := wrong.FindSettlement(ctx, auth.From, auth.Nonce, start); err == nil || err.Error() != "the endpoint serves chain 1337, not 8453" {
		t.Fatalf("another chain's endpoint: %v", err)
	}

	for _, bad := range [][2]string{{"0x12", auth.Nonce}, {auth.From, "0x1234"}} {
		if _, _, err := finder.FindSettlement(ctx, bad[0], bad[1], start); err == nil {
			t.Errorf("FindSettlement(%s, %s): no error", bad[0], bad[1])
		}
	}
}
