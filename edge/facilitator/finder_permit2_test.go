package facilitator

import (
	"context"
	"crypto/ecdsa"
	"errors"
	"fmt"
	"math/big"
	"testing"
	"time"

	"github.com/coinslot/coinslot/edge/facilitator/usdc"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/accounts/abi/bind/v2"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
)

// settlePermit2 settles p through the in-process facilitator, for what its
// requirements ask or, given one, for amount (what an upto call cost), and
// returns where it settled.
func settlePermit2(t *testing.T, s *Sandbox, p *permit2Payment, amount string) Settlement {
	t.Helper()
	ctx := context.Background()
	pay, r := p.sign(t, s)
	if amount != "" {
		r.Amount = amount
	}
	got, err := s.Facilitator.Settle(ctx, pay, r)
	if err != nil || !got.Success || got.Transaction == "" {
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
	return Settlement{Tx: tx, Block: block.Number.Uint64(), Time: time.Unix(int64(block.Time), 0).UTC()}
}

// pendingAuth is what the reconciler asks about p: the ledger keeps its
// payer and decimal nonce, and the receipt its payee and amount.
func pendingAuth(p *permit2Payment, value string) *x402.Authorization {
	return &x402.Authorization{From: p.auth.From, To: p.auth.Witness.To, Value: value, Nonce: p.auth.Nonce}
}

func TestFinderFindsPermit2Settlements(t *testing.T) {
	s := newSandbox(t, 1)
	ctx := context.Background()
	start := s.clock().Add(-time.Minute)
	finder := Finder{Chain: s.Client(), ChainID: s.Network.ChainID, Asset: s.Network.Asset}
	key := freshWallet(t, s, 1_000000)
	payer := crypto.PubkeyToAddress(key.PublicKey)

	find := func(a *x402.Authorization) (string, time.Time, bool, error) {
		t.Helper()
		return finder.FindSettlement(ctx, a, start)
	}

	// A nonce never used: nothing yet.
	unused := s.newPermit2(x402.SchemeExact, key, price)
	if tx, at, paid, err := find(pendingAuth(unused, "10000")); err != nil || tx != "" || !at.IsZero() || paid {
		t.Fatalf("unused nonce: %q at %v paid %v (%v), want nothing", tx, at, paid, err)
	}

	// An exact payment through Permit2: its transaction, paid; not for
	// another amount nor another payee.
	exact := s.newPermit2(x402.SchemeExact, key, price)
	exactAt := settlePermit2(t, s, exact, "")
	if tx, at, paid, err := find(pendingAuth(exact, "10000")); err != nil || tx != exactAt.Tx.Hex() || at != exactAt.Time || !paid {
		t.Fatalf("exact: %s at %v paid %v (%v), want %s at %v paid", tx, at, paid, err, exactAt.Tx.Hex(), exactAt.Time)
	}
	for _, a := range []*x402.Authorization{
		{From: exact.auth.From, To: exact.auth.Witness.To, Value: "9999", Nonce: exact.auth.Nonce},
		{From: exact.auth.From, To: exact.auth.From, Value: "10000", Nonce: exact.auth.Nonce},
	} {
		if tx, at, paid, err := find(a); err != nil || tx != exactAt.Tx.Hex() || at != exactAt.Time || paid {
			t.Fatalf("%+v: %s at %v paid %v (%v), want %s, unpaid", a, tx, at, paid, err, exactAt.Tx.Hex())
		}
	}
	got, err := FindPermit2Settlement(ctx, s.Client(), s.Network.Asset, payer, mustNonce(t, exact.auth.Nonce), start)
	want := exactAt
	want.To, want.Value = s.PayTo, big.NewInt(price)
	if err != nil || got.Tx != want.Tx || got.Block != want.Block || got.Time != want.Time || got.To != want.To || got.Value.Cmp(want.Value) != 0 {
		t.Fatalf("FindPermit2Settlement: %+v (%v), want %+v", got, err, want)
	}

	// An upto payment settled for less than its most: paid what it cost.
	upto := s.newPermit2(x402.SchemeUpto, key, 50000)
	uptoAt := settlePermit2(t, s, upto, "1858")
	if tx, at, paid, err := find(pendingAuth(upto, "1858")); err != nil || tx != uptoAt.Tx.Hex() || at != uptoAt.Time || !paid {
		t.Fatalf("upto: %s at %v paid %v (%v), want %s at %v paid", tx, at, paid, err, uptoAt.Tx.Hex(), uptoAt.Time)
	}
	if tx, _, paid, err := find(pendingAuth(upto, "50000")); err != nil || tx != uptoAt.Tx.Hex() || paid {
		t.Fatalf("upto at its most: %s paid %v (%v), want %s, unpaid", tx, paid, err, uptoAt.Tx.Hex())
	}
	// The exact payment is still found past the upto one, and by its
	// nonce only.
	if tx, _, paid, err := find(pendingAuth(exact, "10000")); err != nil || tx != exactAt.Tx.Hex() || !paid {
		t.Fatalf("exact again: %s paid %v (%v)", tx, paid, err)
	}

	// The nonce of a payment in doubt spent by another Permit2 payment of
	// the payer's, to someone else: that transaction, unpaid.
	elsewhere := common.HexToAddress("0x00000000000000000000000000000000000e15e0")
	doubt := s.newPermit2(x402.SchemeExact, key, price)
	theirs := s.newPermit2(x402.SchemeExact, key, price)
	theirs.auth.Nonce, theirs.auth.Witness.To, theirs.req.PayTo = doubt.auth.Nonce, elsewhere.Hex(), elsewhere.Hex()
	theirsAt := settlePermit2(t, s, theirs, "")
	if tx, at, paid, err := find(pendingAuth(doubt, "10000")); err != nil || tx != theirsAt.Tx.Hex() || at != theirsAt.Time || paid {
		t.Fatalf("spent paying %s: %s at %v paid %v (%v), want %s at %v, unpaid", elsewhere.Hex(), tx, at, paid, err, theirsAt.Tx.Hex(), theirsAt.Time)
	}
	// ... or paying the seller another amount.
	doubt = s.newPermit2(x402.SchemeExact, key, price)
	cheaper := s.newPermit2(x402.SchemeExact, key, 4000)
	cheaper.auth.Nonce = doubt.auth.Nonce
	cheaperAt := settlePermit2(t, s, cheaper, "")
	if tx, at, paid, err := find(pendingAuth(doubt, "10000")); err != nil || tx != cheaperAt.Tx.Hex() || at != cheaperAt.Time || paid {
		t.Fatalf("spent paying 4000: %s at %v paid %v (%v), want %s at %v, unpaid", tx, at, paid, err, cheaperAt.Tx.Hex(), cheaperAt.Time)
	}

	// A nonce its owner invalidated: the invalidation, unpaid.
	buyer := s.Buyers[0]
	cancelled := s.newPermit2(x402.SchemeExact, buyer.Key, price)
	n := mustNonce(t, cancelled.auth.Nonce)
	mask := new(big.Int).Lsh(big.NewInt(1), uint(new(big.Int).And(n, big.NewInt(255)).Int64()))
	mask.Or(mask, big.NewInt(1)) // and another bit of the word
	invalidated := callPermit2(t, s, buyer.Key, permit2ABI.PackInvalidateUnorderedNonces(new(big.Int).Rsh(n, 8), mask))
	if tx, at, paid, err := find(pendingAuth(cancelled, "10000")); err != nil || tx != invalidated.Tx.Hex() || at != invalidated.Time || paid {
		t.Fatalf("invalidated: %s at %v paid %v (%v), want %s at %v, unpaid", tx, at, paid, err, invalidated.Tx.Hex(), invalidated.Time)
	}
	// Another word's bit, or another bit of the word, is unused.
	for _, other := range []*big.Int{new(big.Int).Add(n, big.NewInt(256)), new(big.Int).Xor(n, big.NewInt(2))} {
		a := pendingAuth(cancelled, "10000")
		a.Nonce = other.String()
		if tx, _, _, err := find(a); err != nil || tx != "" {
			t.Fatalf("nonce %s beside the invalidated one: %q (%v), want unused", other, tx, err)
		}
	}

	// Searching after the settlement finds no transaction that used the
	// nonce: spent, by none an x402 proxy sent.
	later := invalidated.Time // the head's, a block with no transfer of the payer's
	_, _, _, err = finder.FindSettlement(ctx, pendingAuth(upto, "1858"), later)
	last, _ := s.Client().HeaderByNumber(ctx, nil)
	first, _ := blockAt(ctx, s.Client(), last, later)
	wantErr := fmt.Sprintf("Permit2 nonce %s of %s is used, but no transaction in blocks %d to %d sent it to an x402 proxy or Permit2, nor invalidated it: %v",
		upto.auth.Nonce, payer.Hex(), first, last.Number, x402.ErrNonceSpent)
	if !errors.Is(err, x402.ErrNonceSpent) || err.Error() != wantErr {
		t.Fatalf("search after the settlement: %v, want %s", err, wantErr)
	}

	// Nonces are decimal uint256s; any other is an error, never unused.
	for _, nonce := range []string{"-1", "+1", "1e3", "0x12", new(big.Int).Lsh(big.NewInt(1), 256).String()} {
		a := pendingAuth(unused, "10000")
		a.Nonce = nonce
		if _, _, _, err := find(a); err == nil {
			t.Errorf("nonce %q: no error", nonce)
		}
	}
}

// mustNonce reads a decimal Permit2 nonce.
func mustNonce(t *testing.T, s string) *big.Int {
	t.Helper()
	n, ok := decimalNonce(s)
	if !ok {
		t.Fatalf("nonce %q", s)
	}
	return n
}

// callPermit2 has key call Permit2 with data, mines it, and returns where.
func callPermit2(t *testing.T, s *Sandbox, key *ecdsa.PrivateKey, data []byte) Settlement {
	t.Helper()
	ctx := context.Background()
	opts := bind.NewKeyedTransactor(key, s.Network.ChainID)
	opts.Context = ctx
	tx, err := bind.Transact(permit2ABI.Instance(s.client, x402.Permit2Address), opts, data)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Mine(ctx, tx.Hash()); err != nil {
		t.Fatal(err)
	}
	receipt, err := s.Client().TransactionReceipt(ctx, tx.Hash())
	if err != nil || receipt.Status != 1 {
		t.Fatalf("the call to Permit2: %+v %v", receipt, err)
	}
	block, err := s.Client().HeaderByNumber(ctx, receipt.BlockNumber)
	if err != nil {
		t.Fatal(err)
	}
	return Settlement{Tx: tx.Hash(), Block: block.Number.Uint64(), Time: time.Unix(int64(block.Time), 0).UTC()}
}

// forwarder is the runtime code of a contract that calls to with its own
// calldata and reverts when that call fails: a facilitator's contract
// running an x402 proxy's settlement, whose transaction is not sent to the
// proxy.
func forwarder(to common.Address) []byte {
	runtime := append(append(common.FromHex("0x366000600037600060003660006000"+"73"), to.Bytes()...), common.FromHex("0x5af1602e5760006000fd5b00")...)
	// init: CODECOPY the runtime after it to memory 0, RETURN it
	return append(common.FromHex("0x6030600c60003960306000f3"), runtime...)
}

// A Permit2 nonce spent by a proxy settlement that a contract ran is
// left in doubt, an error that is not x402.ErrNonceSpent: the transaction's
// input does not name the nonce, and it may be the settlement. Sent to
// the proxy itself, the same settlement is found.
func TestFinderLeavesAPermit2SettlementRunByAContractInDoubt(t *testing.T) {
	s := newSandbox(t, 1)
	ctx := context.Background()
	start := s.clock().Add(-time.Minute)
	finder := Finder{Chain: s.Client(), ChainID: s.Network.ChainID, Asset: s.Network.Asset}
	buyer := s.Buyers[0]
	send(t, s, buyer.Key, usdc.NewTestUSDC().PackApprove(x402.Permit2Address, big.NewInt(1_000000)))

	code := forwarder(x402.ExactPermit2ProxyAddress)
	opts := bind.NewKeyedTransactor(buyer.Key, s.Network.ChainID)
	opts.Context = ctx
	contract, deploy, err := bind.DeployContract(opts, code, s.client, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Mine(ctx, deploy.Hash()); err != nil {
		t.Fatal(err)
	}

	p := s.newPermit2(x402.SchemeExact, buyer.Key, price)
	m, err := x402.ParsePermit2(p.scheme, &p.auth)
	if err != nil {
		t.Fatal(err)
	}
	sig, err := x402.SignPermit2(buyer.Key, s.Network.ChainID, m)
	if err != nil {
		t.Fatal(err)
	}
	settle := (&permit2Transfer{Permit2Message: m, signature: common.FromHex(sig), amount: m.Amount}).pack()
	before := balances(t, s, buyer.Address, s.PayTo)
	tx, err := bind.Transact(bind.NewBoundContract(contract, abi.ABI{}, s.client, s.client, s.client), opts, settle)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Mine(ctx, tx.Hash()); err != nil {
		t.Fatal(err)
	}
	moves(t, s, buyer.Address, s.PayTo, before, price)

	_, _, _, err = finder.FindSettlement(ctx, pendingAuth(p, "10000"), start)
	want := fmt.Sprintf("Permit2 nonce %s of %s is used, and transactions %s ran an x402 proxy's settlement from another contract, whose nonce cannot be read",
		p.auth.Nonce, buyer.Address.Hex(), tx.Hash().Hex())
	if err == nil || errors.Is(err, x402.ErrNonceSpent) || err.Error() != want {
		t.Fatalf("settled through a contract: %v, want %s", err, want)
	}

	// The same kind of settlement sent to the proxy is named.
	direct := s.newPermit2(x402.SchemeExact, buyer.Key, price)
	direct.sponsored = false
	at := settlePermit2(t, s, direct, "")
	if got, when, paid, err := finder.FindSettlement(ctx, pendingAuth(direct, "10000"), start); err != nil || got != at.Tx.Hex() || when != at.Time || !paid {
		t.Fatalf("settled through the proxy: %s at %v paid %v (%v), want %s at %v paid", got, when, paid, err, at.Tx.Hex(), at.Time)
	}
}
