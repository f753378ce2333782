package facilitator

import (
	"context"
	"encoding/json"
	"math/big"
	"os"
	"strconv"
	"sync"
	"testing"

	"github.com/coinslot/coinslot/edge/facilitator/usdc"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
)

// moves asserts that from's and to's test USDC balances changed by exactly
// amount since before.
func moves(t *testing.T, s *Sandbox, from, to common.Address, before [2]*big.Int, amount int64) {
	t.Helper()
	a, b := balanceOf(t, s, from), balanceOf(t, s, to)
	if want := new(big.Int).Sub(before[0], big.NewInt(amount)); a.Cmp(want) != 0 {
		t.Errorf("the payer holds %s, want %s", a, want)
	}
	if want := new(big.Int).Add(before[1], big.NewInt(amount)); b.Cmp(want) != 0 {
		t.Errorf("the seller holds %s, want %s", b, want)
	}
}

func balances(t *testing.T, s *Sandbox, from, to common.Address) [2]*big.Int {
	return [2]*big.Int{balanceOf(t, s, from), balanceOf(t, s, to)}
}

// The official client's payments (test/npm/permit2_vectors.mjs), from a
// wallet with test USDC only, no ETH and no approval: the facilitator
// submits its EIP-2612 permit with the transfer. The exact one moves its
// price, the upto one what the seller settles of its maximum; each is
// refused when sent again.
func TestPermit2OfficialClientPaysFromAFreshWallet(t *testing.T) {
	both(t, 1, func(t *testing.T, s *Sandbox, f x402.Facilitator) {
		ctx := context.Background()
		raw, err := os.ReadFile("../x402/testdata/permit2_vectors.json")
		if err != nil {
			t.Fatal(err)
		}
		var v struct {
			Payer       common.Address
			Exact, Upto struct{ Payment x402.Payload }
		}
		if err := json.Unmarshal(raw, &v); err != nil {
			t.Fatal(err)
		}
		send(t, s, s.Buyers[0].Key, usdc.NewTestUSDC().PackTransfer(v.Payer, big.NewInt(1_000000)))
		if eth, err := s.client.BalanceAt(ctx, v.Payer, nil); err != nil || eth.Sign() != 0 {
			t.Fatalf("the payer holds %v wei (%v)", eth, err)
		}

		exact := &v.Exact.Payment
		bare := *exact
		bare.Extensions = nil
		if r, err := f.Verify(ctx, &bare, &exact.Accepted); err != nil || r.IsValid || r.InvalidReason != ReasonPermit2Allowance {
			t.Fatalf("without its permit: %+v %v", r, err)
		}
		if r, err := f.Verify(ctx, exact, &exact.Accepted); err != nil || !r.IsValid || r.Payer != v.Payer.Hex() {
			t.Fatalf("verify: %+v %v", r, err)
		}
		before := balances(t, s, v.Payer, s.PayTo)
		if r, err := f.Settle(ctx, exact, &exact.Accepted); err != nil || !r.Success || r.Transaction == "" || r.Amount != "" {
			t.Fatalf("settle: %+v %v", r, err)
		}
		moves(t, s, v.Payer, s.PayTo, before, 10000)
		if r, err := f.Settle(ctx, exact, &exact.Accepted); err != nil || r.Success || r.ErrorReason != ReasonPermit2NonceUsed {
			t.Fatalf("sent again: %+v %v", r, err)
		}
		moves(t, s, v.Payer, s.PayTo, before, 10000)

		upto := &v.Upto.Payment
		if r, err := f.Verify(ctx, upto, &upto.Accepted); err != nil || !r.IsValid {
			t.Fatalf("verify upto: %+v %v", r, err)
		}
		cost := upto.Accepted
		cost.Amount = "1858"
		before = balances(t, s, v.Payer, s.PayTo)
		if r, err := f.Settle(ctx, upto, &cost); err != nil || !r.Success || r.Amount != "1858" || r.Transaction == "" {
			t.Fatalf("settle upto: %+v %v", r, err)
		}
		moves(t, s, v.Payer, s.PayTo, before, 1858)
		if r, err := f.Settle(ctx, upto, &cost); err != nil || r.Success || r.ErrorReason != ReasonPermit2NonceUsed {
			t.Fatalf("upto sent again: %+v %v", r, err)
		}
		moves(t, s, v.Payer, s.PayTo, before, 1858)
		if eth, _ := s.client.BalanceAt(ctx, v.Payer, nil); eth.Sign() != 0 {
			t.Errorf("the payer spent or got gas: %s wei", eth)
		}
	})
}

