package facilitator

import (
	"context"
	"fmt"
	"math/big"
	"reflect"
	"strings"
	"time"

	"github.com/coinslot/coinslot/edge/facilitator/permit2"
	"github.com/coinslot/coinslot/edge/facilitator/usdc"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
)

// FindPermit2Settlement reports whether payer's Permit2 nonce is used and,
// if it is, which transaction used it: nil while the nonce is unused.
// Permit2 logs no nonce it spends on a transfer, so the transaction is
// found among those that moved the token at asset from payer in the blocks
// sealed from after on (after must precede the settlement): the one that
// called an x402 Permit2 proxy, or Permit2 itself, with a permit of
// payer's bearing the nonce; its Transfer from payer is the Settlement's
// To and Value. A nonce invalidated by its owner is found by Permit2's
// UnorderedNonceInvalidation log, with no Value.
//
// A used nonce that no transaction names is reported with an error
// wrapping x402.ErrNonceSpent: the permit that spent it went through a
// contract to Permit2, never to an x402 proxy. When a transaction from
// payer ran an x402 proxy's settlement from another contract, whose
// nonce cannot be read from its input, the error is a plain one: that
// transaction may be the settlement.
func FindPermit2Settlement(ctx context.Context, chain ChainReader, asset, payer common.Address, nonce *big.Int, after time.Time) (*Settlement, error) {
	if nonce.Sign() < 0 || nonce.BitLen() > 256 {
		return nil, fmt.Errorf("Permit2 nonce %s is not a uint256", nonce)
	}
	head, err := chain.HeaderByNumber(ctx, nil)
	if err != nil {
		return nil, fmt.Errorf("reading the chain head: %w", err)
	}
	// Permit2's nonces are bits: word nonce>>8, bit nonce&255.
	word := new(big.Int).Rsh(nonce, 8)
	bit := int(new(big.Int).And(nonce, big.NewInt(255)).Int64())
	out, err := chain.CallContract(ctx, ethereum.CallMsg{To: &x402.Permit2Address, Data: permit2ABI.PackNonceBitmap(payer, word)}, head.Number)
	if err != nil {
		return nil, fmt.Errorf("reading Permit2's nonceBitmap: %w", err)
	}
	bitmap, err := permit2ABI.UnpackNonceBitmap(out)
	if err != nil {
		return nil, fmt.Errorf("reading Permit2's nonceBitmap: %w", err)
	}
	if bitmap.Bit(bit) == 0 {
		return nil, nil
	}
	first, err := blockAt(ctx, chain, head, after)
	if err != nil {
		return nil, err
	}
	token := usdc.NewTestUSDC()
	transfer := token.GetABI().Events[usdc.TestUSDCTransferEventName].ID
	invalidation := permit2ABI.GetABI().Events[permit2.Permit2UnorderedNonceInvalidationEventName].ID
	// One query finds both: the token's Transfers from payer, and
	// Permit2's invalidations of payer's nonces (owner is indexed first).
	query := ethereum.FilterQuery{
		Addresses: []common.Address{asset, x402.Permit2Address},
		Topics:    [][]common.Hash{{transfer, invalidation}, {common.BytesToHash(payer.Bytes())}},
	}
	seen := map[common.Hash]bool{}
	var unread []common.Hash // transactions from payer that called neither a proxy nor Permit2
	last := head.Number.Uint64()
	for from := first; from <= last; from += logWindow {
		query.FromBlock, query.ToBlock = new(big.Int).SetUint64(from), new(big.Int).SetUint64(min(from+logWindow-1, last))
		logs, err := chain.FilterLogs(ctx, query)
		if err != nil {
			return nil, fmt.Errorf("reading Transfer and UnorderedNonceInvalidation logs: %w", err)
		}
		for _, l := range logs {
			if l.Removed || len(l.Topics) == 0 {
				continue
			}
			var s *Settlement
			switch {
			case l.Address == x402.Permit2Address && l.Topics[0] == invalidation:
				e, err := permit2ABI.UnpackUnorderedNonceInvalidationEvent(&l)
				if err != nil || e.Word.Cmp(word) != 0 || e.Mask.Bit(bit) == 0 {
					continue
				}
				s = &Settlement{Tx: l.TxHash, Block: l.BlockNumber}
			case l.Address == asset && l.Topics[0] == transfer && len(l.Topics) == 3:
				if seen[l.TxHash] {
					continue
				}
				seen[l.TxHash] = true
				tx, _, err := chain.TransactionByHash(ctx, l.TxHash)
				if err != nil {
					return nil, fmt.Errorf("reading transaction %s: %w", l.TxHash.Hex(), err)
				}
				owner, n, ok := permit2Spent(tx)
				if !ok {
					unread = append(unread, l.TxHash)
					continue
				}
				if owner != payer || n.Cmp(nonce) != 0 {
					continue
				}
				s = &Settlement{Tx: l.TxHash, Block: l.BlockNumber, To: common.BytesToAddress(l.Topics[2].Bytes()), Value: new(big.Int).SetBytes(l.Data)}
			default:
				continue
			}
			block, err := chain.HeaderByNumber(ctx, new(big.Int).SetUint64(l.BlockNumber))
			if err != nil {
				return nil, fmt.Errorf("reading block %d: %w", l.BlockNumber, err)
			}
			s.Time = time.Unix(int64(block.Time), 0).UTC()
			return s, nil
		}
	}
	proxied, err := proxiedSettlements(ctx, chain, unread)
	if err != nil {
		return nil, err
	}
	if len(proxied) > 0 {
		return nil, fmt.Errorf("Permit2 nonce %s of %s is used, and transactions %s ran an x402 proxy's settlement from another contract, whose nonce cannot be read",
			nonce, payer.Hex(), strings.Join(proxied, ", "))
	}
	return nil, fmt.Errorf("Permit2 nonce %s of %s is used, but no transaction in blocks %d to %d sent it to an x402 proxy or Permit2, nor invalidated it: %w",
		nonce, payer.Hex(), first, last, x402.ErrNonceSpent)
}

