package main

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/coinslot/coinslot/edge/facilitator"
	"github.com/coinslot/coinslot/edge/facilitator/channels"
	"github.com/coinslot/coinslot/edge/facilitator/usdc"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/ethereum/go-ethereum/accounts/abi/bind/v2"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethclient"
)

// gethChainID is the dev node's chain: not the sandbox chain's 1337, so the
// two are different networks to one seller.
const gethChainID = 31337

// gethDevKey is the account geth --dev imports into an empty keystore and
// makes its developer account; the genesis funds it.
const gethDevKey = "b71c71a67e1177ad4e901695e1b4b9ee17ae16c6668d313eac2f96dbcda3f291"

// gethNode is a go-ethereum node in developer mode on a loopback port,
// sealing a block as soon as a transaction arrives.
type gethNode struct {
	t      *testing.T
	url    string
	client *ethclient.Client
	dev    *bind.TransactOpts // the developer account, which funds the rest
}

// startGeth runs the geth binary COINSLOT_GETH names (or geth on PATH) as
// `geth --dev` on a fresh data directory until the test ends. Without one
// the test is skipped, unless COINSLOT_REQUIRE_GETH is set.
func startGeth(t *testing.T) *gethNode {
	t.Helper()
	bin := os.Getenv("COINSLOT_GETH")
	if bin == "" {
		bin, _ = exec.LookPath("geth")
	}
	if bin == "" {
		if os.Getenv("COINSLOT_REQUIRE_GETH") != "" {
			t.Fatal("COINSLOT_REQUIRE_GETH is set, but no geth: set COINSLOT_GETH to a go-ethereum geth binary")
		}
		t.Skip("needs go-ethereum's geth: set COINSLOT_GETH, or run scripts/e2e-networks.sh, which builds it")
	}
	dir := t.TempDir()
	devKey, _ := crypto.HexToECDSA(gethDevKey)
	devAddr := crypto.PubkeyToAddress(devKey.PublicKey)
	// geth --dev's own genesis but for the chain id, and with the
	// batch-settlement contracts, Permit2 and the x402 Permit2 proxies at
	// their canonical addresses: clients sign vouchers for, deposit at and
	// pay through those addresses on every chain, and only each one's
	// CREATE2 deployer, with its own bytecode, reaches them by a
	// transaction. Everything else arrives by transactions.
	genesis := core.DeveloperGenesisBlock(30_000_000, &devAddr)
	genesis.Config.ChainID = big.NewInt(gethChainID)
	genesis.Alloc[x402.BatchSettlementAddress] = types.Account{Code: common.FromHex(channels.BatchSettlementRuntime), Balance: new(big.Int)}
	genesis.Alloc[x402.ERC3009CollectorAddress] = types.Account{Code: common.FromHex(channels.ERC3009DepositCollectorRuntime), Balance: new(big.Int)}
	facilitator.PlacePermit2(genesis.Alloc)
	file, err := json.Marshal(genesis)
	if err != nil {
		t.Fatal(err)
	}
	data, genesisPath := filepath.Join(dir, "data"), filepath.Join(dir, "genesis.json")
	if err := os.WriteFile(genesisPath, file, 0o600); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(bin, "init", "--datadir", data, genesisPath).CombinedOutput(); err != nil {
		t.Fatalf("geth init: %v\n%s", err, out)
	}
	httpPort, authPort := freePort(t), freePort(t)
	logs := &lockedBuffer{}
	cmd := exec.Command(bin, "--dev", "--dev.period", "0", "--datadir", data, "--ipcdisable",
		"--http", "--http.addr", "127.0.0.1", "--http.port", strconv.Itoa(httpPort), "--http.api", "eth,net,web3",
		"--authrpc.addr", "127.0.0.1", "--authrpc.port", strconv.Itoa(authPort), "--verbosity", "2")
	cmd.Stdout, cmd.Stderr = logs, logs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	t.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-exited:
		case <-time.After(20 * time.Second):
			cmd.Process.Kill()
			<-exited
		}
		if t.Failed() {
			t.Logf("geth's log:\n%s", logs.String())
		}
	})
	g := &gethNode{t: t, url: fmt.Sprintf("http://127.0.0.1:%d", httpPort)}
	for deadline := time.Now().Add(60 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		select {
		case err := <-exited:
			t.Fatalf("geth exited: %v\n%s", err, logs.String())
		default:
		}
		if g.client, err = ethclient.Dial(g.url); err == nil {
			if id, err := g.client.ChainID(context.Background()); err == nil && id.Int64() == gethChainID {
				break
			}
			g.client.Close()
		}
		if time.Now().After(deadline) {
			t.Fatalf("geth did not answer on %s within a minute\n%s", g.url, logs.String())
		}
	}
	t.Cleanup(g.client.Close)
	g.dev = bind.NewKeyedTransactor(devKey, big.NewInt(gethChainID))
	return g
}

