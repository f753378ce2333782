package edge

import (
	"context"
	"crypto/ecdsa"
	"encoding/json"
	"fmt"
	"math/big"
	"path/filepath"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coinslot/coinslot/edge/facilitator"
	"github.com/coinslot/coinslot/edge/facilitator/usdc"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/coinslot/coinslot/edge/x402/x402test"
	"github.com/ethereum/go-ethereum/accounts/abi/bind/v2"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/prometheus/client_golang/prometheus/testutil"
)

// chainSeller is a seller whose facilitator is the sandbox's own, settling
// on its simulated chain with Permit2 and the x402 proxies in place: it
// offers exact through Permit2 and, for a metered tool, upto.
type chainSeller struct {
	*harness
	sb *facilitator.Sandbox
}

func newChainSeller(t *testing.T) *chainSeller {
	sb, err := facilitator.NewSandbox(context.Background(), 1, 1337)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sb.Close() })
	h := &harness{t: t, rt: &fakeRuntime{}, path: filepath.Join(t.TempDir(), "ledger.db"), fac: x402test.NewServed(t),
		nets: []x402.Network{sb.Network}, via: sb.Facilitator, supported: sb.Facilitator.Supported(), now: sb.Now}
	h.start()
	return &chainSeller{harness: h, sb: sb}
}

// freshWallet is a new key holding funds of the test USDC and no ETH, which
// never approved Permit2: it pays only through a sponsored permit.
func (c *chainSeller) freshWallet(funds int64) *ecdsa.PrivateKey {
	c.t.Helper()
	key, err := crypto.GenerateKey()
	if err != nil {
		c.t.Fatal(err)
	}
	ctx := context.Background()
	opts := bind.NewKeyedTransactor(c.sb.Buyers[0].Key, c.sb.Network.ChainID)
	opts.Context = ctx
	token := usdc.NewTestUSDC()
	tx, err := bind.Transact(token.Instance(c.sb.Client(), c.sb.Network.Asset), opts, token.PackTransfer(crypto.PubkeyToAddress(key.PublicKey), big.NewInt(funds)))
	if err != nil {
		c.t.Fatal(err)
	}
	if err := c.sb.Mine(ctx, tx.Hash()); err != nil {
		c.t.Fatal(err)
	}
	return key
}

func (c *chainSeller) balance(addr common.Address) int64 {
	c.t.Helper()
	b, err := c.sb.BalanceOf(context.Background(), addr)
	if err != nil {
		c.t.Fatal(err)
	}
	return b.Int64()
}

// permit2Payment is key's payment of the entry of kind k in path's 402,
// with the EIP-2612 permit its wallet's next token nonce calls for; mutate,
// when set, changes the authorization before it is signed by signer.
func (c *chainSeller) permit2Payment(path string, k x402.Kind, key *ecdsa.PrivateKey, mutate func(*x402.Permit2Authorization), signer *ecdsa.PrivateKey) *x402.Payload {
	c.t.Helper()
	return c.signPermit2(c.terms(path), k, key, mutate, signer)
}

// signPermit2 is permit2Payment for the terms pr.
func (c *chainSeller) signPermit2(pr *x402.PaymentRequired, k x402.Kind, key *ecdsa.PrivateKey, mutate func(*x402.Permit2Authorization), signer *ecdsa.PrivateKey) *x402.Payload {
	c.t.Helper()
	entry, ok := entryOf(pr, k)
	if !ok {
		c.t.Fatalf("the terms of %s offer no %s: %+v", pr.Resource.URL, k, pr.Accepts)
	}
	token := usdc.NewTestUSDC()
	from := crypto.PubkeyToAddress(key.PublicKey)
	nonce, err := bind.Call(token.Instance(c.sb.Client(), c.sb.Network.Asset), &bind.CallOpts{}, token.PackNonces(from), token.UnpackNonces)
	if err != nil {
		c.t.Fatal(err)
	}
	p, err := x402.PayPermit2(key, pr, entry, c.sb.Now(), nonce)
	if err != nil {
		c.t.Fatal(err)
	}
	if mutate != nil {
		a := p.Payload.Permit2Authorization
		mutate(a)
		m, err := x402.ParsePermit2(k.Scheme, a)
		if err != nil {
			c.t.Fatal(err)
		}
		if p.Payload.Signature, err = x402.SignPermit2(signer, c.sb.Network.ChainID, m); err != nil {
			c.t.Fatal(err)
		}
	}
	return p
}

