package facilitator

import (
	"context"
	"crypto/ecdsa"
	"errors"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coinslot/coinslot/edge/facilitator/channels"
	"github.com/coinslot/coinslot/edge/facilitator/usdc"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/ethereum/go-ethereum/accounts/abi/bind/v2"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/eth/ethconfig"
	"github.com/ethereum/go-ethereum/ethclient/simulated"
	"github.com/ethereum/go-ethereum/node"
	"github.com/ethereum/go-ethereum/params"
	"github.com/ethereum/go-ethereum/rpc"
)

// The sandbox chain's names on go-ethereum's own dev chain id, 1337; on
// another chain id each is followed by the id.
const (
	SandboxV1Name    = "coinslot-sandbox"
	SandboxChainName = "coinslot sandbox chain"
)

// BuyerFunds is what each sandbox buyer starts with: 1000 test USDC, in
// atomic units (6 decimals).
const BuyerFunds = 1000_000000

// maxMineRounds bounds the rounds (a block sealed, or a wait for the wall
// clock) for one settlement: more than a few blocks means the transaction
// cannot be included at all.
const maxMineRounds = 16

// mintGas is ample for a test USDC mint, which takes up to about 250k.
const mintGas = 500_000

// maxLead is how far, in seconds, the chain's clock may run ahead of the
// wall clock. A block's time is at least its parent's plus one second, so a
// buyer's loop of purchases, each waiting for its settlement's block, needs
// a second of chain time per purchase: were blocks held to the wall clock,
// every purchase after the first would wait up to a second for it. Blocks
// are sealed at once while their time is within maxLead of the wall clock,
// so a loop of ten purchases runs at its own pace; beyond, a settlement
// waits for the clock and those sent meanwhile share its block, so under
// sustained load the chain seals one block a second, maxLead ahead. The
// lead is what a block's time (never a receipt's settled_at, which is the
// seller's clock) may say beyond the present, and what the chain's view of
// "now" adds when it checks a payment's validBefore: a payment signed for
// the default 60 s window is valid for maxLead seconds less.
const maxLead = 10

// Buyer is a funded sandbox account.
type Buyer struct {
	Address common.Address
	Key     *ecdsa.PrivateKey
	KeyHex  string // 0x-prefixed, as wallets import it
}

// Sandbox is an in-process chain with the test USDC deployed, a facilitator
// settling on it, a seller address and funded buyers. Blocks are produced
// as settlements need them, at the wall clock's time: a chain idle for hours
// is brought to the present before the next settlement.
type Sandbox struct {
	Facilitator *Facilitator
	Network     x402.Network
	PayTo       common.Address
	Buyers      []Buyer

	sim    *simulated.Backend
	client simulated.Client
	rpc    *rpc.Client // the node's own endpoint, which RPCHandler serves
	rpcDir string      // holds the endpoint's socket

	clock func() time.Time // the wall clock; tests move it

	mineMu sync.Mutex
	closed atomic.Bool  // set under mineMu
	head   atomic.Int64 // unix time of the head block
}

// sandboxKey is a fixed key for a sandbox role, so the token's address and
// the seller are the same on every run.
func sandboxKey(role string) *ecdsa.PrivateKey {
	key, err := crypto.ToECDSA(crypto.Keccak256([]byte("coinslot sandbox " + role)))
	if err != nil {
		panic(err) // the inputs are constants: this either never happens or always does
	}
	return key
}