// A payment changed from what was signed, or against other requirements,
// is refused with its reason, and nothing moves.
func TestPermit2RefusesHostilePayments(t *testing.T) {
	s := newSandbox(t, 1)
	ctx := context.Background()
	key := freshWallet(t, s, 1_000000)
	payer := crypto.PubkeyToAddress(key.PublicKey)
	other, _ := crypto.GenerateKey()
	now := s.clock().Unix()
	for _, c := range []struct {
		name, scheme string
		change       func(p *permit2Payment)
		after        func(pay *x402.Payload, r *x402.Requirements) // after signing
		settleAmount string                                        // upto: what the seller settles
		want         string
	}{
		{"price above the permit", x402.SchemeExact, nil, func(_ *x402.Payload, r *x402.Requirements) { r.Amount = "20000" }, "", x402.ReasonPermit2Amount},
		{"price below the permit", x402.SchemeExact, nil, func(_ *x402.Payload, r *x402.Requirements) { r.Amount = "5000" }, "", x402.ReasonPermit2Amount},
		{"amount raised after signing", x402.SchemeExact, nil, func(p *x402.Payload, r *x402.Requirements) {
			p.Payload.Permit2().Permitted.Amount, r.Amount = "20000", "20000"
		}, "", x402.ReasonPermit2Signature},
		{"another recipient in the witness", x402.SchemeExact, func(p *permit2Payment) { p.auth.Witness.To = crypto.PubkeyToAddress(other.PublicKey).Hex() }, nil, "", x402.ReasonPermit2Recipient},
		{"another recipient in the requirements", x402.SchemeExact, nil, func(_ *x402.Payload, r *x402.Requirements) { r.PayTo = crypto.PubkeyToAddress(other.PublicKey).Hex() }, "", x402.ReasonPermit2Recipient},
		{"the upto proxy as exact's spender", x402.SchemeExact, func(p *permit2Payment) { p.auth.Spender = x402.UptoPermit2ProxyAddress.Hex() }, nil, "", x402.ReasonPermit2Spender},
		{"expired deadline", x402.SchemeExact, func(p *permit2Payment) {
			p.auth.Deadline, p.permit.Deadline = strconv.FormatInt(now-1, 10), strconv.FormatInt(now+3600, 10)
		}, nil, "", x402.ReasonPermit2Deadline},
		{"not yet valid", x402.SchemeExact, func(p *permit2Payment) { p.auth.Witness.ValidAfter = strconv.FormatInt(now+600, 10) }, nil, "", x402.ReasonPermit2NotYetValid},
		{"signed by another key", x402.SchemeExact, func(p *permit2Payment) { p.signer = other }, nil, "", x402.ReasonPermit2Signature},
		{"expired permit", x402.SchemeExact, func(p *permit2Payment) { p.permit.Deadline = strconv.FormatInt(now, 10) }, nil, "", ReasonEIP2612Deadline},
		{"permit for another amount", x402.SchemeExact, func(p *permit2Payment) { p.permit.Amount = "1000000" }, nil, "", ReasonPermit2612Amount},
		{"permit for another spender", x402.SchemeExact, func(p *permit2Payment) { p.permit.Spender = x402.ExactPermit2ProxyAddress.Hex() }, nil, "", ReasonEIP2612Spender},
		{"permit with a used nonce", x402.SchemeExact, func(p *permit2Payment) { p.permit.Nonce = "7" }, nil, "", ReasonPermit2Allowance},
		{"no permit and no approval", x402.SchemeExact, func(p *permit2Payment) { p.sponsored = false }, nil, "", ReasonPermit2Allowance},
		{"more than the payer holds", x402.SchemeExact, func(p *permit2Payment) {
			p.auth.Permitted.Amount, p.req.Amount, p.permit.Amount = "2000000", "2000000", "2000000"
		}, nil, "", ReasonInsufficientFunds},
		{"upto settled above its maximum", x402.SchemeUpto, nil, nil, "50001", x402.ReasonUptoSettlementExceeds},
		{"upto for another facilitator", x402.SchemeUpto, func(p *permit2Payment) { p.auth.Witness.Facilitator = crypto.PubkeyToAddress(other.PublicKey).Hex() }, nil, "10", x402.ReasonUptoFacilitator},
		{"upto with an exact witness", x402.SchemeUpto, nil, func(p *x402.Payload, _ *x402.Requirements) { p.Payload.Permit2().Witness.Facilitator = "" }, "10", x402.ReasonInvalidPayload},
		{"upto at another maximum than it permits", x402.SchemeUpto, nil, func(p *x402.Payload, r *x402.Requirements) {
			p.Payload.Permit2().Permitted.Amount, r.Amount = "60000", "60000"
		}, "", x402.ReasonPermit2Signature},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := s.newPermit2(c.scheme, key, 50000)
			if c.scheme == x402.SchemeExact {
				p = s.newPermit2(c.scheme, key, price)
			}
			if c.change != nil {
				c.change(p)
			}
			pay, r := p.sign(t, s)
			if c.after != nil {
				c.after(pay, r)
			}
			before := balances(t, s, payer, s.PayTo)
			if c.settleAmount == "" {
				v, err := s.Facilitator.Verify(ctx, pay, r)
				if err != nil || v.IsValid || v.InvalidReason != c.want {
					t.Errorf("verify: %+v %v, want %s", v, err, c.want)
				}
			} else {
				r.Amount = c.settleAmount
			}
			st, err := s.Facilitator.Settle(ctx, pay, r)
			if err != nil || st.Success || st.ErrorReason != c.want || st.Transaction != "" {
				t.Errorf("settle: %+v %v, want %s", st, err, c.want)
			}
			moves(t, s, payer, s.PayTo, before, 0)
		})
	}
}

