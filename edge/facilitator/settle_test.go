package facilitator

import (
	"context"
	"math/big"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coinslot/coinslot/edge/facilitator/usdc"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/ethereum/go-ethereum/accounts/abi/bind/v2"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/params"
)

func TestSettleMovesExactlyTheAmount(t *testing.T) {
	both(t, 1, func(t *testing.T, s *Sandbox, f x402.Facilitator) {
		ctx := context.Background()
		p, r := s.newPayment(0, price).sign(t)
		got, err := f.Settle(ctx, p, r)
		if err != nil {
			t.Fatal(err)
		}
		if !got.Success || got.Payer != s.Buyers[0].Address.Hex() || got.Network != "eip155:1337" || got.ErrorReason != "" {
			t.Fatalf("got %+v", *got)
		}
		if b := balanceOf(t, s, s.Buyers[0].Address); b.Cmp(big.NewInt(BuyerFunds-price)) != 0 {
			t.Fatalf("buyer holds %s, want %d", b, BuyerFunds-price)
		}
		if b := balanceOf(t, s, s.PayTo); b.Cmp(big.NewInt(price)) != 0 {
			t.Fatalf("seller holds %s, want %d", b, price)
		}
		receipt, err := s.Client().TransactionReceipt(ctx, common.HexToHash(got.Transaction))
		if err != nil {
			t.Fatal(err)
		}
		if receipt.Status != types.ReceiptStatusSuccessful || len(receipt.Logs) != 2 {
			t.Fatalf("receipt status %d with %d logs, want 1 with AuthorizationUsed and Transfer", receipt.Status, len(receipt.Logs))
		}
		transfer, err := usdc.NewTestUSDC().UnpackTransferEvent(receipt.Logs[1])
		if err != nil {
			t.Fatal(err)
		}
		if transfer.From != s.Buyers[0].Address || transfer.To != s.PayTo || transfer.Value.Cmp(big.NewInt(price)) != 0 {
			t.Fatalf("Transfer event %+v", transfer)
		}
	})
}

func TestSettleRefusesAReplay(t *testing.T) {
	both(t, 1, func(t *testing.T, s *Sandbox, f x402.Facilitator) {
		ctx := context.Background()
		p, r := s.newPayment(0, price).sign(t)
		if got, err := f.Settle(ctx, p, r); err != nil || !got.Success {
			t.Fatalf("first settle: %+v, %v", got, err)
		}
		got, err := f.Settle(ctx, p, r)
		if err != nil {
			t.Fatal(err)
		}
		want := x402.SettleResponse{
			ErrorReason:  ReasonNonceUsed,
			ErrorMessage: "authorization " + p.Payload.Authorization.Nonce + " of " + s.Buyers[0].Address.Hex() + " is already used",
			Payer:        s.Buyers[0].Address.Hex(), Network: "eip155:1337",
		}
		if !reflect.DeepEqual(*got, want) {
			t.Fatalf("got %+v\nwant %+v", *got, want)
		}
		verdict, err := f.Verify(ctx, p, r)
		if err != nil || verdict.InvalidReason != ReasonNonceUsed {
			t.Fatalf("verify after settle: %+v, %v", verdict, err)
		}
		if b := balanceOf(t, s, s.PayTo); b.Cmp(big.NewInt(price)) != 0 {
			t.Fatalf("seller holds %s, want %d", b, price)
		}
	})
}

func TestSettleRefusesWhatVerifyRefuses(t *testing.T) {
	both(t, 1, func(t *testing.T, s *Sandbox, f x402.Facilitator) {
		p := s.newPayment(0, BuyerFunds+1)
		payload, req := p.sign(t)
		got, err := f.Settle(context.Background(), payload, req)
		if err != nil {
			t.Fatal(err)
		}
		if got.Success || got.ErrorReason != ReasonInsufficientFunds || got.Transaction != "" {
			t.Fatalf("got %+v", *got)
		}
	})
}

func TestConcurrentSettlementsAllLand(t *testing.T) {
	const n = 100
	both(t, 10, func(t *testing.T, s *Sandbox, f x402.Facilitator) {
		results := make([]*x402.SettleResponse, n)
		var wg sync.WaitGroup
		for i := range n {
			p, r := s.newPayment(i%10, price).sign(t)
			wg.Go(func() {
				got, err := f.Settle(context.Background(), p, r)
				if err != nil {
					t.Error(err)
					return
				}
				results[i] = got
			})
		}
		wg.Wait()
		seen := map[string]bool{}
		for i, got := range results {
			if got == nil || !got.Success {
				t.Fatalf("settlement %d: %+v", i, got)
			}
			seen[got.Transaction] = true
		}
		if len(seen) != n {
			t.Fatalf("%d distinct transactions, want %d", len(seen), n)
		}
		if b := balanceOf(t, s, s.PayTo); b.Cmp(big.NewInt(n*price)) != 0 {
			t.Fatalf("seller holds %s, want %d", b, n*price)
		}
		for _, buyer := range s.Buyers {
			if b := balanceOf(t, s, buyer.Address); b.Cmp(big.NewInt(BuyerFunds-n/10*price)) != 0 {
				t.Fatalf("%s holds %s, want %d", buyer.Address.Hex(), b, BuyerFunds-n/10*price)
			}
		}
	})
}