// NewSandbox starts a simulated chain of chain id chainID, deploys the test
// USDC (EIP-712 domain "USD Coin", version "2", as Base USDC) and funds n
// buyers, the first n accounts of DevMnemonic, with BuyerFunds and 100 ETH
// each. The batch-settlement contracts, Permit2 and the x402 Permit2
// proxies are in its genesis state.
func NewSandbox(ctx context.Context, n int, chainID int64) (*Sandbox, error) {
	if n < 1 || n > len(devKeys) {
		return nil, fmt.Errorf("sandbox: between 1 and %d buyers, not %d", len(devKeys), n)
	}
	if chainID < 1 {
		return nil, fmt.Errorf("sandbox: chain id %d is not positive", chainID)
	}
	gasKey := sandboxKey("gas key")
	s := &Sandbox{Network: SandboxNetwork(chainID), PayTo: SandboxPayTo(), clock: time.Now}
	alloc := types.GenesisAlloc{crypto.PubkeyToAddress(gasKey.PublicKey): {Balance: ether(1_000_000)}}
	for _, hex := range devKeys[:n] {
		key, err := crypto.HexToECDSA(hex[2:])
		if err != nil {
			return nil, err
		}
		b := Buyer{Address: crypto.PubkeyToAddress(key.PublicKey), Key: key, KeyHex: hex}
		s.Buyers = append(s.Buyers, b)
		alloc[b.Address] = types.Account{Balance: ether(100)}
	}
	placeBatchSettlement(alloc)
	PlacePermit2(alloc)
	// The simulated backend keeps its node to itself; its IPC endpoint, in
	// a folder of its own, is the way to the node's JSON-RPC.
	var err error
	if s.rpcDir, err = os.MkdirTemp("", "coinslot-sandbox"); err != nil {
		return nil, fmt.Errorf("sandbox: %w", err)
	}
	ipc := filepath.Join(s.rpcDir, "chain.ipc")
	s.sim = simulated.NewBackend(alloc, func(nc *node.Config, ec *ethconfig.Config) {
		nc.IPCPath = ipc
		// The simulated chain's id is its genesis config's.
		chain := *ec.Genesis.Config
		chain.ChainID = new(big.Int).Set(s.Network.ChainID)
		ec.Genesis.Config = &chain
	})
	s.client = s.sim.Client()
	if s.rpc, err = rpc.DialIPC(ctx, ipc); err != nil {
		s.Close()
		return nil, fmt.Errorf("sandbox: %w", err)
	}
	asset, err := s.deployToken(ctx, gasKey)
	if err != nil {
		s.Close()
		return nil, fmt.Errorf("sandbox: %w", err)
	}
	if asset != s.Network.Asset {
		s.Close()
		return nil, fmt.Errorf("sandbox: the test USDC is at %s, not %s", asset.Hex(), s.Network.Asset.Hex())
	}
	s.Facilitator, err = New(ctx, Config{Network: s.Network, Backend: s.client, GasKey: gasKey, Chain: s})
	if err != nil {
		s.Close()
		return nil, err
	}
	return s, nil
}

// placeBatchSettlement puts the batch-settlement scheme's contracts at their
// canonical addresses, where clients look for them on every chain. They keep
// no state from a constructor, so their runtime code is all they need.
func placeBatchSettlement(alloc types.GenesisAlloc) {
	alloc[x402.BatchSettlementAddress] = types.Account{Code: common.FromHex(channels.BatchSettlementRuntime), Balance: new(big.Int)}
	alloc[x402.ERC3009CollectorAddress] = types.Account{Code: common.FromHex(channels.ERC3009DepositCollectorRuntime), Balance: new(big.Int)}
}

// SandboxNetwork is the network of a sandbox chain of chain id chainID,
// eip155:<chainID>. The test USDC is the gas key's first deployment, so its
// address is the same on every sandbox chain.
func SandboxNetwork(chainID int64) x402.Network {
	v1, name := SandboxV1Name, SandboxChainName
	if params.AllDevChainProtocolChanges.ChainID.Cmp(big.NewInt(chainID)) != 0 {
		v1, name = fmt.Sprintf("%s-%d", v1, chainID), fmt.Sprintf("%s %d", name, chainID)
	}
	return x402.Network{
		ID: fmt.Sprintf("eip155:%d", chainID), V1Name: v1, ChainID: big.NewInt(chainID), Name: name,
		Asset:     crypto.CreateAddress(crypto.PubkeyToAddress(sandboxKey("gas key").PublicKey), 0),
		AssetName: "USD Coin", AssetVersion: "2",
	}
}

// SandboxPayTo is the seller of every sandbox chain.
func SandboxPayTo() common.Address { return crypto.PubkeyToAddress(sandboxKey("seller").PublicKey) }

