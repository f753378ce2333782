package facilitator

import (
	"context"
	"crypto/ecdsa"
	"errors"
	"fmt"
	"math/big"
	"slices"
	"testing"
	"time"

	"github.com/coinslot/coinslot/edge/facilitator/channels"
	"github.com/coinslot/coinslot/edge/facilitator/usdc"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/accounts/abi/bind/v2"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/common/math"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/rpc"
	"github.com/ethereum/go-ethereum/signer/core/apitypes"
)

// The EIP-712 types of the batch-settlement contract and of the token's
// ERC-3009 receiveWithAuthorization, hashed here independently of the
// contracts so the tests check both against the standard.
var (
	eip712Domain = []apitypes.Type{
		{Name: "name", Type: "string"}, {Name: "version", Type: "string"},
		{Name: "chainId", Type: "uint256"}, {Name: "verifyingContract", Type: "address"},
	}
	batchTypes = apitypes.Types{
		"EIP712Domain": eip712Domain,
		"ChannelConfig": {
			{Name: "payer", Type: "address"}, {Name: "payerAuthorizer", Type: "address"},
			{Name: "receiver", Type: "address"}, {Name: "receiverAuthorizer", Type: "address"},
			{Name: "token", Type: "address"}, {Name: "withdrawDelay", Type: "uint40"}, {Name: "salt", Type: "bytes32"},
		},
		"Voucher":    {{Name: "channelId", Type: "bytes32"}, {Name: "maxClaimableAmount", Type: "uint128"}},
		"Refund":     {{Name: "channelId", Type: "bytes32"}, {Name: "nonce", Type: "uint256"}, {Name: "amount", Type: "uint128"}},
		"ClaimBatch": {{Name: "claims", Type: "ClaimEntry[]"}},
		"ClaimEntry": {
			{Name: "channelId", Type: "bytes32"}, {Name: "maxClaimableAmount", Type: "uint128"}, {Name: "totalClaimed", Type: "uint128"},
		},
	}
	receiveTypes = apitypes.Types{
		"EIP712Domain": eip712Domain,
		"ReceiveWithAuthorization": {
			{Name: "from", Type: "address"}, {Name: "to", Type: "address"}, {Name: "value", Type: "uint256"},
			{Name: "validAfter", Type: "uint256"}, {Name: "validBefore", Type: "uint256"}, {Name: "nonce", Type: "bytes32"},
		},
	}
)

func typedDigest(t *testing.T, types apitypes.Types, domain apitypes.TypedDataDomain, primary string, msg apitypes.TypedDataMessage) common.Hash {
	t.Helper()
	digest, _, err := apitypes.TypedDataAndHash(apitypes.TypedData{Types: types, PrimaryType: primary, Domain: domain, Message: msg})
	if err != nil {
		t.Fatal(err)
	}
	return common.BytesToHash(digest)
}

func batchDigest(t *testing.T, primary string, msg apitypes.TypedDataMessage) common.Hash {
	t.Helper()
	domain := apitypes.TypedDataDomain{
		Name: "x402 Batch Settlement", Version: "1", ChainId: math.NewHexOrDecimal256(1337),
		VerifyingContract: x402.BatchSettlementAddress.Hex(),
	}
	return typedDigest(t, batchTypes, domain, primary, msg)
}

func channelID(t *testing.T, c channels.ChannelConfig) common.Hash {
	t.Helper()
	return batchDigest(t, "ChannelConfig", apitypes.TypedDataMessage{
		"payer": c.Payer.Hex(), "payerAuthorizer": c.PayerAuthorizer.Hex(), "receiver": c.Receiver.Hex(),
		"receiverAuthorizer": c.ReceiverAuthorizer.Hex(), "token": c.Token.Hex(), "withdrawDelay": c.WithdrawDelay,
		"salt": hexutil.Encode(c.Salt[:]),
	})
}

func voucherDigest(t *testing.T, id common.Hash, max int64) common.Hash {
	t.Helper()
	return batchDigest(t, "Voucher", apitypes.TypedDataMessage{"channelId": id.Hex(), "maxClaimableAmount": big.NewInt(max)})
}