// permit2Callees are the contracts whose calls spend a Permit2 nonce named
// in their input: the x402 proxies' settle and settleWithPermit, and
// Permit2's permitTransferFrom and permitWitnessTransferFrom (single and
// batch). Each takes an argument permit carrying the nonce, and owner.
var permit2Callees = map[common.Address]abi.ABI{
	x402.ExactPermit2ProxyAddress: exactProxy.GetABI(),
	x402.UptoPermit2ProxyAddress:  uptoProxy.GetABI(),
	x402.Permit2Address:           permit2ABI.GetABI(),
}

// permit2Spent reads the owner and the nonce of the permit tx spends, when
// it calls one of permit2Callees with one.
func permit2Spent(tx *types.Transaction) (owner common.Address, nonce *big.Int, ok bool) {
	if tx.To() == nil || len(tx.Data()) < 4 {
		return common.Address{}, nil, false
	}
	callee, ok := permit2Callees[*tx.To()]
	if !ok {
		return common.Address{}, nil, false
	}
	method, err := callee.MethodById(tx.Data()[:4])
	if err != nil {
		return common.Address{}, nil, false
	}
	args := map[string]any{}
	if err := method.Inputs.UnpackIntoMap(args, tx.Data()[4:]); err != nil {
		return common.Address{}, nil, false
	}
	owner, ok = args["owner"].(common.Address)
	if !ok {
		return common.Address{}, nil, false
	}
	permit := reflect.ValueOf(args["permit"])
	if permit.Kind() != reflect.Struct {
		return common.Address{}, nil, false
	}
	field := permit.FieldByName("Nonce")
	if !field.IsValid() {
		return common.Address{}, nil, false
	}
	nonce, ok = field.Interface().(*big.Int)
	return owner, nonce, ok && nonce != nil
}

// proxiedSettlements are those of txs whose receipts hold an x402 proxy's
// Settled or SettledWithPermit log: each ran a proxy's settlement, called
// from a contract.
func proxiedSettlements(ctx context.Context, chain ChainReader, txs []common.Hash) ([]string, error) {
	events := exactProxy.GetABI().Events
	settled := map[common.Hash]bool{events[permit2.X402ExactPermit2ProxySettledEventName].ID: true, events[permit2.X402ExactPermit2ProxySettledWithPermitEventName].ID: true}
	var found []string
	for _, h := range txs {
		receipt, err := chain.TransactionReceipt(ctx, h)
		if err != nil {
			return nil, fmt.Errorf("reading the receipt of %s: %w", h.Hex(), err)
		}
		for _, l := range receipt.Logs {
			proxy := l.Address == x402.ExactPermit2ProxyAddress || l.Address == x402.UptoPermit2ProxyAddress
			if proxy && len(l.Topics) > 0 && settled[l.Topics[0]] {
				found = append(found, h.Hex())
				break
			}
		}
	}
	return found, nil
}

// decimalNonce reads a Permit2 nonce as the seller's ledger writes it: a
// uint256 in decimal digits. An EIP-3009 nonce is 0x-prefixed hex.
func decimalNonce(s string) (*big.Int, bool) {
	if s == "" || len(s) > 78 || strings.TrimLeft(s, "0123456789") != "" {
		return nil, false
	}
	n, ok := new(big.Int).SetString(s, 10)
	return n, ok && n.BitLen() <= 256
}
