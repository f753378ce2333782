package facilitator

import (
	"bytes"
	"context"
	"io"
	"math/big"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/coinslot/coinslot/edge/facilitator/usdc"
	"github.com/ethereum/go-ethereum/accounts/abi/bind/v2"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/ethereum/go-ethereum/rpc"
)

func dialSandbox(t *testing.T, s *Sandbox) (*ethclient.Client, string) {
	t.Helper()
	srv := httptest.NewServer(s.RPCHandler())
	t.Cleanup(srv.Close)
	c, err := ethclient.Dial(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Close)
	return c, srv.URL
}

// A client dialing the sandbox over HTTP reads its chain and token, and a
// transaction it sends has its receipt as soon as its hash is answered.
func TestSandboxRPCServesTheChain(t *testing.T) {
	s := newSandbox(t, 2)
	c, _ := dialSandbox(t, s)
	ctx := context.Background()

	if id, err := c.ChainID(ctx); err != nil || id.Int64() != 1337 {
		t.Fatalf("eth_chainId: %v %v", id, err)
	}
	if n, err := JoinSandbox(ctx, c); err != nil || n.Asset != s.Network.Asset {
		t.Fatalf("JoinSandbox: %+v %v", n, err)
	}
	token := usdc.NewTestUSDC()
	contract := token.Instance(c, s.Network.Asset)
	balance := func(who string, i int) *big.Int {
		addr := s.PayTo
		if i >= 0 {
			addr = s.Buyers[i].Address
		}
		b, err := bind.Call(contract, &bind.CallOpts{Context: ctx}, token.PackBalanceOf(addr), token.UnpackBalanceOf)
		if err != nil {
			t.Fatalf("%s's balance: %v", who, err)
		}
		return b
	}
	if b := balance("buyer", 0); b.Int64() != BuyerFunds {
		t.Fatalf("buyer holds %s, want %d", b, BuyerFunds)
	}
	before, err := c.BlockNumber(ctx)
	if err != nil {
		t.Fatal(err)
	}

	opts := bind.NewKeyedTransactor(s.Buyers[0].Key, s.Network.ChainID)
	opts.Context = ctx
	tx, err := bind.Transact(contract, opts, token.PackTransfer(s.PayTo, big.NewInt(1234)))
	if err != nil {
		t.Fatal(err)
	}
	receipt, err := c.TransactionReceipt(ctx, tx.Hash())
	if err != nil {
		t.Fatalf("receipt right after eth_sendRawTransaction: %v", err)
	}
	if receipt.Status != types.ReceiptStatusSuccessful || receipt.BlockNumber.Uint64() <= before {
		t.Fatalf("receipt: status %d in block %s, head was %d", receipt.Status, receipt.BlockNumber, before)
	}
	if b := balance("seller", -1); b.Int64() != 1234 {
		t.Fatalf("seller holds %s, want 1234", b)
	}
	if b := balance("buyer", 0); b.Int64() != BuyerFunds-1234 {
		t.Fatalf("buyer holds %s, want %d", b, BuyerFunds-1234)
	}
	eth, err := c.BalanceAt(ctx, s.Buyers[1].Address, nil)
	if err != nil || eth.Cmp(ether(100)) != 0 {
		t.Fatalf("eth_getBalance: %v %v", eth, err)
	}
}

// Batches are answered in order; methods outside eth_, net_ and web3_ are
// refused with JSON-RPC's "method not found".
func TestSandboxRPCBatchesAndRefusals(t *testing.T) {
	s := newSandbox(t, 1)
	c, url := dialSandbox(t, s)
	var chainID, version string
	batch := []rpc.BatchElem{
		{Method: "eth_chainId", Result: &chainID},
		{Method: "net_version", Result: &version},
		{Method: "admin_exportChain", Args: []any{"/tmp/chain"}, Result: new(bool)},
	}
	if err := c.Client().BatchCall(batch); err != nil {
		t.Fatal(err)
	}
	if chainID != "0x539" || batch[0].Error != nil || batch[1].Error != nil || version == "" {
		t.Fatalf("eth_chainId %q (%v), net_version %q (%v)", chainID, batch[0].Error, version, batch[1].Error)
	}
	if e, ok := batch[2].Error.(rpc.Error); !ok || e.ErrorCode() != rpcNoMethod {
		t.Fatalf("admin_exportChain: %v", batch[2].Error)
	}

	for _, tc := range []struct{ method, body, want string }{
		{"GET", "", "JSON-RPC is served on POST\n"},
		{"POST", `{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":{"a":1}}`, `{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"params must be an array"}}` + "\n"},
		{"POST", `[]`, `{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"a batch is a non-empty JSON array of requests"}}` + "\n"},
		{"POST", `{"jsonrpc":"2.0","method":"eth_chainId"}`, ""},
	} {
		req, _ := http.NewRequest(tc.method, url, bytes.NewBufferString(tc.body))
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		got, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if string(got) != tc.want {
			t.Errorf("%s %s: %q, want %q", tc.method, tc.body, got, tc.want)
		}
	}
}