func refundDigest(t *testing.T, id common.Hash, nonce, amount int64) common.Hash {
	t.Helper()
	return batchDigest(t, "Refund", apitypes.TypedDataMessage{"channelId": id.Hex(), "nonce": big.NewInt(nonce), "amount": big.NewInt(amount)})
}

func claimBatchDigest(t *testing.T, rows []channels.VoucherClaim) common.Hash {
	t.Helper()
	entries := make([]any, len(rows))
	for i, r := range rows {
		entries[i] = map[string]any{
			"channelId": channelID(t, r.Voucher.Channel).Hex(), "maxClaimableAmount": r.Voucher.MaxClaimableAmount, "totalClaimed": r.TotalClaimed,
		}
	}
	return batchDigest(t, "ClaimBatch", apitypes.TypedDataMessage{"claims": entries})
}

// sign is an EIP-712 signature as wallets make them: r ‖ s ‖ v, v 27 or 28.
func sign(t *testing.T, key *ecdsa.PrivateKey, digest common.Hash) []byte {
	t.Helper()
	sig, err := crypto.Sign(digest[:], key)
	if err != nil {
		t.Fatal(err)
	}
	sig[64] += 27
	return sig
}

// channelChain is a sandbox chain seen from the batch-settlement contracts:
// buyers 0 and 1 pay, buyer 2 relays transactions, the seller receives.
type channelChain struct {
	t          *testing.T
	s          *Sandbox
	batch      *channels.BatchSettlement
	collector  *channels.ERC3009DepositCollector
	token      *usdc.TestUSDC
	relayer    Buyer
	authorizer *ecdsa.PrivateKey // the receiver authorizer
}

func newChannelChain(t *testing.T) *channelChain {
	s := newSandbox(t, 3)
	return &channelChain{
		t: t, s: s, batch: channels.NewBatchSettlement(), collector: channels.NewERC3009DepositCollector(),
		token: usdc.NewTestUSDC(), relayer: s.Buyers[2], authorizer: sandboxKey("test receiver authorizer"),
	}
}

func (c *channelChain) config(payer, payerAuthorizer common.Address, salt byte) channels.ChannelConfig {
	return channels.ChannelConfig{
		Payer: payer, PayerAuthorizer: payerAuthorizer, Receiver: c.s.PayTo,
		ReceiverAuthorizer: crypto.PubkeyToAddress(c.authorizer.PublicKey), Token: c.s.Network.Asset,
		WithdrawDelay: big.NewInt(900), Salt: [32]byte{31: salt},
	}
}

// send mines data from key to the batch contract and requires it to succeed.
func (c *channelChain) send(key *ecdsa.PrivateKey, data []byte) *types.Receipt {
	c.t.Helper()
	ctx := context.Background()
	opts := bind.NewKeyedTransactor(key, c.s.Network.ChainID)
	opts.Context = ctx
	tx, err := bind.Transact(c.batch.Instance(c.s.Client(), x402.BatchSettlementAddress), opts, data)
	if err != nil {
		c.t.Fatal(err)
	}
	if err := c.s.Mine(ctx, tx.Hash()); err != nil {
		c.t.Fatal(err)
	}
	receipt, err := c.s.Client().TransactionReceipt(ctx, tx.Hash())
	if err != nil {
		c.t.Fatal(err)
	}
	if receipt.Status != types.ReceiptStatusSuccessful {
		c.t.Fatalf("transaction %s reverted", tx.Hash().Hex())
	}
	return receipt
}

// revert simulates data sent by from to `to`, which must fail, and returns
// the failure: a custom error of either contract, or a require's reason.
func (c *channelChain) revert(from, to common.Address, data []byte) any {
	c.t.Helper()
	_, err := c.s.Client().CallContract(context.Background(), ethereum.CallMsg{From: from, To: &to, Data: data}, nil)
	var de rpc.DataError
	if !errors.As(err, &de) {
		c.t.Fatalf("the call did not revert: %v", err)
	}
	raw := common.FromHex(de.ErrorData().(string))
	if e, err := c.batch.UnpackError(raw); err == nil {
		return e
	}
	if e, err := c.collector.UnpackError(raw); err == nil {
		return e
	}
	reason, err := abi.UnpackRevert(raw)
	if err != nil {
		c.t.Fatalf("undecodable revert %x", raw)
	}
	return reason
}

