package main

import (
	"context"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/coinslot/coinslot/config"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethclient"
)

// coinslot facilitator --deploy-test-usdc, on a development chain (the
// sandbox's, over its JSON-RPC), deploys the test USDC, mints the gas key's
// account 1000 of it, prints config lines a seller takes as they are, and
// settles that token until SIGTERM.
func TestFacilitatorDeploysTheTestUSDC(t *testing.T) {
	cfg, err := config.ParseWith(nil, []string{"COINSLOT_LEDGER_PATH=" + filepath.Join(t.TempDir(), "ledger.db")}, config.Options{Listen: freeAddr(t)})
	if err != nil {
		t.Fatal(err)
	}
	svc, err := start(context.Background(), cfg, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(svc.Close)
	ln, err := net.Listen("tcp", cfg.Listen)
	if err != nil {
		t.Fatal(err)
	}
	ctx, stop := context.WithCancel(context.Background())
	t.Cleanup(stop)
	go svc.serve(ctx, ln)
	rpc := cfg.BaseURL + pathSandboxRPC

	if code, _, stderr := output(t, "facilitator", "--rpc", rpc, "--asset", "0x5FbDB2315678afecb367f032d93F642f64180aa3", "--deploy-test-usdc"); code != 2 ||
		stderr != "coinslot facilitator: --asset names a token, --deploy-test-usdc deploys one: give one of them\n" {
		t.Errorf("--asset with --deploy-test-usdc: exit %d, %q", code, stderr)
	}

	t.Setenv("COINSLOT_FACILITATOR_KEY", opsBuyerKey) // a sandbox buyer: it holds ETH for gas
	gas, _ := crypto.HexToECDSA(opsBuyerKey)
	facAddr := freeAddr(t)
	type result struct {
		code           int
		stdout, stderr string
	}
	done := make(chan result, 1)
	go func() {
		code, stdout, stderr := output(t, "facilitator", "--rpc", rpc, "--deploy-test-usdc", "--listen", facAddr)
		done <- result{code, stdout, stderr}
	}()
	eventually(t, "the facilitator ready", func() bool { return getStatus("http://"+facAddr+"/supported") == http.StatusOK })
	res, err := http.Get("http://" + facAddr + "/supported")
	if err != nil {
		t.Fatal(err)
	}
	supported, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if err := syscall.Kill(os.Getpid(), syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	var r result
	select {
	case r = <-done:
	case <-time.After(40 * time.Second):
		t.Fatal("the facilitator still running 40 s after SIGTERM")
	}
	m := regexp.MustCompile(`^test USDC (0x[0-9a-fA-F]{40}) on eip155:1337; 1000\.000000 minted to ` + crypto.PubkeyToAddress(gas.PublicKey).Hex() + `, the gas key's account\n`).FindStringSubmatch(r.stdout)
	if r.code != 0 || m == nil {
		t.Fatalf("exit %d\nstdout %s\nstderr %s", r.code, r.stdout, r.stderr)
	}
	asset := common.HexToAddress(m[1])
	want := "a seller's config selling on it:\n" +
		"network: [eip155:1337]\n" +
		"custom_networks:\n" +
		"  - {id: eip155:1337, chain_id: 1337, asset: \"" + asset.Hex() + "\", domain_name: USD Coin, domain_version: \"2\"}\n" +
		"facilitator_url: http://" + facAddr + "\n" +
		"chain_rpc: [" + rpc + "]\n"
	if lines := strings.SplitN(r.stdout, "\n", 2)[1]; lines != want {
		t.Errorf("config lines\n%s\nwant\n%s", lines, want)
	}
	if !strings.Contains(string(supported), `"network":"eip155:1337"`) {
		t.Errorf("/supported: %s", supported)
	}
	chain, err := ethclient.Dial(rpc)
	if err != nil {
		t.Fatal(err)
	}
	defer chain.Close()
	if got := tokenBalance(t, chain, asset, crypto.PubkeyToAddress(gas.PublicKey)); got.Int64() != testUSDCMinted {
		t.Errorf("the gas key's account holds %s of the test USDC, want %d", got, testUSDCMinted)
	}
	// The lines are a seller's config as printed.
	seller := "mode: production\nbase_url: https://coinslot.example\npay_to: \"0x70997970C51812dc3A010C7d01b50e0d17dc79C8\"\n" + strings.SplitN(want, "\n", 2)[1]
	if _, err := config.ParseWith([]byte(seller), nil, config.Options{Networks: networkNames()}); err != nil {
		t.Errorf("the printed lines are not a config:\n%s\n%v", seller, err)
	}
}