func TestConcurrentSettlesOfOneAuthorizationPayOnce(t *testing.T) {
	both(t, 1, func(t *testing.T, s *Sandbox, f x402.Facilitator) {
		p, r := s.newPayment(0, price).sign(t)
		results := make([]*x402.SettleResponse, 8)
		var wg sync.WaitGroup
		for i := range results {
			wg.Go(func() {
				got, err := f.Settle(context.Background(), p, r)
				if err != nil {
					t.Error(err)
				}
				results[i] = got
			})
		}
		wg.Wait()
		settled := 0
		for _, got := range results {
			switch {
			case got == nil:
			case got.Success:
				settled++
			case got.ErrorReason != ReasonNonceUsed:
				t.Errorf("refused with %s: %s", got.ErrorReason, got.ErrorMessage)
			}
		}
		if settled != 1 {
			t.Fatalf("%d settlements succeeded, want 1", settled)
		}
		if b := balanceOf(t, s, s.PayTo); b.Cmp(big.NewInt(price)) != 0 {
			t.Fatalf("seller holds %s, want %d", b, price)
		}
	})
}

// A buyer who empties the account between verification and mining makes
// the settlement revert; the reason says so and names the transaction.
func TestSettleReportsARevert(t *testing.T) {
	s := newSandbox(t, 2)
	ctx := context.Background()
	token := usdc.NewTestUSDC()
	drain := func(ctx context.Context, tx common.Hash) error {
		opts := bind.NewKeyedTransactor(s.Buyers[0].Key, s.Network.ChainID)
		opts.Context = ctx
		opts.GasTipCap = big.NewInt(100 * params.GWei) // ahead of the settlement in the block
		opts.GasFeeCap = big.NewInt(200 * params.GWei)
		if _, err := bind.Transact(token.Instance(s.Client(), s.Network.Asset), opts, token.PackTransfer(s.Buyers[1].Address, big.NewInt(BuyerFunds))); err != nil {
			return err
		}
		// The drain must be pending when the block is sealed; the pool
		// takes transactions in order, so the settlement is too.
		for n := uint64(0); n == 0; {
			var err error
			if n, err = s.Client().PendingNonceAt(ctx, s.Buyers[0].Address); err != nil {
				return err
			}
			time.Sleep(time.Millisecond)
		}
		return s.Mine(ctx, tx)
	}
	f, err := New(ctx, Config{Network: s.Network, Backend: s.Client(), GasKey: sandboxKey("gas key"), Chain: draining{s, drain}})
	if err != nil {
		t.Fatal(err)
	}
	p, r := s.newPayment(0, price).sign(t)
	got, err := f.Settle(ctx, p, r)
	if err != nil {
		t.Fatal(err)
	}
	if got.Success || got.ErrorReason != ReasonTransactionFailed || got.Transaction == "" {
		t.Fatalf("got %+v", *got)
	}
	receipt, err := s.Client().TransactionReceipt(ctx, common.HexToHash(got.Transaction))
	if err != nil || receipt.Status != types.ReceiptStatusFailed {
		t.Fatalf("receipt %+v, %v", receipt, err)
	}
	want := "transaction " + got.Transaction + " reverted in block " + receipt.BlockNumber.String()
	if got.ErrorMessage != want {
		t.Fatalf("message %q, want %q", got.ErrorMessage, want)
	}
}

// draining is the sandbox chain with a transfer sent ahead of every mined
// settlement.
type draining struct {
	*Sandbox
	mine func(ctx context.Context, tx common.Hash) error
}

func (d draining) Mine(ctx context.Context, tx common.Hash) error { return d.mine(ctx, tx) }

// On a chain that produces no block, the settlement times out with the
// transaction's hash, and the transaction is real: it lands once mined.
func TestSettleTimesOutWithoutABlock(t *testing.T) {
	s := newSandbox(t, 1)
	ctx := context.Background()
	f, err := New(ctx, Config{Network: s.Network, Backend: s.Client(), GasKey: sandboxKey("gas key"),
		SettleTimeout: 100 * time.Millisecond, PollInterval: 10 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	p, r := s.newPayment(0, price).sign(t)
	got, err := f.Settle(ctx, p, r)
	if err != nil {
		t.Fatal(err)
	}
	// The last lookup's own error ends the message; under load it may be the
	// simulated client's pipe timing out rather than "not found".
	want := "no receipt for " + got.Transaction + " within 100ms: "
	if got.Success || got.ErrorReason != ReasonNoReceipt || !strings.HasPrefix(got.ErrorMessage, want) {
		t.Fatalf("got %+v, want message %q", *got, want)
	}
	if err := s.Mine(ctx, common.HexToHash(got.Transaction)); err != nil {
		t.Fatal(err)
	}
	if b := balanceOf(t, s, s.PayTo); b.Cmp(big.NewInt(price)) != 0 {
		t.Fatalf("seller holds %s, want %d", b, price)
	}
}