// entryOf is the terms' first entry of kind k, if they offer one.
func entryOf(pr *x402.PaymentRequired, k x402.Kind) (x402.Requirements, bool) {
	for _, r := range pr.Accepts {
		if r.Kind() == k {
			return r, true
		}
	}
	return x402.Requirements{}, false
}

// TestPermit2FromAWalletWithOnlyUSDC: a wallet holding USDC and no ETH,
// which never approved Permit2, pays exact through Permit2 with a
// sponsored permit; its balance and the seller's move by exactly the
// price, once, and a replay moves nothing and gets the same answer; past
// the deadline, a replay is still known as the settled payment's retry.
func TestPermit2FromAWalletWithOnlyUSDC(t *testing.T) {
	c := newChainSeller(t)
	key := c.freshWallet(1_000_000)
	payer, seller := crypto.PubkeyToAddress(key.PublicKey), common.HexToAddress(testSeller)
	before := c.balance(seller)
	p := c.permit2Payment("/paid/test/echo", x402.KindExactPermit2, key, nil, nil)
	r := c.pay("/paid/test/echo", `{"text":"hi"}`, p)
	if r.status != 200 {
		t.Fatalf("%d %s", r.status, r.body)
	}
	if s := settlementOf(t, r, x402.HeaderResponse); !s.Success || s.Transaction == "" || s.Amount != "" {
		t.Errorf("settlement %+v: want a transaction and no upto amount", s)
	}
	if got := c.balance(payer); got != 1_000_000-50_000 {
		t.Errorf("payer holds %d, want %d", got, 1_000_000-50_000)
	}
	if got := c.balance(seller) - before; got != 50_000 {
		t.Errorf("seller got %d, want 50000", got)
	}
	again := c.pay("/paid/test/echo", `{"text":"hi"}`, p)
	if again.status != 200 || string(again.body) != string(r.body) {
		t.Errorf("replay: %d %s, want the same answer", again.status, again.body)
	}
	// Past its deadline it is still the payment settled, answered as its
	// retry (whose kept answer needs its identifier by then), not refused
	// as a new payment whose deadline has passed.
	later := c.sb.Now().Add(2 * time.Hour)
	c.srv.pay.Now = func() time.Time { return later }
	late := c.pay("/paid/test/echo", `{"text":"hi"}`, p)
	if code, _ := late.errorOf(t); late.status != 409 || code != "payment_conflict" {
		t.Errorf("replay after the deadline: %d %s, want 409 payment_conflict", late.status, late.body)
	}
	if got := c.balance(payer); got != 1_000_000-50_000 {
		t.Errorf("after the replays the payer holds %d", got)
	}
	if v := testutil.ToFloat64(c.srv.metrics.revenue.WithLabelValues("test_echo", c.sb.Network.ID)); v != 50_000 {
		t.Errorf("revenue %v, want 50000", v)
	}
}