func (c *channelChain) wantRevert(from, to common.Address, data []byte, want any) {
	c.t.Helper()
	if got := c.revert(from, to, data); fmt.Sprintf("%T%+v", got, got) != fmt.Sprintf("%T%+v", want, want) {
		c.t.Errorf("reverted with %T%+v, want %T%+v", got, got, want, want)
	}
}

func view[T any](c *channelChain, data []byte, unpack func([]byte) (T, error)) T {
	c.t.Helper()
	v, err := bind.Call(c.batch.Instance(c.s.Client(), x402.BatchSettlementAddress), &bind.CallOpts{}, data, unpack)
	if err != nil {
		c.t.Fatal(err)
	}
	return v
}

// channel is (balance, totalClaimed) of a channel.
func (c *channelChain) channel(id common.Hash) [2]int64 {
	c.t.Helper()
	ch := view(c, c.batch.PackChannels(id), c.batch.UnpackChannels)
	return [2]int64{ch.Balance.Int64(), ch.TotalClaimed.Int64()}
}

// depositData is a relayer's deposit of amount into cfg's channel, with the
// payer's ERC-3009 authorization to the collector for channel id.
func (c *channelChain) depositData(payer *ecdsa.PrivateKey, cfg channels.ChannelConfig, id common.Hash, amount, salt int64) []byte {
	c.t.Helper()
	now := c.s.Now().Unix()
	validAfter, validBefore, saltWord := big.NewInt(now-600), big.NewInt(now+3600), big.NewInt(salt)
	nonce := crypto.Keccak256Hash(id[:], common.LeftPadBytes(saltWord.Bytes(), 32))
	domain := apitypes.TypedDataDomain{
		Name: "USD Coin", Version: "2", ChainId: math.NewHexOrDecimal256(1337), VerifyingContract: c.s.Network.Asset.Hex(),
	}
	sig := sign(c.t, payer, typedDigest(c.t, receiveTypes, domain, "ReceiveWithAuthorization", apitypes.TypedDataMessage{
		"from": crypto.PubkeyToAddress(payer.PublicKey).Hex(), "to": x402.ERC3009CollectorAddress.Hex(),
		"value": big.NewInt(amount), "validAfter": validAfter, "validBefore": validBefore, "nonce": nonce.Hex(),
	}))
	uint256, _ := abi.NewType("uint256", "", nil)
	bytesT, _ := abi.NewType("bytes", "", nil)
	collectorData, err := abi.Arguments{{Type: uint256}, {Type: uint256}, {Type: uint256}, {Type: bytesT}}.Pack(validAfter, validBefore, saltWord, sig)
	if err != nil {
		c.t.Fatal(err)
	}
	return c.batch.PackDeposit(cfg, big.NewInt(amount), x402.ERC3009CollectorAddress, collectorData)
}

func (c *channelChain) deposit(payer *ecdsa.PrivateKey, cfg channels.ChannelConfig, amount, salt int64) *types.Receipt {
	c.t.Helper()
	return c.send(c.relayer.Key, c.depositData(payer, cfg, channelID(c.t, cfg), amount, salt))
}

// row is a claim of totalClaimed on a voucher for max signed by signer.
func (c *channelChain) row(signer *ecdsa.PrivateKey, cfg channels.ChannelConfig, max, totalClaimed int64) channels.VoucherClaim {
	return channels.VoucherClaim{
		Voucher:      channels.Voucher{Channel: cfg, MaxClaimableAmount: big.NewInt(max)},
		Signature:    sign(c.t, signer, voucherDigest(c.t, channelID(c.t, cfg), max)),
		TotalClaimed: big.NewInt(totalClaimed),
	}
}

func (c *channelChain) claimData(rows ...channels.VoucherClaim) []byte {
	return c.batch.PackClaimWithSignature(rows, sign(c.t, c.authorizer, claimBatchDigest(c.t, rows)))
}

