package facilitator

import (
	"context"
	"fmt"
	"math/big"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coinslot/coinslot/edge/facilitator/usdc"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/ethereum/go-ethereum/accounts/abi/bind/v2"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"
)

// The addresses every tool derives from DevMnemonic.
var devAddresses = []string{
	"0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266", "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
	"0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC", "0x90F79bf6EB2c4f870365E785982E1f101E93b906",
	"0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65", "0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc",
	"0x976EA74026E726554dB657fA54763abd0C3a0aa9", "0x14dC79964da2C08b23698B3D3cc7Ca32193d9955",
	"0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f", "0xa0Ee7A142d267C1f36714E4a8F75612F20a79720",
}

func TestSandboxAccounts(t *testing.T) {
	s := newSandbox(t, 10)
	for i, b := range s.Buyers {
		if b.Address.Hex() != devAddresses[i] || crypto.PubkeyToAddress(b.Key.PublicKey) != b.Address || b.KeyHex != hexutil.Encode(crypto.FromECDSA(b.Key)) {
			t.Errorf("buyer %d: %s with key %s, want %s", i, b.Address.Hex(), b.KeyHex, devAddresses[i])
		}
		if got := balanceOf(t, s, b.Address); got.Cmp(big.NewInt(BuyerFunds)) != 0 {
			t.Errorf("buyer %d holds %s", i, got)
		}
	}
	// The same on every run, so printed commands and docs stay true.
	got := [3]string{s.Network.Asset.Hex(), s.PayTo.Hex(), s.Facilitator.Address().Hex()}
	want := [3]string{"0x769bcB71Ae2d30Ba2dBf5dB622601A55a02A8923", "0x879659eF5B5f3B19b9fa9Ba519289f8f16812E29", "0xCA950458Ba37F130bF368F16Bd17BD7790Dd4202"}
	if got != want {
		t.Errorf("asset, payTo, signer are %v, want %v", got, want)
	}
}

func TestSandboxBuyerCount(t *testing.T) {
	for _, n := range []int{0, 11} {
		_, err := NewSandbox(context.Background(), n, 1337)
		if want := fmt.Sprintf("sandbox: between 1 and 10 buyers, not %d", n); err == nil || err.Error() != want {
			t.Errorf("NewSandbox(%d): %v, want %s", n, err, want)
		}
	}
}

// The token's bytes-signature overload of transferWithAuthorization, which
// the facilitator does not use, moves funds once and refuses a replay.
func TestTokenBytesSignatureOverload(t *testing.T) {
	s := newSandbox(t, 2)
	ctx := context.Background()
	p := s.newPayment(0, price)
	payload, _ := p.sign(t)
	tr, err := decodeTransfer(&p.auth)
	if err != nil {
		t.Fatal(err)
	}
	token := usdc.NewTestUSDC()
	data := token.PackTransferWithAuthorization(tr.from, tr.to, tr.value, tr.validAfter, tr.validBefore, tr.nonce, hexutil.MustDecode(payload.Payload.Signature))
	opts := bind.NewKeyedTransactor(s.Buyers[1].Key, s.Network.ChainID)
	opts.Context = ctx
	contract := token.Instance(s.Client(), s.Network.Asset)
	tx, err := bind.Transact(contract, opts, data)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Mine(ctx, tx.Hash()); err != nil {
		t.Fatal(err)
	}
	if b := balanceOf(t, s, s.PayTo); b.Cmp(big.NewInt(price)) != 0 {
		t.Fatalf("seller holds %s, want %d", b, price)
	}
	_, err = bind.Transact(contract, opts, data)
	if err == nil || !strings.Contains(err.Error(), "execution reverted: EIP3009: authorization is used") {
		t.Fatalf("replay: %v", err)
	}
}

// settleOne settles a payment by buyer 0 valid from ten minutes ago for a
// minute, as buyers sign them, and returns its block's time.
func settleOne(t *testing.T, s *Sandbox, f *Facilitator) uint64 {
	t.Helper()
	ctx := context.Background()
	p := s.newPayment(0, price)
	p.auth.ValidBefore = strconv.FormatInt(s.clock().Unix()+60, 10)
	payload, req := p.sign(t)
	got, err := f.Settle(ctx, payload, req)
	if err != nil || !got.Success {
		t.Fatalf("settle: %+v, %v", got, err)
	}
	return blockTime(t, s, got.Transaction)
}

// blockTime is the time of the block that holds tx.
func blockTime(t *testing.T, s *Sandbox, tx string) uint64 {
	t.Helper()
	ctx := context.Background()
	receipt, err := s.Client().TransactionReceipt(ctx, common.HexToHash(tx))
	if err != nil {
		t.Fatal(err)
	}
	h, err := s.Client().HeaderByHash(ctx, receipt.BlockHash)
	if err != nil {
		t.Fatal(err)
	}
	return h.Time
}