// JoinSandbox checks that chain, the RPC endpoint another process serves
// (a sandbox's /sandbox/rpc), is a sandbox chain, and returns its network,
// of the chain's own id.
// A service settling on a chain it does not hold can be killed and
// restarted while its settlements stay on chain, as in production.
func JoinSandbox(ctx context.Context, chain interface {
	ChainID(context.Context) (*big.Int, error)
	CodeAt(context.Context, common.Address, *big.Int) ([]byte, error)
}) (x402.Network, error) {
	id, err := chain.ChainID(ctx)
	if err != nil {
		return x402.Network{}, fmt.Errorf("reading the chain id: %w", err)
	}
	if !id.IsInt64() {
		return x402.Network{}, fmt.Errorf("the endpoint serves chain %s, beyond any sandbox chain's id", id)
	}
	n := SandboxNetwork(id.Int64())
	code, err := chain.CodeAt(ctx, n.Asset, nil)
	if err != nil {
		return x402.Network{}, fmt.Errorf("reading the test USDC's code: %w", err)
	}
	if len(code) == 0 {
		return x402.Network{}, fmt.Errorf("chain %s has no test USDC at %s: it is not a coinslot sandbox chain", id, n.Asset.Hex())
	}
	return n, nil
}

// SandboxIdentity tells one sandbox chain from another: the hash of its
// first block, which deploys the test USDC at the time the chain started.
// The genesis cannot: every sandbox chain has the same one.
func SandboxIdentity(ctx context.Context, chain interface {
	HeaderByNumber(context.Context, *big.Int) (*types.Header, error)
}) (common.Hash, error) {
	first, err := chain.HeaderByNumber(ctx, big.NewInt(1))
	if err != nil {
		return common.Hash{}, fmt.Errorf("reading the sandbox chain's first block: %w", err)
	}
	return first.Hash(), nil
}

// deployToken deploys the test USDC and mints BuyerFunds to every buyer.
func (s *Sandbox) deployToken(ctx context.Context, key *ecdsa.PrivateKey) (common.Address, error) {
	token := usdc.NewTestUSDC()
	opts := bind.NewKeyedTransactor(key, s.Network.ChainID)
	opts.Context = ctx
	asset, deploy, err := bind.DeployContract(opts, common.FromHex(usdc.TestUSDCMetaData.Bin), s.client, token.PackConstructor("USD Coin", "2"))
	if err != nil {
		return common.Address{}, fmt.Errorf("deploying the test USDC: %w", err)
	}
	txs := []*types.Transaction{deploy}
	contract := token.Instance(s.client, asset)
	// The mints go in the deployment's block: a block each would start the
	// chain ahead of the clock. Their gas is set, as it cannot be estimated
	// against a contract not yet deployed.
	opts.GasLimit = mintGas
	for i, b := range s.Buyers {
		// Nonces are set here: the pool's pending nonce may lag a send.
		opts.Nonce = big.NewInt(int64(i) + 1)
		tx, err := bind.Transact(contract, opts, token.PackMint(b.Address, big.NewInt(BuyerFunds)))
		if err != nil {
			return common.Address{}, fmt.Errorf("minting for %s: %w", b.Address.Hex(), err)
		}
		txs = append(txs, tx)
	}
	for _, tx := range txs {
		if err := s.Mine(ctx, tx.Hash()); err != nil {
			return common.Address{}, err
		}
		receipt, err := s.client.TransactionReceipt(ctx, tx.Hash())
		if err != nil {
			return common.Address{}, err
		}
		if receipt.Status != types.ReceiptStatusSuccessful {
			return common.Address{}, fmt.Errorf("setup transaction %s reverted", tx.Hash().Hex())
		}
	}
	return asset, nil
}

// Now is the time of the next block: the wall clock, or the chain's own
// when it runs ahead.
func (s *Sandbox) Now() time.Time {
	if next := s.head.Load() + 1; next > s.clock().Unix() {
		return time.Unix(next, 0)
	}
	return s.clock()
}