func (c *channelChain) refundData(cfg channels.ChannelConfig, amount, nonce int64) []byte {
	sig := sign(c.t, c.authorizer, refundDigest(c.t, channelID(c.t, cfg), nonce, amount))
	return c.batch.PackRefundWithSignature(cfg, big.NewInt(amount), big.NewInt(nonce), sig)
}

// events names the logs of a receipt in order, by contract.
func (c *channelChain) events(r *types.Receipt) []string {
	c.t.Helper()
	names := []string{}
	batchABI, tokenABI := c.batch.GetABI(), c.token.GetABI()
	for _, l := range r.Logs {
		switch l.Address {
		case x402.BatchSettlementAddress:
			ev, err := batchABI.EventByID(l.Topics[0])
			if err != nil {
				c.t.Fatal(err)
			}
			names = append(names, ev.Name)
		case c.s.Network.Asset:
			ev, err := tokenABI.EventByID(l.Topics[0])
			if err != nil {
				c.t.Fatal(err)
			}
			names = append(names, "USDC."+ev.Name)
		default:
			c.t.Fatalf("a log of %s", l.Address.Hex())
		}
	}
	return names
}

func (c *channelChain) wantEvents(r *types.Receipt, want ...string) {
	c.t.Helper()
	if got := c.events(r); !slices.Equal(got, want) {
		c.t.Errorf("events %v, want %v", got, want)
	}
}

func (c *channelChain) wantBalance(who common.Address, want int64) {
	c.t.Helper()
	if got := balanceOf(c.t, c.s, who); got.Cmp(big.NewInt(want)) != 0 {
		c.t.Errorf("%s holds %s, want %d", who.Hex(), got, want)
	}
}