// TestUptoSettlesWhatWasDelivered: a metered tool's 402 offers upto at its
// price as the most; a call that returned 2 of the 4 words asked settles
// half the price, and states it in PAYMENT-RESPONSE, the receipt and the
// revenue; a call that returned none settles nothing and sends no
// transaction.
func TestUptoSettlesWhatWasDelivered(t *testing.T) {
	c := newChainSeller(t)
	key := c.freshWallet(1_000_000)
	payer := crypto.PubkeyToAddress(key.PublicKey)
	if _, ok := entryOf(c.terms("/paid/test/echo"), x402.KindUpto); ok {
		t.Error("an unmetered tool offers upto")
	}
	p := c.permit2Payment("/paid/test/words", x402.KindUpto, key, nil, nil)
	if p.Accepted.Amount != "40000" || p.Payload.Permit2Authorization.Witness.Facilitator != c.sb.Facilitator.Address().Hex() {
		t.Fatalf("upto entry %+v, witness %+v", p.Accepted, p.Payload.Permit2Authorization.Witness)
	}
	r := c.pay("/paid/test/words", `{"text":"a b","n":4}`, p)
	if r.status != 200 {
		t.Fatalf("%d %s", r.status, r.body)
	}
	s := settlementOf(t, r, x402.HeaderResponse)
	if !s.Success || s.Amount != "20000" || s.Transaction == "" {
		t.Fatalf("settlement %+v, want 20000 settled", s)
	}
	if got := c.balance(payer); got != 1_000_000-20_000 {
		t.Errorf("payer holds %d, want %d", got, 1_000_000-20_000)
	}
	if again := settlementOf(t, c.pay("/paid/test/words", `{"text":"a b","n":4}`, p), x402.HeaderResponse); again.Amount != s.Amount || again.Transaction != s.Transaction {
		t.Errorf("the replay's settlement %+v, want the first's %+v", again, s)
	}
	receipt := c.do("GET", "/receipt/"+s.Transaction, "", nil).json(t)
	if receipt["amount_atomic"] != "20000" || receipt["amount_usd"] != "0.02" {
		t.Errorf("receipt %v, want 20000 atomic, 0.02 USD", receipt)
	}
	none := c.pay("/paid/test/words", `{"text":"a b","n":4,"skip":2}`, c.permit2Payment("/paid/test/words", x402.KindUpto, key, nil, nil))
	if none.status != 200 {
		t.Fatalf("%d %s", none.status, none.body)
	}
	if s := settlementOf(t, none, x402.HeaderResponse); !s.Success || s.Amount != "0" || s.Transaction != "" {
		t.Errorf("settlement of nothing %+v, want 0 and no transaction", s)
	}
	if got := c.balance(payer); got != 1_000_000-20_000 {
		t.Errorf("after a call that delivered nothing the payer holds %d", got)
	}
	if v := testutil.ToFloat64(c.srv.metrics.revenue.WithLabelValues("test_words", c.sb.Network.ID)); v != 20_000 {
		t.Errorf("revenue %v, want 20000", v)
	}
	if v := testutil.ToFloat64(c.srv.metrics.payments.WithLabelValues("test_words", outcomeSettled)); v != 2 {
		t.Errorf("settled %v, want 2", v)
	}
}

