package main

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"sync"
	"time"

	"github.com/coinslot/coinslot/edge/x402"
	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethclient"
)

// transferTopic is the ERC-20 Transfer event's signature hash.
var transferTopic = crypto.Keccak256Hash([]byte("Transfer(address,address,uint256)"))

// canaryReceiptWait is how long a transaction the service names may take to
// show on the canary's endpoint (a load-balanced node may lag a block).
var canaryReceiptWait = 30 * time.Second

// canaryChains are the JSON-RPC endpoints the canary reads, each serving
// the chain whose id it reports. An endpoint is dialled when a chain is
// first asked for, and again at each ask until it answers its chain id, so
// one down at start is found once it is back.
type canaryChains struct {
	mu      sync.Mutex
	urls    []string                     // not answered yet
	byChain map[string]*ethclient.Client // by chain id in decimal
}

// For is a client of the chain with this id.
func (cc *canaryChains) For(ctx context.Context, chainID *big.Int) (*ethclient.Client, error) {
	cc.mu.Lock()
	defer cc.mu.Unlock()
	if c, ok := cc.byChain[chainID.String()]; ok {
		return c, nil
	}
	var errs []error
	var left []string
	for _, u := range cc.urls {
		client, err := ethclient.DialContext(ctx, u)
		if err == nil {
			var id *big.Int
			if id, err = client.ChainID(ctx); err == nil {
				if _, dup := cc.byChain[id.String()]; dup {
					client.Close()
					continue
				}
				if cc.byChain == nil {
					cc.byChain = map[string]*ethclient.Client{}
				}
				cc.byChain[id.String()] = client
				continue
			}
			client.Close()
		}
		errs, left = append(errs, fmt.Errorf("%s: %w", u, err)), append(left, u)
	}
	cc.urls = left
	if c, ok := cc.byChain[chainID.String()]; ok {
		return c, nil
	}
	why := ""
	if len(errs) > 0 {
		why = ": " + errors.Join(errs...).Error()
	}
	return nil, fmt.Errorf("no JSON-RPC endpoint serves chain %s (pass --rpc, or set canary.rpc)%s", chainID, why)
}

// Close closes every client dialled.
func (cc *canaryChains) Close() {
	cc.mu.Lock()
	defer cc.mu.Unlock()
	for _, c := range cc.byChain {
		c.Close()
	}
	cc.byChain = nil
}

// checkTransfer finds, in the transaction's receipt, the USDC of acc moved
// from from to to: amount, in a successful transaction.
func (cc *canaryChains) checkTransfer(ctx context.Context, acc *x402.Requirements, tx string, from, to common.Address, amount *big.Int) error {
	domain, err := x402.DomainOf(acc)
	if err != nil {
		return failAt(stepChain, "%v", err)
	}
	client, err := cc.For(ctx, domain.ChainID)
	if err != nil {
		return failAt(stepChain, "%v", err)
	}
	if !txHash(tx) {
		return failAt(stepChain, "the service names no transaction (%q)", tx)
	}
	receipt, err := waitReceipt(ctx, client, common.HexToHash(tx))
	if err != nil {
		return failAt(stepChain, "transaction %s: %v", tx, err)
	}
	if receipt.Status != types.ReceiptStatusSuccessful {
		return failAt(stepChain, "transaction %s reverted", tx)
	}
	for _, l := range receipt.Logs {
		if l.Address == domain.VerifyingContract && len(l.Topics) == 3 && l.Topics[0] == transferTopic &&
			common.BytesToAddress(l.Topics[1].Bytes()) == from && common.BytesToAddress(l.Topics[2].Bytes()) == to &&
			new(big.Int).SetBytes(l.Data).Cmp(amount) == 0 {
			return nil
		}
	}
	return failAt(stepChain, "transaction %s transfers no %s of %s from %s to %s", tx, amount, domain.VerifyingContract.Hex(), from.Hex(), to.Hex())
}

// waitReceipt asks for a transaction's receipt until it is there, or
// canaryReceiptWait has passed: then it was not found, also when the wait
// ended during a slow answer.
func waitReceipt(ctx context.Context, client *ethclient.Client, tx common.Hash) (*types.Receipt, error) {
	wait, cancel := context.WithTimeout(ctx, canaryReceiptWait)
	defer cancel()
	notFound := errors.New("not found on chain")
	for {
		r, err := client.TransactionReceipt(wait, tx)
		switch {
		case err == nil:
			return r, nil
		case ctx.Err() != nil:
			return nil, ctx.Err()
		case wait.Err() != nil:
			return nil, notFound
		case !errors.Is(err, ethereum.NotFound):
			return nil, err
		}
		select {
		case <-wait.Done():
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			return nil, notFound
		case <-time.After(500 * time.Millisecond):
		}
	}
}

func txHash(s string) bool {
	b, err := common.ParseHexOrString(s)
	return err == nil && len(b) == common.HashLength && len(s) == 66
}
