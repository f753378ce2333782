// Package facilitator is a self-hosted x402 facilitator on EVM chains: it
// verifies payments and settles them from its own gas key, each kind by its
// rules (kinds.go): exact by EIP-3009 transferWithAuthorization or through
// Permit2 and the x402 exact proxy, upto through the x402 upto proxy (both
// with a buyer's EIP-2612 permit submitted first when it carries one), and
// batch-settlement channels; and it serves the facilitator HTTP API. It runs against any JSON-RPC endpoint or, for the
// sandbox and tests, against go-ethereum's in-process simulated chain.
package facilitator

import (
	"context"
	"crypto/ecdsa"
	"errors"
	"fmt"
	"math/big"
	"sync"
	"time"

	"github.com/coinslot/coinslot/edge/facilitator/usdc"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/accounts/abi/bind/v2"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/rpc"
)

// Backend is what the facilitator needs from a chain: contract calls and
// transactions, receipts, and the chain id. *ethclient.Client and the
// simulated backend's client both provide it.
type Backend interface {
	bind.ContractBackend
	ethereum.PendingContractCaller
	TransactionReceipt(ctx context.Context, txHash common.Hash) (*types.Receipt, error)
	ChainID(ctx context.Context) (*big.Int, error)
}

// Config configures a Facilitator.
type Config struct {
	Network x402.Network // the chain and the token settled on it
	Backend Backend
	GasKey  *ecdsa.PrivateKey // pays gas for every settlement

	// SettleTimeout bounds the wait for a settlement's receipt (default 30s).
	SettleTimeout time.Duration
	// PollInterval is how often a pending receipt is asked for (default 500ms).
	PollInterval time.Duration
	// Chain, when set, is a chain that moves only on demand (the simulated
	// backend); live chains need none.
	Chain OnDemand
}

// OnDemand is a chain whose blocks are produced when a settlement asks.
type OnDemand interface {
	// Now is the time of the next block, against which an authorization's
	// validity window is checked.
	Now() time.Time
	// Advance brings the head block up to the present before a payment is
	// simulated or sent, so both run at the current time.
	Advance(ctx context.Context) error
	// Mine produces blocks until tx is in one.
	Mine(ctx context.Context, tx common.Hash) error
}

// Facilitator verifies and settles exact-scheme payments on one network.
// It implements x402.Facilitator. It is safe for concurrent use.
type Facilitator struct {
	network x402.Network
	backend Backend
	token   *bind.BoundContract
	batch   *bind.BoundContract // the batch-settlement contract
	key     *ecdsa.PrivateKey   // the gas key, which also signs as receiver authorizer
	abi     *usdc.TestUSDC
	gas     *bind.TransactOpts
	chain   OnDemand // nil on a live chain

	settleTimeout time.Duration
	pollInterval  time.Duration

	sendMu    sync.Mutex
	nextNonce *uint64 // the gas key's next account nonce; nil until read from the chain

	settling sync.Map // authorizationKey → struct{}: settlements in progress

	permit2 bool // Permit2 and the x402 proxies have code on the chain: exact through Permit2 and upto settle here
}

// permit2Deployed reports whether Permit2 and both x402 proxies have code
// on the backend's chain, at the addresses the official clients sign for.
// A chain without them (a fresh geth --dev node) settles EIP-3009 only.
func permit2Deployed(ctx context.Context, b Backend) (bool, error) {
	for _, a := range []common.Address{x402.Permit2Address, x402.ExactPermit2ProxyAddress, x402.UptoPermit2ProxyAddress} {
		code, err := b.CodeAt(ctx, a, nil)
		if err != nil {
			return false, fmt.Errorf("facilitator: reading the code at %s: %w", a.Hex(), err)
		}
		if len(code) == 0 {
			return false, nil
		}
	}
	return true, nil
}

var _ x402.Facilitator = (*Facilitator)(nil)

// New checks that the backend is on the network's chain and that the token
// has code there, and returns a facilitator for it.
func New(ctx context.Context, c Config) (*Facilitator, error) {
	if c.Backend == nil || c.GasKey == nil || c.Network.ChainID == nil {
		return nil, errors.New("facilitator: a backend, a gas key and a network with a chain id are required")
	}
	chainID, err := c.Backend.ChainID(ctx)
	if err != nil {
		return nil, fmt.Errorf("facilitator: reading the chain id: %w", err)
	}
	if chainID.Cmp(c.Network.ChainID) != 0 {
		return nil, fmt.Errorf("facilitator: the RPC endpoint serves chain %s, network %s is chain %s", chainID, c.Network.ID, c.Network.ChainID)
	}
	code, err := c.Backend.CodeAt(ctx, c.Network.Asset, nil)
	if err != nil {
		return nil, fmt.Errorf("facilitator: reading the token's code: %w", err)
	}
	if len(code) == 0 {
		return nil, fmt.Errorf("facilitator: no contract at %s on %s", c.Network.Asset.Hex(), c.Network.ID)
	}
	f := &Facilitator{
		network:       c.Network,
		backend:       c.Backend,
		abi:           usdc.NewTestUSDC(),
		gas:           bind.NewKeyedTransactor(c.GasKey, chainID),
		chain:         c.Chain,
		settleTimeout: c.SettleTimeout,
		pollInterval:  c.PollInterval,
	}
	if f.permit2, err = permit2Deployed(ctx, c.Backend); err != nil {
		return nil, err
	}
	f.token = f.abi.Instance(c.Backend, c.Network.Asset)
	f.batch, f.key = batchABI.Instance(c.Backend, x402.BatchSettlementAddress), c.GasKey
	if f.settleTimeout <= 0 {
		f.settleTimeout = 30 * time.Second
	}
	if f.pollInterval <= 0 {
		f.pollInterval = 500 * time.Millisecond
	}
	return f, nil
}

// Network is the network this facilitator settles on.
func (f *Facilitator) Network() x402.Network { return f.network }

// now is the time a settlement sent now would be mined at.
func (f *Facilitator) now() time.Time {
	if f.chain != nil {
		return f.chain.Now()
	}
	return time.Now()
}

// Address is the gas key's address, the sender of every settlement.
func (f *Facilitator) Address() common.Address { return f.gas.From }

// call runs a read-only call to the token and unpacks its result. It reads
// the pending state: the pending block carries the current time, where the
// latest block of an idle chain may be far in the past.
func call[T any](ctx context.Context, f *Facilitator, data []byte, unpack func([]byte) (T, error)) (T, error) {
	return callAt(ctx, f, f.network.Asset, data, unpack)
}

// callAt is call to another contract, from the gas key as a settlement is.
func callAt[T any](ctx context.Context, f *Facilitator, to common.Address, data []byte, unpack func([]byte) (T, error)) (T, error) {
	out, err := f.backend.PendingCallContract(ctx, ethereum.CallMsg{From: f.gas.From, To: &to, Data: data})
	if err != nil {
		var zero T
		return zero, err
	}
	return unpack(out)
}

// isChainError reports an error answered by the node (a revert, a call the
// chain refused) as opposed to a failure to reach it.
func isChainError(err error) bool {
	var rpcErr rpc.Error
	return errors.As(err, &rpcErr)
}