// A channel's life on the sandbox chain, as a facilitator drives it: gasless
// deposits, batched claims, one settlement for many channels, and a signed
// refund of what is left.
func TestBatchSettlementLifecycle(t *testing.T) {
	c := newChannelChain(t)
	buyerA, buyerB := c.s.Buyers[0], c.s.Buyers[1]
	payerAuthorizer := sandboxKey("test payer authorizer")
	// A's vouchers are checked against the payer itself, B's against a key
	// the payer committed to.
	cfgA := c.config(buyerA.Address, common.Address{}, 1)
	cfgB := c.config(buyerB.Address, crypto.PubkeyToAddress(payerAuthorizer.PublicKey), 1)
	idA, idB := channelID(t, cfgA), channelID(t, cfgB)
	for _, cfg := range []channels.ChannelConfig{cfgA, cfgB} {
		if got, want := common.Hash(view(c, c.batch.PackGetChannelId(cfg), c.batch.UnpackGetChannelId)), channelID(t, cfg); got != want {
			t.Fatalf("getChannelId %s, EIP-712 hash %s", got.Hex(), want.Hex())
		}
	}
	if got, want := common.Hash(view(c, c.batch.PackCHANNELCONFIGTYPEHASH(), c.batch.UnpackCHANNELCONFIGTYPEHASH)), crypto.Keccak256Hash([]byte(
		"ChannelConfig(address payer,address payerAuthorizer,address receiver,address receiverAuthorizer,address token,uint40 withdrawDelay,bytes32 salt)")); got != want {
		t.Errorf("CHANNEL_CONFIG_TYPEHASH %s, want %s", got.Hex(), want.Hex())
	}

	// Deposits: the collector pulls from the payer, the contract holds it.
	r := c.deposit(buyerA.Key, cfgA, 100_000, 7)
	c.wantEvents(r, "USDC.AuthorizationUsed", "USDC.Transfer", "USDC.Transfer", "ChannelCreated", "Deposited")
	created, err := c.batch.UnpackChannelCreatedEvent(r.Logs[3])
	if err != nil || created.ChannelId != idA || fmt.Sprint(created.Config) != fmt.Sprint(cfgA) {
		t.Errorf("ChannelCreated %+v, %v", created, err)
	}
	deposited, err := c.batch.UnpackDepositedEvent(r.Logs[4])
	if err != nil || deposited.ChannelId != idA || deposited.Sender != c.relayer.Address || deposited.Amount.Int64() != 100_000 || deposited.NewBalance.Int64() != 100_000 {
		t.Errorf("Deposited %+v, %v", deposited, err)
	}
	c.wantEvents(c.deposit(buyerB.Key, cfgB, 50_000, 7), "USDC.AuthorizationUsed", "USDC.Transfer", "USDC.Transfer", "ChannelCreated", "Deposited")
	// A top-up is a deposit into a live channel: no ChannelCreated.
	c.wantEvents(c.deposit(buyerA.Key, cfgA, 20_000, 8), "USDC.AuthorizationUsed", "USDC.Transfer", "USDC.Transfer", "Deposited")
	if a, b := c.channel(idA), c.channel(idB); a != [2]int64{120_000, 0} || b != [2]int64{50_000, 0} {
		t.Fatalf("channels A %v, B %v", a, b)
	}
	c.wantBalance(buyerA.Address, BuyerFunds-120_000)
	c.wantBalance(x402.BatchSettlementAddress, 170_000)
	c.wantBalance(x402.ERC3009CollectorAddress, 0)

	if got, want := common.Hash(view(c, c.batch.PackGetVoucherDigest(idA, big.NewInt(30_000)), c.batch.UnpackGetVoucherDigest)), voucherDigest(t, idA, 30_000); got != want {
		t.Errorf("getVoucherDigest %s, EIP-712 hash %s", got.Hex(), want.Hex())
	}
	rowA := c.row(buyerA.Key, cfgA, 30_000, 25_000)
	rowB := c.row(payerAuthorizer, cfgB, 20_000, 20_000)
	if got, want := common.Hash(view(c, c.batch.PackGetClaimBatchDigest([]channels.VoucherClaim{rowA, rowB}), c.batch.UnpackGetClaimBatchDigest)), claimBatchDigest(t, []channels.VoucherClaim{rowA, rowB}); got != want {
		t.Errorf("getClaimBatchDigest %s, EIP-712 hash %s", got.Hex(), want.Hex())
	}

	// One bad voucher reverts the whole batch, good rows included: whoever
	// builds batches must take the bad row out and resubmit the rest. B's
	// voucher signed by the payer rather than its committed authorizer is bad.
	badB := c.row(buyerB.Key, cfgB, 20_000, 20_000)
	c.wantRevert(c.relayer.Address, x402.BatchSettlementAddress, c.claimData(rowA, badB), &channels.BatchSettlementInvalidVoucherSignature{ChannelId: idB})

	r = c.send(c.relayer.Key, c.claimData(rowA, rowB))
	c.wantEvents(r, "Claimed", "Claimed")
	claimed, err := c.batch.UnpackClaimedEvent(r.Logs[0])
	if err != nil || claimed.ChannelId != idA || claimed.Sender != c.relayer.Address || claimed.ClaimAmount.Int64() != 25_000 || claimed.NewTotalClaimed.Int64() != 25_000 {
		t.Errorf("Claimed %+v, %v", claimed, err)
	}
	if a, b := c.channel(idA), c.channel(idB); a != [2]int64{120_000, 25_000} || b != [2]int64{50_000, 20_000} {
		t.Fatalf("after the claim: channels A %v, B %v", a, b)
	}
	// Rows at or below what is claimed are skipped: a replay changes nothing.
	c.wantEvents(c.send(c.relayer.Key, c.claimData(rowA, rowB)))
	acct := view(c, c.batch.PackReceivers(c.s.PayTo, c.s.Network.Asset), c.batch.UnpackReceivers)
	if acct.TotalClaimed.Int64() != 45_000 || acct.TotalSettled.Int64() != 0 {
		t.Fatalf("receiver account %+v", acct)
	}
	c.wantBalance(c.s.PayTo, 0)

	// Settling sweeps both channels' claims in one transfer; again is a no-op.
	r = c.send(c.relayer.Key, c.batch.PackSettle(c.s.PayTo, c.s.Network.Asset))
	c.wantEvents(r, "USDC.Transfer", "Settled")
	settled, err := c.batch.UnpackSettledEvent(r.Logs[1])
	if err != nil || settled.Receiver != c.s.PayTo || settled.Token != c.s.Network.Asset || settled.Sender != c.relayer.Address || settled.Amount.Int64() != 45_000 {
		t.Errorf("Settled %+v, %v", settled, err)
	}
	c.wantBalance(c.s.PayTo, 45_000)
	c.wantEvents(c.send(c.relayer.Key, c.batch.PackSettle(c.s.PayTo, c.s.Network.Asset)))
	c.wantBalance(c.s.PayTo, 45_000)
	acct = view(c, c.batch.PackReceivers(c.s.PayTo, c.s.Network.Asset), c.batch.UnpackReceivers)
	if acct.TotalClaimed.Int64() != 45_000 || acct.TotalSettled.Int64() != 45_000 {
		t.Fatalf("receiver account after settling %+v", acct)
	}

	// A refund asked for more than is left pays what is left, 95_000, and
	// spends nonce 0.
	if got, want := common.Hash(view(c, c.batch.PackGetRefundDigest(idA, big.NewInt(0), big.NewInt(1_000_000)), c.batch.UnpackGetRefundDigest)), refundDigest(t, idA, 0, 1_000_000); got != want {
		t.Errorf("getRefundDigest %s, EIP-712 hash %s", got.Hex(), want.Hex())
	}
	refund := c.refundData(cfgA, 1_000_000, 0)
	r = c.send(c.relayer.Key, refund)
	c.wantEvents(r, "USDC.Transfer", "Refunded")
	refunded, err := c.batch.UnpackRefundedEvent(r.Logs[1])
	if err != nil || refunded.ChannelId != idA || refunded.Sender != c.relayer.Address || refunded.Amount.Int64() != 95_000 {
		t.Errorf("Refunded %+v, %v", refunded, err)
	}
	c.wantBalance(buyerA.Address, BuyerFunds-120_000+95_000)
	if a := c.channel(idA); a != [2]int64{25_000, 25_000} {
		t.Errorf("after the refund: channel A %v", a)
	}
	if n := view(c, c.batch.PackRefundNonce(idA), c.batch.UnpackRefundNonce); n.Int64() != 1 {
		t.Errorf("refund nonce %s, want 1", n)
	}
	c.wantRevert(c.relayer.Address, x402.BatchSettlementAddress, refund, &channels.BatchSettlementRefundNonceMismatch{Expected: big.NewInt(1), Given: big.NewInt(0)})
	c.wantBalance(x402.BatchSettlementAddress, 170_000-45_000-95_000)

	// A channel never claimed from closes when refunded in full.
	cfgC := c.config(buyerA.Address, common.Address{}, 2)
	c.deposit(buyerA.Key, cfgC, 10_000, 7)
	r = c.send(c.relayer.Key, c.refundData(cfgC, 10_000, 0))
	c.wantEvents(r, "USDC.Transfer", "Refunded", "ChannelClosed")
	if ch := c.channel(channelID(t, cfgC)); ch != [2]int64{0, 0} {
		t.Errorf("channel C %v", ch)
	}
}