// Advance brings an idle chain's head to the present, so that a settlement
// is estimated against the current time rather than the last block's: an
// authorization valid from ten minutes ago is "not yet valid" on a head
// sealed an hour ago.
func (s *Sandbox) Advance(ctx context.Context) error {
	// A head at the present needs no lock: a reader must not wait for a
	// settlement that waits for the wall clock.
	if s.clock().Unix()-1 <= s.head.Load() && !s.closed.Load() {
		return nil
	}
	s.mineMu.Lock()
	defer s.mineMu.Unlock()
	if s.closed.Load() {
		return errors.New("the sandbox chain is closed")
	}
	// One second short of now, so the settlement's own block can be now.
	lag := s.clock().Unix() - 1 - s.head.Load()
	if lag <= 0 {
		return nil
	}
	// A block with a chosen time can only be empty; transactions pending
	// belong to settlements about to mine, so a block now serves as well.
	if err := s.sim.AdjustTime(time.Duration(lag) * time.Second); err != nil {
		s.sim.Commit()
	}
	return s.readHead(ctx)
}

// Mine seals blocks until tx is in one. A transaction just sent may not be
// pending yet when a block is sealed, hence the loop. Concurrent
// settlements share blocks: whoever mines first includes everything
// pending, and the others find their receipt already there.
func (s *Sandbox) Mine(ctx context.Context, tx common.Hash) error {
	for range maxMineRounds {
		included, wait, err := s.seal(ctx, tx)
		if included || err != nil {
			return err
		}
		// The wait is outside mineMu: settlements whose transactions are
		// in the head block must not wait behind it for their receipts.
		select {
		case <-time.After(wait):
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return fmt.Errorf("not included after %d rounds", maxMineRounds)
}

// seal reports whether tx is in a block; if not, it seals one when the
// block's time would be within maxLead of the wall clock, or else says how
// long to wait for the clock, sharing the next block with what is sent
// meanwhile.
func (s *Sandbox) seal(ctx context.Context, tx common.Hash) (included bool, wait time.Duration, err error) {
	s.mineMu.Lock()
	defer s.mineMu.Unlock()
	if s.closed.Load() {
		return false, 0, errors.New("the sandbox chain is closed")
	}
	if _, err := s.client.TransactionReceipt(ctx, tx); err == nil {
		return true, 0, nil
	}
	if err := ctx.Err(); err != nil {
		return false, 0, err
	}
	if wait := time.Unix(s.head.Load()+1-maxLead, 0).Sub(s.clock()); wait > 0 {
		return false, wait, nil
	}
	s.sim.Commit()
	return false, 0, s.readHead(ctx)
}

// readHead records the head block's time; the caller holds mineMu.
func (s *Sandbox) readHead(ctx context.Context) error {
	h, err := s.client.HeaderByNumber(ctx, nil)
	if err != nil {
		return fmt.Errorf("reading the head block: %w", err)
	}
	s.head.Store(int64(h.Time))
	return nil
}

// BalanceOf is addr's test USDC balance in atomic units, at the latest block.
func (s *Sandbox) BalanceOf(ctx context.Context, addr common.Address) (*big.Int, error) {
	token := usdc.NewTestUSDC()
	return bind.Call(token.Instance(s.client, s.Network.Asset), &bind.CallOpts{Context: ctx}, token.PackBalanceOf(addr), token.UnpackBalanceOf)
}

// Client is the chain's RPC client, for looking up transactions.
func (s *Sandbox) Client() simulated.Client { return s.client }

// Close stops the chain. Settlements in flight fail.
func (s *Sandbox) Close() error {
	s.mineMu.Lock()
	defer s.mineMu.Unlock()
	if s.closed.Load() {
		return nil
	}
	s.closed.Store(true)
	if s.rpc != nil {
		s.rpc.Close()
	}
	return errors.Join(s.sim.Close(), os.RemoveAll(s.rpcDir))
}

func ether(n int64) *big.Int {
	return new(big.Int).Mul(big.NewInt(n), big.NewInt(params.Ether))
}
