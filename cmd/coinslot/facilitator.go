package main

import (
	"context"
	"crypto/ecdsa"
	"fmt"
	"log/slog"
	"math/big"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/coinslot/coinslot/config"
	"github.com/coinslot/coinslot/edge/facilitator"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethclient"
)

// runFacilitator serves /verify, /settle and /supported for one EVM chain.
// The gas key comes from COINSLOT_FACILITATOR_KEY: it pays gas, and holds
// no funds of buyers or seller.
const facilitatorUsage = `Serves /verify, /settle and /supported for one EVM chain, settling EIP-3009
authorizations with its own gas key; it holds no funds of buyers or seller.

--deploy-test-usdc first deploys the EIP-3009 test token on a development
node (anvil, or geth --dev with a funded gas key), mints 1000 test USDC to
the gas key's account, prints the token and the config lines of a seller
selling on that chain, and settles that token.

Its lines are serve's: COINSLOT_LOG_FORMAT (text or json) and
COINSLOT_LOG_LEVEL set them as the log keys do for serve.

Environment:
  COINSLOT_FACILITATOR_KEY   the gas key in hex (required)
  COINSLOT_LOG_FORMAT, COINSLOT_LOG_LEVEL   as serve's log.format and log.level

Flags:
`

func runFacilitator(args []string) int {
	fs := newFlags("facilitator", facilitatorUsage)
	rpc := fs.String("rpc", "", "JSON-RPC URL of the chain (required)")
	listen := fs.String("listen", "127.0.0.1:8402", "listen address")
	asset := fs.String("asset", "", "the EIP-3009 token's address (domain \"USD Coin\" version 2); defaults to the USDC of the built-in networks' chain")
	deploy := fs.Bool("deploy-test-usdc", false, "deploy the test USDC on a development chain first, and settle it")
	if code, ok := parse(fs, args); !ok {
		return code
	}
	if *deploy && *asset != "" {
		fmt.Fprintln(os.Stderr, "coinslot facilitator: --asset names a token, --deploy-test-usdc deploys one: give one of them")
		return 2
	}
	keyHex := os.Getenv("COINSLOT_FACILITATOR_KEY")
	if *rpc == "" || keyHex == "" {
		fmt.Fprintln(os.Stderr, "coinslot facilitator: --rpc and COINSLOT_FACILITATOR_KEY are required")
		return 2
	}
	key, err := crypto.HexToECDSA(trim0x(keyHex))
	if err != nil {
		fmt.Fprintln(os.Stderr, "coinslot facilitator: COINSLOT_FACILITATOR_KEY is not a private key")
		return 2
	}
	logs, err := logsFromEnvironment(os.Environ())
	if err != nil {
		fmt.Fprintln(os.Stderr, "coinslot facilitator:", err)
		return 2
	}
	ln, err := net.Listen("tcp", *listen)
	if err != nil {
		fmt.Fprintln(os.Stderr, "coinslot facilitator:", err)
		return 1
	}
	out := newLogWriter(os.Stderr)
	defer out.Close()
	level := new(slog.LevelVar)
	_ = level.UnmarshalText([]byte(logs.Level)) // validated with the config
	slog.SetDefault(newLogger(out, logs.Format, level))
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return serveFacilitator(ctx, ln, *rpc, *asset, key, *deploy)
}

// logsFromEnvironment is the log keys as serve reads them from the
// environment, so that the facilitator beside it logs alike.
func logsFromEnvironment(environ []string) (config.Log, error) {
	var logs []string
	for _, kv := range environ {
		if strings.HasPrefix(kv, "COINSLOT_LOG_") {
			logs = append(logs, kv)
		}
	}
	cfg, err := config.ParseWith(nil, logs, config.Options{})
	if err != nil {
		return config.Log{}, err
	}
	return cfg.Log, nil
}

// serveFacilitator serves the facilitator of the chain at rpc on ln until
// ctx ends, then lets the requests in flight (a settlement waits for its
// receipt) finish. With deploy, it settles a test USDC it deploys first.
func serveFacilitator(ctx context.Context, ln net.Listener, rpc, asset string, key *ecdsa.PrivateKey, deploy bool) int {
	defer ln.Close()
	client, err := ethclient.DialContext(ctx, rpc)
	if err != nil {
		fmt.Fprintln(os.Stderr, "coinslot facilitator:", err)
		return 1
	}
	defer client.Close()
	chainID, err := client.ChainID(ctx)
	if err != nil {
		fmt.Fprintln(os.Stderr, "coinslot facilitator: chain id:", err)
		return 1
	}
	if deploy {
		token, err := deployTestUSDC(ctx, client, chainID, key)
		if err != nil {
			fmt.Fprintln(os.Stderr, "coinslot facilitator:", err)
			return 1
		}
		asset = token.Hex()
	}
	network, err := networkFor(chainID, asset)
	if err != nil {
		fmt.Fprintln(os.Stderr, "coinslot facilitator:", err)
		return 2
	}
	if deploy {
		printSellerConfig(os.Stdout, network, "http://"+ln.Addr().String(), rpc, key)
	}
	f, err := facilitator.New(ctx, facilitator.Config{Network: network, Backend: client, GasKey: key})
	if err != nil {
		fmt.Fprintln(os.Stderr, "coinslot facilitator:", err)
		return 1
	}
	slog.Info("facilitator serving", "listen", ln.Addr().String(), "network", network.ID, "asset", network.Asset.Hex(), "gas", f.Address().Hex())
	srv := &http.Server{Handler: f.HTTPHandler(), ReadHeaderTimeout: 10 * time.Second}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	select {
	case err := <-served:
		fmt.Fprintln(os.Stderr, "coinslot facilitator:", err)
		return 1
	case <-ctx.Done():
	}
	slog.Info("facilitator shutting down: settlements in flight wait for their receipts", "deadline", facilitatorDrain)
	drain, cancel := context.WithTimeout(context.Background(), facilitatorDrain)
	defer cancel()
	if err := srv.Shutdown(drain); err != nil {
		slog.Error("facilitator stopped before its settlements in flight had their receipts", "err", err)
		return 1
	}
	slog.Info("facilitator stopped")
	return 0
}

// facilitatorDrain is how long a stopping facilitator waits for its
// requests in flight: a settlement's receipt takes up to its 30 s timeout.
const facilitatorDrain = 35 * time.Second

// networkFor is the built-in network of the chain, or the chain with the
// given token.
func networkFor(chainID *big.Int, asset string) (x402.Network, error) {
	if asset == "" {
		for _, n := range x402.Networks {
			if n.ChainID.Cmp(chainID) == 0 {
				return n, nil
			}
		}
	}
	if !common.IsHexAddress(asset) {
		return x402.Network{}, fmt.Errorf("chain %s is none of the built-in networks: --asset must name its USDC contract", chainID)
	}
	return x402.Network{
		ID: "eip155:" + chainID.String(), ChainID: chainID, Name: "eip155:" + chainID.String(),
		Asset: common.HexToAddress(asset), AssetName: "USD Coin", AssetVersion: "2",
	}, nil
}

func trim0x(s string) string {
	if len(s) > 1 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') {
		return s[2:]
	}
	return s
}