// The payer's way out without the receiver: a timed withdrawal, during which
// the receiver can still claim, capped at what is unclaimed when it ends.
func TestBatchSettlementWithdraw(t *testing.T) {
	c := newChannelChain(t)
	payer := c.s.Buyers[0]
	cfg := c.config(payer.Address, common.Address{}, 1)
	id := channelID(t, cfg)
	c.deposit(payer.Key, cfg, 50_000, 1)
	c.send(c.relayer.Key, c.claimData(c.row(payer.Key, cfg, 30_000, 10_000)))

	c.wantRevert(payer.Address, x402.BatchSettlementAddress, c.batch.PackInitiateWithdraw(cfg, big.NewInt(40_001)),
		&channels.BatchSettlementWithdrawExceedsAvailable{Amount: big.NewInt(40_001), Available: big.NewInt(40_000)})
	c.wantRevert(c.relayer.Address, x402.BatchSettlementAddress, c.batch.PackInitiateWithdraw(cfg, big.NewInt(40_000)),
		&channels.BatchSettlementUnauthorized{Caller: c.relayer.Address})
	r := c.send(payer.Key, c.batch.PackInitiateWithdraw(cfg, big.NewInt(40_000)))
	c.wantEvents(r, "WithdrawInitiated")
	head, err := c.s.Client().HeaderByHash(context.Background(), r.BlockHash)
	if err != nil {
		t.Fatal(err)
	}
	initiated, err := c.batch.UnpackWithdrawInitiatedEvent(r.Logs[0])
	finalizeAfter := int64(head.Time) + 900
	if err != nil || initiated.ChannelId != id || initiated.Amount.Int64() != 40_000 || initiated.FinalizeAfter.Int64() != finalizeAfter {
		t.Errorf("WithdrawInitiated %+v, %v; want finalizeAfter %d", initiated, err, finalizeAfter)
	}
	c.wantRevert(payer.Address, x402.BatchSettlementAddress, c.batch.PackFinalizeWithdraw(cfg),
		&channels.BatchSettlementWithdrawalNotReady{FinalizeAfter: big.NewInt(finalizeAfter)})

	// The receiver claims 20_000 more meanwhile, leaving 20_000 unclaimed.
	c.send(c.relayer.Key, c.claimData(c.row(payer.Key, cfg, 30_000, 30_000)))
	later := time.Unix(finalizeAfter+1, 0)
	c.s.clock = func() time.Time { return later }
	// Advance seals a plain block instead when a transaction is still
	// pending; keep at it until the head has passed the delay.
	for c.s.head.Load() < finalizeAfter {
		if err := c.s.Advance(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	r = c.send(payer.Key, c.batch.PackFinalizeWithdraw(cfg))
	c.wantEvents(r, "USDC.Transfer", "WithdrawFinalized")
	finalized, err := c.batch.UnpackWithdrawFinalizedEvent(r.Logs[1])
	if err != nil || finalized.ChannelId != id || finalized.Sender != payer.Address || finalized.Amount.Int64() != 20_000 {
		t.Errorf("WithdrawFinalized %+v, %v", finalized, err)
	}
	if ch := c.channel(id); ch != [2]int64{30_000, 30_000} {
		t.Errorf("channel %v", ch)
	}
	c.wantBalance(payer.Address, BuyerFunds-50_000+20_000)
	c.wantRevert(payer.Address, x402.BatchSettlementAddress, c.batch.PackFinalizeWithdraw(cfg),
		&channels.BatchSettlementNoPendingWithdrawal{ChannelId: id})
}

// What the contracts refuse.
func TestBatchSettlementRefusals(t *testing.T) {
	c := newChannelChain(t)
	payer := c.s.Buyers[0]
	batch := x402.BatchSettlementAddress

	// The withdraw delay must lie within 15 minutes and 30 days.
	for _, delay := range []int64{899, 2_592_001} {
		cfg := c.config(payer.Address, common.Address{}, 1)
		cfg.WithdrawDelay = big.NewInt(delay)
		c.wantRevert(c.relayer.Address, batch, c.depositData(payer.Key, cfg, channelID(t, cfg), 10_000, 1),
			&channels.BatchSettlementWithdrawDelayOutOfRange{WithdrawDelay: big.NewInt(delay)})
	}

	// Only the batch contract may make the collector pull funds.
	cfg := c.config(payer.Address, common.Address{}, 1)
	id := channelID(t, cfg)
	collect := c.collector.PackCollect(payer.Address, c.s.Network.Asset, big.NewInt(10_000), id, []byte{})
	c.wantRevert(c.relayer.Address, x402.ERC3009CollectorAddress, collect,
		&channels.ERC3009DepositCollectorOnlyBatchSettlement{Caller: c.relayer.Address})

	// An authorization is bound to its channel: it cannot fund another.
	other := c.config(payer.Address, common.Address{}, 2)
	c.wantRevert(c.relayer.Address, batch, c.depositData(payer.Key, other, id, 10_000, 1), "EIP3009: invalid signature")

	// receiveWithAuthorization is for the payee only, so nobody can spend
	// the collector's authorization outside a deposit.
	receive := c.token.PackReceiveWithAuthorization(payer.Address, x402.ERC3009CollectorAddress, big.NewInt(1), big.NewInt(0), big.NewInt(1<<40), [32]byte{}, make([]byte, 65))
	c.wantRevert(c.relayer.Address, c.s.Network.Asset, receive, "EIP3009: caller must be the payee")

	c.deposit(payer.Key, cfg, 10_000, 1)
	row := c.row(payer.Key, cfg, 5_000, 5_000)
	// claim() is for the receiver's side itself...
	c.wantRevert(c.relayer.Address, batch, c.batch.PackClaim([]channels.VoucherClaim{row}),
		&channels.BatchSettlementUnauthorized{Caller: c.relayer.Address})
	// ...claimWithSignature for whoever holds its authorizer's signature.
	rows := []channels.VoucherClaim{row}
	c.wantRevert(c.relayer.Address, batch, c.batch.PackClaimWithSignature(rows, sign(t, payer.Key, claimBatchDigest(t, rows))),
		&channels.BatchSettlementInvalidAuthorizerSignature{})
	// A claim beyond the voucher, or beyond the deposit.
	c.wantRevert(c.relayer.Address, batch, c.claimData(c.row(payer.Key, cfg, 5_000, 5_001)),
		&channels.BatchSettlementClaimExceedsVoucher{ChannelId: id, TotalClaimed: big.NewInt(5_001), MaxClaimableAmount: big.NewInt(5_000)})
	c.wantRevert(c.relayer.Address, batch, c.claimData(c.row(payer.Key, cfg, 20_000, 10_001)),
		&channels.BatchSettlementClaimExceedsBalance{ChannelId: id, TotalClaimed: big.NewInt(10_001), Balance: big.NewInt(10_000)})
	// A refund signed by someone else, and a refund of nothing.
	c.wantRevert(c.relayer.Address, batch, c.batch.PackRefundWithSignature(cfg, big.NewInt(1), big.NewInt(0), sign(t, payer.Key, refundDigest(t, id, 0, 1))),
		&channels.BatchSettlementInvalidAuthorizerSignature{})
	c.wantRevert(c.relayer.Address, batch, c.refundData(cfg, 0, 0), &channels.BatchSettlementZeroAmount{})
}

// The local check recovers a voucher's signature as the contract does: each
// form of one signature is accepted here exactly when a claim with it lands.
func TestVoucherSignatureFormsAgreeWithTheContract(t *testing.T) {
	c := newChannelChain(t)
	payer := c.s.Buyers[0]
	n := crypto.S256().Params().N
	for _, authorizer := range []common.Address{payer.Address, {}} {
		cfg := c.config(payer.Address, authorizer, 3)
		id := channelID(t, cfg)
		c.deposit(payer.Key, cfg, 10_000, 1)
		digest := voucherDigest(t, id, 5_000)
		signed := sign(t, payer.Key, digest)
		forms := map[string][]byte{"v 27/28": signed}
		low := slices.Clone(signed)
		low[64] -= 27
		forms["v 0/1"] = low
		high := slices.Clone(signed)
		copy(high[32:64], math.U256Bytes(new(big.Int).Sub(n, new(big.Int).SetBytes(signed[32:64]))))
		high[64] = 55 - high[64]
		forms["high s"] = high
		for name, sig := range forms {
			row := channels.VoucherClaim{Voucher: channels.Voucher{Channel: cfg, MaxClaimableAmount: big.NewInt(5_000)}, Signature: sig, TotalClaimed: big.NewInt(5_000)}
			to := x402.BatchSettlementAddress
			_, onChain := c.s.Client().CallContract(context.Background(), ethereum.CallMsg{From: c.relayer.Address, To: &to, Data: c.claimData(row)}, nil)
			signer, local := x402.RecoverDigest(digest, hexutil.Encode(sig))
			if local == nil && signer != payer.Address {
				t.Fatalf("%s: recovered %s", name, signer.Hex())
			}
			if (local == nil) != (onChain == nil) {
				t.Errorf("payer authorizer %s, %s: the local check says %v, the contract %v", authorizer.Hex(), name, local, onChain)
			}
		}
	}
}
