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
// the chain whose id it reports; dialled on first use.
type canaryChains struct {
	urls []string

	mu      sync.Mutex
	dialled bool
	byChain map[string]*ethclient.Client // by chain id in decimal
	clients []*ethclient.Client
	errs    []error
}

// For is a client of the chain with this id.
func (cc *canaryChains) For(ctx context.Context, chainID *big.Int) (*ethclient.Client, error) {
	cc.mu.Lock()
	defer cc.mu.Unlock()
	if !cc.dialled {
		cc.dialled, cc.byChain = true, map[string]*ethclient.Client{}
		for _, u := range cc.urls {
			client, err := ethclient.DialContext(ctx, u)
			if err != nil {
				cc.errs = append(cc.errs, fmt.Errorf("%s: %w", u, err))
				continue
			}
			cc.clients = append(cc.clients, client)
			id, err := client.ChainID(ctx)
			if err != nil {
				cc.errs = append(cc.errs, fmt.Errorf("%s: eth_chainId: %w", u, err))
				continue
			}
			cc.byChain[id.String()] = client
		}
	}
	if c, ok := cc.byChain[chainID.String()]; ok {
		return c, nil
	}
	return nil, fmt.Errorf("no JSON-RPC endpoint serves chain %s (pass --rpc, or canary.rpc)%s", chainID, wrapAll(cc.errs))
}

func wrapAll(errs []error) string {
	if len(errs) == 0 {
		return ""
	}
	return ": " + errors.Join(errs...).Error()
}

// Close closes every client dialled.
func (cc *canaryChains) Close() {
	cc.mu.Lock()
	defer cc.mu.Unlock()
	for _, c := range cc.clients {
		c.Close()
	}
	cc.clients, cc.byChain, cc.dialled, cc.errs = nil, nil, false, nil
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
// canaryReceiptWait has passed.
func waitReceipt(ctx context.Context, client *ethclient.Client, tx common.Hash) (*types.Receipt, error) {
	ctx, cancel := context.WithTimeout(ctx, canaryReceiptWait)
	defer cancel()
	for {
		r, err := client.TransactionReceipt(ctx, tx)
		if err == nil || !errors.Is(err, ethereum.NotFound) {
			return r, err
		}
		select {
		case <-ctx.Done():
			return nil, errors.New("not found on chain")
		case <-time.After(500 * time.Millisecond):
		}
	}
}

func txHash(s string) bool {
	b, err := common.ParseHexOrString(s)
	return err == nil && len(b) == common.HashLength && len(s) == 66
}
