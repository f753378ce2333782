package main

import (
	"context"
	"math/big"
	"time"

	"github.com/coinslot/coinslot/edge/x402"
	"github.com/ethereum/go-ethereum/common"
)

// buyPermit2 pays one call through Permit2 (exact, or upto with acc's
// amount as the most), signing the EIP-2612 permit for Permit2 a wallet
// that never approved it needs, then checks the receipt and the transfer
// on chain for what was settled. An upto call that cost nothing moved
// nothing: there is no receipt or transfer to check.
func (c *canary) buyPermit2(ctx context.Context, via *routeSeller, data []byte, terms *x402.PaymentRequired, acc x402.Requirements, amount *big.Int) (string, error) {
	me := common.HexToAddress(c.address())
	nonce, err := c.chains.permitNonce(ctx, &acc, me)
	if err != nil {
		return "", err
	}
	p, err := x402.PayPermit2(c.buyer.key, terms, acc, time.Now(), nonce)
	if err != nil {
		return "", failAt(stepPay, "signing: %v", err)
	}
	answer, settled, err := c.pay(via, data, p, &acc)
	if err != nil {
		return txOf(settled), err
	}
	charged := amount
	if acc.Scheme == x402.SchemeUpto {
		var ok bool
		if charged, ok = new(big.Int).SetString(settled.Amount, 10); !ok || charged.Cmp(amount) > 0 {
			return settled.Transaction, failAt(stepPay, "PAYMENT-RESPONSE settles %q, at most %s", settled.Amount, amount)
		}
		if charged.Sign() == 0 {
			return "", nil
		}
	}
	tx, paid := settled.Transaction, acc
	paid.Amount = charged.String()
	if err := c.checkReceipt(tx, &paid, data, answer); err != nil {
		return tx, err
	}
	return tx, c.chains.checkTransfer(ctx, &acc, tx, me, common.HexToAddress(acc.PayTo), charged)
}

// permitNonce is owner's next EIP-2612 permit nonce on acc's token.
func (cc *canaryChains) permitNonce(ctx context.Context, acc *x402.Requirements, owner common.Address) (*big.Int, error) {
	domain, err := x402.DomainOf(acc)
	if err != nil {
		return nil, failAt(stepPay, "%v", err)
	}
	client, err := cc.For(ctx, domain.ChainID)
	if err != nil {
		return nil, failAt(stepChain, "%v", err)
	}
	n, err := tokenPermitNonce(ctx, client, domain.VerifyingContract, owner)
	if err != nil {
		return nil, failAt(stepChain, "%v", err)
	}
	return n, nil
}