// freePort is a loopback port free at the time of asking.
func freePort(t *testing.T) int {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

// mined waits for tx's receipt and fails the test unless it succeeded.
func (g *gethNode) mined(tx *types.Transaction, err error) *types.Receipt {
	g.t.Helper()
	if err != nil {
		g.t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	r, err := bind.WaitMined(ctx, g.client, tx.Hash())
	if err != nil || r.Status != types.ReceiptStatusSuccessful {
		g.t.Fatalf("transaction %s: %+v %v", tx.Hash().Hex(), r, err)
	}
	return r
}

// fundGas sends ETH from the developer account.
func (g *gethNode) fundGas(to common.Address, wei *big.Int) {
	g.t.Helper()
	ctx := context.Background()
	nonce, err := g.client.PendingNonceAt(ctx, g.dev.From)
	if err != nil {
		g.t.Fatal(err)
	}
	tip, err := g.client.SuggestGasTipCap(ctx)
	if err != nil {
		g.t.Fatal(err)
	}
	head, err := g.client.HeaderByNumber(ctx, nil)
	if err != nil {
		g.t.Fatal(err)
	}
	fee := new(big.Int).Add(tip, new(big.Int).Mul(head.BaseFee, big.NewInt(2)))
	tx, err := g.dev.Signer(g.dev.From, types.NewTx(&types.DynamicFeeTx{
		ChainID: big.NewInt(gethChainID), Nonce: nonce, GasTipCap: tip, GasFeeCap: fee, Gas: 21_000, To: &to, Value: wei,
	}))
	if err != nil {
		g.t.Fatal(err)
	}
	g.mined(tx, g.client.SendTransaction(ctx, tx))
}

// deployUSDC deploys the test USDC (EIP-3009, domain "USD Coin" version
// 2) from the developer account and mints atomic units to each holder.
func (g *gethNode) deployUSDC(atomic int64, holders ...common.Address) common.Address {
	g.t.Helper()
	token := usdc.NewTestUSDC()
	asset, tx, err := bind.DeployContract(g.dev, common.FromHex(usdc.TestUSDCMetaData.Bin), g.client, token.PackConstructor("USD Coin", "2"))
	g.mined(tx, err)
	contract := token.Instance(g.client, asset)
	for _, h := range holders {
		g.mined(bind.Transact(contract, g.dev, token.PackMint(h, big.NewInt(atomic))))
	}
	return asset
}

// tokenBalance is who's balance of the token at asset on chain.
func tokenBalance(t *testing.T, chain bind.ContractBackend, asset, who common.Address) *big.Int {
	t.Helper()
	token := usdc.NewTestUSDC()
	n, err := bind.Call(token.Instance(chain, asset), &bind.CallOpts{Context: context.Background()}, token.PackBalanceOf(who), token.UnpackBalanceOf)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// ownFacilitatorOn runs coinslot facilitator against the node, settling
// asset with a gas key funded from the developer account, until the test
// ends; it returns its URL.
func (g *gethNode) ownFacilitatorOn(asset common.Address) string {
	g.t.Helper()
	gas, err := crypto.GenerateKey()
	if err != nil {
		g.t.Fatal(err)
	}
	g.fundGas(crypto.PubkeyToAddress(gas.PublicKey), new(big.Int).Exp(big.NewInt(10), big.NewInt(19), nil))
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		g.t.Fatal(err)
	}
	ctx, stop := context.WithCancel(context.Background())
	served := make(chan int, 1)
	go func() { served <- serveFacilitator(ctx, ln, g.url, asset.Hex(), gas, false) }()
	g.t.Cleanup(func() {
		stop()
		if code := <-served; code != 0 {
			g.t.Errorf("coinslot facilitator exited %d", code)
		}
	})
	return "http://" + ln.Addr().String()
}