// TestHostilePermit2Payments: what a buyer changes in a Permit2 payment
// after reading the terms is refused by the seller's own check, before the
// facilitator is asked, for the reason the facilitator would give, and
// moves nothing; a deadline the facilitator takes but too close to run the
// call is refused for the reason the rule gives a past one; copies of one
// upto payment sent at once settle once.
func TestHostilePermit2Payments(t *testing.T) {
	c := newChainSeller(t)
	asked := &verifyCount{Facilitator: c.via}
	c.via = asked
	c.start()
	key := c.freshWallet(1_000_000)
	payer := crypto.PubkeyToAddress(key.PublicKey)
	far := strconv.FormatInt(c.sb.Now().Add(48*3600e9).Unix(), 10)
	for _, tc := range []struct {
		name   string
		kind   x402.Kind
		mutate func(*x402.Permit2Authorization)
		signer *ecdsa.PrivateKey
		reason string
	}{
		{"another recipient", x402.KindExactPermit2, func(a *x402.Permit2Authorization) { a.Witness.To = buyer }, key, x402.ReasonPermit2Recipient},
		{"more than the price", x402.KindExactPermit2, func(a *x402.Permit2Authorization) { a.Permitted.Amount = "50001" }, key, x402.ReasonPermit2Amount},
		{"upto above its most", x402.KindUpto, func(a *x402.Permit2Authorization) { a.Permitted.Amount = "40001" }, key, x402.ReasonPermit2Amount},
		{"the other proxy", x402.KindExactPermit2, func(a *x402.Permit2Authorization) { a.Spender = x402.UptoPermit2ProxyAddress.Hex() }, key, x402.ReasonPermit2Spender},
		{"another facilitator", x402.KindUpto, func(a *x402.Permit2Authorization) { a.Witness.Facilitator = buyer }, key, x402.ReasonUptoFacilitator},
		{"expired", x402.KindExactPermit2, func(a *x402.Permit2Authorization) { a.Deadline = "1" }, key, x402.ReasonPermit2Deadline},
		{"beyond the horizon", x402.KindExactPermit2, func(a *x402.Permit2Authorization) { a.Deadline = far }, key, x402.ReasonPermit2DeadlineTooFar},
		{"not yet valid", x402.KindUpto, func(a *x402.Permit2Authorization) { a.Witness.ValidAfter = far }, key, x402.ReasonPermit2NotYetValid},
		{"forged", x402.KindExactPermit2, func(*x402.Permit2Authorization) {}, otherKey, x402.ReasonPermit2Signature},
	} {
		path := "/paid/test/echo"
		if tc.kind == x402.KindUpto {
			path = "/paid/test/words"
		}
		r := c.pay(path, `{"text":"a b"}`, c.permit2Payment(path, tc.kind, key, tc.mutate, tc.signer))
		if _, reason := r.errorOf(t); r.status != 402 || reason != tc.reason {
			t.Errorf("%s: %d %s, want 402 %s", tc.name, r.status, r.body, tc.reason)
		}
	}
	if got := c.balance(payer); got != 1_000_000 {
		t.Fatalf("refused payments moved funds: the payer holds %d", got)
	}
	if n := asked.n.Load(); n != 0 {
		t.Errorf("the facilitator was asked to verify %d refused payments", n)
	}
	// Valid for the facilitator, but not for long enough to run the call and
	// settle it: refused for its deadline, as the rule names it.
	soon := strconv.FormatInt(c.sb.Now().Add(20*time.Second).Unix(), 10)
	r := c.pay("/paid/test/echo", `{"text":"a b"}`, c.permit2Payment("/paid/test/echo", x402.KindExactPermit2, key, func(a *x402.Permit2Authorization) { a.Deadline = soon }, key))
	if _, reason := r.errorOf(t); r.status != 402 || reason != x402.ReasonPermit2Deadline || asked.n.Load() != 1 {
		t.Errorf("a deadline too close to run the call: %d %s after %d verifications, want 402 %s after 1", r.status, r.body, asked.n.Load(), x402.ReasonPermit2Deadline)
	}
	p := c.permit2Payment("/paid/test/words", x402.KindUpto, key, nil, nil)
	var wg sync.WaitGroup
	statuses := make([]int, 8)
	for i := range statuses {
		wg.Go(func() { statuses[i] = c.pay("/paid/test/words", `{"text":"a b c d"}`, p).status })
	}
	wg.Wait()
	if got := c.balance(payer); got != 1_000_000-40_000 {
		t.Errorf("8 copies at once: the payer holds %d, want %d (%v)", got, 1_000_000-40_000, statuses)
	}
	if v := testutil.ToFloat64(c.srv.metrics.revenue.WithLabelValues("test_words", c.sb.Network.ID)); v != 40_000 {
		t.Errorf("revenue %v, want 40000 (%v)", v, fmt.Sprint(statuses))
	}
}

// verifyCount counts the payments a facilitator is asked to verify.
type verifyCount struct {
	x402.Facilitator
	n atomic.Int64
}

func (f *verifyCount) Verify(ctx context.Context, p *x402.Payload, r *x402.Requirements) (*x402.VerifyResponse, error) {
	f.n.Add(1)
	return f.Facilitator.Verify(ctx, p, r)
}

// TestUptoOverMCP: a metered tool called over MCP offers upto in its
// payment-required result, and the call settles what it delivered: 3 of
// the 4 words asked.
func TestUptoOverMCP(t *testing.T) {
	c := newChainSeller(t)
	key := c.freshWallet(1_000_000)
	args := `{"text":"a b c","n":4}`
	var pr x402.PaymentRequired
	if err := json.Unmarshal(c.call("test_words", args, nil).StructuredContent, &pr); err != nil {
		t.Fatal(err)
	}
	res := c.call("test_words", args, c.signPermit2(&pr, x402.KindUpto, key, nil, nil))
	var settled x402.SettleResponse
	if err := json.Unmarshal(res.Meta[mcpPaymentResponseKey], &settled); res.IsError || err != nil || !settled.Success || settled.Amount != "30000" {
		t.Fatalf("%+v: payment response %s", res, res.Meta[mcpPaymentResponseKey])
	}
	if got := c.balance(crypto.PubkeyToAddress(key.PublicKey)); got != 1_000_000-30_000 {
		t.Errorf("payer holds %d, want %d", got, 1_000_000-30_000)
	}
}
