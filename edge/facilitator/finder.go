package facilitator

import (
	"context"
	"fmt"
	"math/big"
	"time"

	"github.com/coinslot/coinslot/edge/facilitator/usdc"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/core/types"
)

// ChainReader is what looking a settlement up needs from a chain: calls,
// logs, transactions, receipts, headers and the chain id, no key. *ethclient.Client and
// the simulated backend's client both provide it.
type ChainReader interface {
	ethereum.ContractCaller
	ethereum.LogFilterer
	TransactionByHash(ctx context.Context, tx common.Hash) (*types.Transaction, bool, error)
	TransactionReceipt(ctx context.Context, tx common.Hash) (*types.Receipt, error)
	HeaderByNumber(ctx context.Context, number *big.Int) (*types.Header, error)
	ChainID(ctx context.Context) (*big.Int, error)
}

// Settlement is the transaction that used an EIP-3009 authorization, and
// the transfer it made with it: the token's Transfer from the payer that
// follows the AuthorizationUsed log, as transferWithAuthorization emits
// them. The nonce is the payer's to spend, so a transaction using it may
// have paid anyone anything.
type Settlement struct {
	Tx    common.Hash
	Block uint64
	Time  time.Time // the block's, in UTC
	To    common.Address
	Value *big.Int // nil: no transfer came with the nonce
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
			s := &Settlement{Tx: l.TxHash, Block: l.BlockNumber, Time: time.Unix(int64(block.Time), 0).UTC()}
			return s, s.readTransfer(ctx, chain, token, l)
		}
	}
	// The token also marks a cancelled authorization as used.
	return nil, fmt.Errorf("authorization %s of %s is used, but no AuthorizationUsed log is in blocks %d to %d", hexutil.Encode(nonce[:]), payer.Hex(), first, last)
}

// readTransfer finds the Transfer the token emitted with used, its
// AuthorizationUsed log: the next log of the transaction, from the same
// token and payer.
func (s *Settlement) readTransfer(ctx context.Context, chain ChainReader, token *usdc.TestUSDC, used types.Log) error {
	receipt, err := chain.TransactionReceipt(ctx, used.TxHash)
	if err != nil {
		return fmt.Errorf("reading the receipt of %s: %w", used.TxHash.Hex(), err)
	}
	for _, l := range receipt.Logs {
		if l.Index != used.Index+1 {
			continue
		}
		if l.Address != used.Address || len(l.Topics) != 3 || l.Topics[0] != token.GetABI().Events[usdc.TestUSDCTransferEventName].ID || l.Topics[1] != used.Topics[1] {
			return nil
		}
		s.To, s.Value = common.BytesToAddress(l.Topics[2].Bytes()), new(big.Int).SetBytes(l.Data)
		return nil
	}
	return nil
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
// seller's ledger writes them: an EIP-3009 authorization's nonce in hex,
// 0x-prefixed, a Permit2 nonce in decimal (see FindPermit2Settlement).
type Finder struct {
	Chain   ChainReader
	ChainID *big.Int // the token's chain: an endpoint serving another is an error, never "unused"
	Asset   common.Address
}

// FindSettlement returns the transaction that used a's nonce and its
// block's time, searching the blocks sealed from after on (tx is empty while
// the nonce is unused), and whether it carried a out: moved a.Value of the
// token from a.From to a.To with the nonce. A Permit2 nonce used by no
// transaction it can name is an error wrapping x402.ErrNonceSpent.
func (f Finder) FindSettlement(ctx context.Context, a *x402.Authorization, after time.Time) (tx string, at time.Time, paid bool, err error) {
	if !common.IsHexAddress(a.From) || !common.IsHexAddress(a.To) {
		return "", time.Time{}, false, fmt.Errorf("payer %q or payee %q is not an address", a.From, a.To)
	}
	value, ok := new(big.Int).SetString(a.Value, 10)
	if !ok {
		return "", time.Time{}, false, fmt.Errorf("value %q is not an integer", a.Value)
	}
	var find func() (*Settlement, error)
	if permit2Nonce, ok := decimalNonce(a.Nonce); ok {
		find = func() (*Settlement, error) {
			return FindPermit2Settlement(ctx, f.Chain, f.Asset, common.HexToAddress(a.From), permit2Nonce, after)
		}
	} else {
		n, err := hexutil.Decode(a.Nonce)
		if err != nil || len(n) != 32 {
			return "", time.Time{}, false, fmt.Errorf("nonce %q is not 32 bytes of hex, nor a decimal Permit2 nonce", a.Nonce)
		}
		find = func() (*Settlement, error) {
			return FindSettlement(ctx, f.Chain, f.Asset, common.HexToAddress(a.From), [32]byte(n), after)
		}
	}
	id, err := f.Chain.ChainID(ctx)
	if err != nil {
		return "", time.Time{}, false, fmt.Errorf("reading the chain id: %w", err)
	}
	if id.Cmp(f.ChainID) != 0 {
		return "", time.Time{}, false, fmt.Errorf("the endpoint serves chain %s, not %s", id, f.ChainID)
	}
	s, err := find()
	if err != nil || s == nil {
		return "", time.Time{}, false, err
	}
	return s.Tx.Hex(), s.Time, s.Value != nil && s.Value.Cmp(value) == 0 && s.To == common.HexToAddress(a.To), nil
}
