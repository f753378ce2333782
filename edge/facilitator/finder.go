package facilitator

import (
	"context"
	"fmt"
	"math/big"
	"time"

	"github.com/coinslot/coinslot/edge/facilitator/usdc"
	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/core/types"
)

// ChainReader is what looking a settlement up needs from a chain: calls,
// logs, headers and the chain id, no key. *ethclient.Client and the
// simulated backend's client both provide it.
type ChainReader interface {
	ethereum.ContractCaller
	ethereum.LogFilterer
	HeaderByNumber(ctx context.Context, number *big.Int) (*types.Header, error)
	ChainID(ctx context.Context) (*big.Int, error)
}

// Settlement is the transaction that used an EIP-3009 authorization.
type Settlement struct {
	Tx    common.Hash
	Block uint64
	Time  time.Time // the block's, in UTC
}

// logWindow is the most blocks one eth_getLogs asks for: hosted endpoints
// refuse wider ranges, a few thousand blocks being a common limit.
const logWindow = 2000

// FindSettlement reports whether the token at asset has spent payer's
// authorization nonce and, if it has, which transaction did: nil while the
// nonce is unused. The transaction is found by its AuthorizationUsed log in
// the blocks sealed from after on, so after must precede the settlement.
func FindSettlement(ctx context.Context, chain ChainReader, asset, payer common.Address, nonce [32]byte, after time.Time) (*Settlement, error) {
	head, err := chain.HeaderByNumber(ctx, nil)
	if err != nil {
		return nil, fmt.Errorf("reading the chain head: %w", err)
	}
	token := usdc.NewTestUSDC()
	out, err := chain.CallContract(ctx, ethereum.CallMsg{To: &asset, Data: token.PackAuthorizationState(payer, nonce)}, head.Number)
	if err != nil {
		return nil, fmt.Errorf("reading authorizationState: %w", err)
	}
	used, err := token.UnpackAuthorizationState(out)
	if err != nil {
		return nil, fmt.Errorf("reading authorizationState: %w", err)
	}
	if !used {
		return nil, nil
	}
	first, err := blockAt(ctx, chain, head, after)
	if err != nil {
		return nil, err
	}
	query := ethereum.FilterQuery{
		Addresses: []common.Address{asset},
		Topics:    [][]common.Hash{{token.GetABI().Events[usdc.TestUSDCAuthorizationUsedEventName].ID}, {common.BytesToHash(payer.Bytes())}, {nonce}},
	}
	last := head.Number.Uint64()
	for from := first; from <= last; from += logWindow {
		query.FromBlock, query.ToBlock = new(big.Int).SetUint64(from), new(big.Int).SetUint64(min(from+logWindow-1, last))
		logs, err := chain.FilterLogs(ctx, query)
		if err != nil {
			return nil, fmt.Errorf("reading AuthorizationUsed logs: %w", err)
		}
		for _, l := range logs {
			if l.Removed {
				continue
			}
			block, err := chain.HeaderByNumber(ctx, new(big.Int).SetUint64(l.BlockNumber))
			if err != nil {
				return nil, fmt.Errorf("reading block %d: %w", l.BlockNumber, err)
			}
			return &Settlement{Tx: l.TxHash, Block: l.BlockNumber, Time: time.Unix(int64(block.Time), 0).UTC()}, nil
		}
	}
	// The token also marks a cancelled authorization as used.
	return nil, fmt.Errorf("authorization %s of %s is used, but no AuthorizationUsed log is in blocks %d to %d", hexutil.Encode(nonce[:]), payer.Hex(), first, last)
}

// blockAt is the last block sealed at or before t (genesis when none is),
// found by bisection over block times up to head.
func blockAt(ctx context.Context, chain ChainReader, head *types.Header, t time.Time) (uint64, error) {
	at := t.Unix()
	if int64(head.Time) <= at {
		return head.Number.Uint64(), nil
	}
	lo, hi := uint64(0), head.Number.Uint64() // block hi is after t; block lo is not, or is genesis
	for hi-lo > 1 {
		mid := lo + (hi-lo)/2
		h, err := chain.HeaderByNumber(ctx, new(big.Int).SetUint64(mid))
		if err != nil {
			return 0, fmt.Errorf("reading block %d: %w", mid, err)
		}
		if int64(h.Time) <= at {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo, nil
}

// Finder looks up the settlements of one token by payer and nonce as the
// seller's ledger writes them: hex, 0x-prefixed.
type Finder struct {
	Chain   ChainReader
	ChainID *big.Int // the token's chain: an endpoint serving another is an error, never "unused"
	Asset   common.Address
}

// FindSettlement returns the transaction that used the authorization
// (payer, nonce) and its block's time, searching the blocks sealed from
// after on; tx is empty while the authorization is unused.
func (f Finder) FindSettlement(ctx context.Context, payer, nonce string, after time.Time) (tx string, at time.Time, err error) {
	if !common.IsHexAddress(payer) {
		return "", time.Time{}, fmt.Errorf("payer %q is not an address", payer)
	}
	n, err := hexutil.Decode(nonce)
	if err != nil || len(n) != 32 {
		return "", time.Time{}, fmt.Errorf("nonce %q is not 32 bytes of hex", nonce)
	}
	id, err := f.Chain.ChainID(ctx)
	if err != nil {
		return "", time.Time{}, fmt.Errorf("reading the chain id: %w", err)
	}
	if id.Cmp(f.ChainID) != 0 {
		return "", time.Time{}, fmt.Errorf("the endpoint serves chain %s, not %s", id, f.ChainID)
	}
	s, err := FindSettlement(ctx, f.Chain, f.Asset, common.HexToAddress(payer), [32]byte(n), after)
	if err != nil || s == nil {
		return "", time.Time{}, err
	}
	return s.Tx.Hex(), s.Time, nil
}