// A chain left idle for an hour still sells: its head is brought to the
// present before the settlement is sent, and the block is the present's.
func TestSandboxSellsAfterAnHourIdle(t *testing.T) {
	s := newSandbox(t, 1)
	settleOne(t, s, s.Facilitator)
	later := time.Now().Add(time.Hour)
	s.clock = func() time.Time { return later }
	if got := settleOne(t, s, s.Facilitator); got != uint64(later.Unix()) {
		t.Fatalf("mined at %d, want the present %d", got, later.Unix())
	}
	if b := balanceOf(t, s, s.PayTo); b.Cmp(big.NewInt(2*price)) != 0 {
		t.Fatalf("seller holds %s, want %d", b, 2*price)
	}
}

// Settlements faster than one a second, one after another or at once, keep
// the chain's clock within maxLead of the wall clock.
func TestSandboxChainKeepsNearTheClock(t *testing.T) {
	s := newSandbox(t, 2)
	near := func(what string, block uint64) {
		t.Helper()
		// Buyers sign validBefore by their own clock.
		if now := time.Now().Unix(); int64(block) > now+maxLead {
			t.Fatalf("%s: block at %d, %ds ahead of the wall clock; at most %ds", what, block, int64(block)-now, maxLead)
		}
	}
	for i := range 4 {
		near(fmt.Sprintf("settlement %d", i+1), settleOne(t, s, s.Facilitator))
	}
	const concurrent = 12
	settled := make(chan *x402.SettleResponse, concurrent)
	var wg sync.WaitGroup
	for range concurrent {
		payload, req := s.newPayment(1, price).sign(t)
		wg.Go(func() {
			got, err := s.Facilitator.Settle(context.Background(), payload, req)
			if err != nil {
				got = &x402.SettleResponse{ErrorMessage: err.Error()}
			}
			settled <- got
		})
	}
	wg.Wait()
	close(settled)
	for got := range settled {
		if !got.Success {
			t.Fatalf("concurrent settlement: %+v", got)
		}
		near("a concurrent settlement", blockTime(t, s, got.Transaction))
	}
	if b := balanceOf(t, s, s.PayTo); b.Cmp(big.NewInt((4+concurrent)*price)) != 0 {
		t.Fatalf("seller holds %s, want %d", b, (4+concurrent)*price)
	}
}

// A buyer's loop of purchases does not wait for the wall clock: with the
// clock standing still, ten settlements one after another each get a block
// at once, a second apart. The chain then stops at maxLead ahead of the
// clock: the next block waits for it.
func TestSandboxLoopDoesNotWaitForTheClock(t *testing.T) {
	s := newSandbox(t, 1)
	// The clock stops where the chain is: the blocks its setup sealed
	// within one second may have run ahead of the wall clock.
	now := time.Now()
	if head := time.Unix(int64(s.head.Load()), 0); head.After(now) {
		now = head
	}
	s.clock = func() time.Time { return now }
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second) // a frozen clock would stall a wait for ever
	defer cancel()
	var last uint64
	for i := range 10 {
		p := s.newPayment(0, price)
		p.auth.ValidBefore = strconv.FormatInt(now.Unix()+60, 10)
		payload, req := p.sign(t)
		got, err := s.Facilitator.Settle(ctx, payload, req)
		if err != nil || !got.Success {
			t.Fatalf("settlement %d with the clock standing still: %+v, %v", i+1, got, err)
		}
		block := blockTime(t, s, got.Transaction)
		if block <= last || int64(block) > now.Unix()+maxLead {
			t.Fatalf("settlement %d in a block at %d (the last at %d): want after it and at most %d, maxLead ahead", i+1, block, last, now.Unix()+maxLead)
		}
		last = block
	}
	for {
		_, wait, err := s.seal(ctx, common.Hash{})
		if err != nil {
			t.Fatal(err)
		}
		head := s.head.Load()
		if head > now.Unix()+maxLead {
			t.Fatalf("the chain sealed a block at %d, %ds ahead of the clock; at most %ds", head, head-now.Unix(), maxLead)
		}
		if wait > 0 {
			if next := time.Unix(now.Unix()+1, 0).Sub(now); head != now.Unix()+maxLead || wait != next {
				t.Fatalf("waiting %v at head %d; want %v, for the clock's next second, at %d, maxLead ahead", wait, head, next, now.Unix()+maxLead)
			}
			return
		}
	}
}

// A sandbox on another chain id is another network: its chain answers that
// id, its names carry it, and it settles there.
func TestSandboxOnAnotherChainID(t *testing.T) {
	s, err := NewSandbox(context.Background(), 1, 31338)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	id, err := s.Client().ChainID(context.Background())
	if err != nil || id.Int64() != 31338 {
		t.Fatalf("chain id %v (%v), want 31338", id, err)
	}
	n := s.Network
	if n.ID != "eip155:31338" || n.V1Name != "coinslot-sandbox-31338" || n.Name != "coinslot sandbox chain 31338" || n.ChainID.Int64() != 31338 {
		t.Fatalf("network %+v", n)
	}
	if doc := s.Facilitator.Supported(); doc.Kinds[0].Network != "eip155:31338" {
		t.Fatalf("supported %+v", doc)
	}
	if _, err := NewSandbox(context.Background(), 1, 0); err == nil || err.Error() != "sandbox: chain id 0 is not positive" {
		t.Fatalf("chain id 0: %v", err)
	}
}