// A wallet that approved Permit2 itself pays without a permit; an upto
// payment settled at 0 sends nothing and leaves its nonce unused.
func TestPermit2PaysWithAnApprovalAndUptoSettlesNothing(t *testing.T) {
	s := newSandbox(t, 1)
	ctx := context.Background()
	buyer := s.Buyers[0]
	send(t, s, buyer.Key, usdc.NewTestUSDC().PackApprove(x402.Permit2Address, big.NewInt(1_000000)))
	p := s.newPermit2(x402.SchemeExact, buyer.Key, price)
	p.sponsored = false
	pay, r := p.sign(t, s)
	before := balances(t, s, buyer.Address, s.PayTo)
	if st, err := s.Facilitator.Settle(ctx, pay, r); err != nil || !st.Success {
		t.Fatalf("settle: %+v %v", st, err)
	}
	moves(t, s, buyer.Address, s.PayTo, before, price)

	u := s.newPermit2(x402.SchemeUpto, buyer.Key, 50000)
	u.sponsored = false
	u.auth.Nonce = "1"
	pay, r = u.sign(t, s)
	// At verification the requirements carry the most it may cost, which
	// must be what it permits.
	most := *r
	most.Amount = "40000"
	if v, err := s.Facilitator.Verify(ctx, pay, &most); err != nil || v.IsValid || v.InvalidReason != x402.ReasonPermit2Amount {
		t.Errorf("verify at another maximum: %+v %v", v, err)
	}
	r.Amount = "0"
	before = balances(t, s, buyer.Address, s.PayTo)
	if st, err := s.Facilitator.Settle(ctx, pay, r); err != nil || !st.Success || st.Transaction != "" || st.Amount != "0" {
		t.Fatalf("settle nothing: %+v %v", st, err)
	}
	moves(t, s, buyer.Address, s.PayTo, before, 0)
	r.Amount = "30000"
	if st, err := s.Facilitator.Settle(ctx, pay, r); err != nil || !st.Success || st.Amount != "30000" {
		t.Fatalf("the same payment, settled for 30000: %+v %v", st, err)
	}
	moves(t, s, buyer.Address, s.PayTo, before, 30000)
}

// Copies of one payment settled at once move its price once; every other
// copy is refused.
func TestPermit2CopiesRacingSettleOnce(t *testing.T) {
	s := newSandbox(t, 1)
	ctx := context.Background()
	key := freshWallet(t, s, 1_000000)
	payer := crypto.PubkeyToAddress(key.PublicKey)
	pay, r := s.newPermit2(x402.SchemeExact, key, price).sign(t, s)
	before := balances(t, s, payer, s.PayTo)
	const copies = 6
	var wg sync.WaitGroup
	results := make([]bool, copies)
	for i := range copies {
		wg.Go(func() {
			st, err := s.Facilitator.Settle(ctx, pay, r)
			results[i] = err == nil && st.Success
		})
	}
	wg.Wait()
	settled := 0
	for _, ok := range results {
		if ok {
			settled++
		}
	}
	if settled != 1 {
		t.Errorf("%d copies settled, want 1", settled)
	}
	moves(t, s, payer, s.PayTo, before, price)
}
