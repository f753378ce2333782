package main

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"math/big"
	"net/http"
	"strings"
	"time"

	"github.com/coinslot/coinslot/edge/x402"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
)

// canarySalt names the canary's channel: one per key and network, kept
// across runs, so a run deposits only when the channel runs dry.
var canarySalt = crypto.Keccak256Hash([]byte("coinslot canary"))

// canaryDepositCalls is how many calls a deposit pays for.
const canaryDepositCalls = 20

// canaryChannel is what the seller says of the canary's channel.
type canaryChannel struct {
	Charged string `json:"charged_cumulative_atomic"`
	Balance string `json:"balance_atomic"`
}

// buyBatch pays one call from the canary's channel on acc's network: a
// voucher at the channel's charged total plus the price, with a deposit
// when the balance cannot cover it. It checks the charge in PAYMENT-RESPONSE
// and at GET /channel/{id}, and a deposit's transfer on chain.
func (c *canary) buyBatch(ctx context.Context, via *routeSeller, data []byte, terms *x402.PaymentRequired, acc x402.Requirements, price *big.Int) (string, error) {
	bb := &x402.BatchBuyer{Key: c.buyer.key, Terms: acc, Resource: terms.Resource, Salt: canarySalt}
	id, err := channelID(bb)
	if err != nil {
		return "", failAt(stepTerms, "%v", err)
	}
	var settled *x402.SettleResponse
	var next, deposit *big.Int
	for attempt := 1; ; attempt++ {
		ch, err := c.channel(id)
		if err != nil {
			return "", err
		}
		charged, balance := atomicAmount(ch.Charged), atomicAmount(ch.Balance)
		next, deposit = new(big.Int).Add(charged, price), nil
		var p *x402.Payload
		if balance.Cmp(next) < 0 {
			deposit = new(big.Int).Mul(price, big.NewInt(canaryDepositCalls))
			if short := new(big.Int).Sub(next, balance); short.Cmp(deposit) > 0 {
				deposit = short
			}
			p, err = bb.Deposit(deposit, next, time.Now())
		} else {
			p, err = bb.Voucher(next)
		}
		if err != nil {
			return "", failAt(stepPay, "signing: %v", err)
		}
		_, settled, err = c.pay(via, data, p, &acc)
		var se *stepError
		if err != nil && errors.As(err, &se) && se.step == stepPay && attempt == 1 {
			// Another run on this key charged the channel meanwhile: pay
			// on top of its charge, once.
			if now, e := c.channel(id); e == nil && atomicAmount(now.Charged).Cmp(charged) != 0 {
				continue
			}
		}
		if err != nil {
			return txOf(settled), err
		}
		break
	}
	tx := settled.Transaction
	st := settled.Extra
	switch {
	case st == nil || st.ChannelState == nil:
		return tx, failAt(stepChannel, "PAYMENT-RESPONSE has no channel state")
	case st.ChargedAmount != price.String():
		return tx, failAt(stepChannel, "PAYMENT-RESPONSE charges %q, want the price %s", st.ChargedAmount, price)
	case st.ChannelState.ChargedCumulativeAmount != next.String():
		return tx, failAt(stepChannel, "PAYMENT-RESPONSE puts the charged total at %q, want %s", st.ChannelState.ChargedCumulativeAmount, next)
	}
	ch, err := c.channel(id)
	if err != nil {
		return tx, err
	}
	if atomicAmount(ch.Charged).Cmp(next) < 0 {
		return tx, failAt(stepChannel, "GET /channel/%s: charged_cumulative_atomic is %q, want %s", id, ch.Charged, next)
	}
	if deposit == nil {
		return tx, nil
	}
	return tx, c.chains.checkTransfer(ctx, &acc, tx, common.HexToAddress(c.address()), x402.ERC3009CollectorAddress, deposit)
}

// channelID is the id of the buyer's channel under its terms.
func channelID(bb *x402.BatchBuyer) (string, error) {
	cfg, err := bb.Config()
	if err != nil {
		return "", err
	}
	ch, err := cfg.Parse()
	if err != nil {
		return "", err
	}
	token, err := x402.DomainOf(&bb.Terms)
	if err != nil {
		return "", err
	}
	return strings.ToLower(ch.ID(token.ChainID).Hex()), nil
}

// channel reads GET /channel/{id}; a channel that never paid the service
// is empty.
func (c *canary) channel(id string) (*canaryChannel, error) {
	res, err := c.buyer.http.Get(c.buyer.base + "/channel/" + id)
	if err != nil {
		return nil, failAt(stepChannel, "%v", err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(io.LimitReader(res.Body, 1<<20))
	var ch canaryChannel
	switch {
	case err != nil:
		return nil, failAt(stepChannel, "GET /channel/%s: %v", id, err)
	case res.StatusCode == http.StatusNotFound:
		return &ch, nil
	case res.StatusCode != http.StatusOK:
		return nil, failAt(stepChannel, "GET /channel/%s: HTTP %d: %.200s", id, res.StatusCode, body)
	}
	if err := json.Unmarshal(body, &ch); err != nil {
		return nil, failAt(stepChannel, "GET /channel/%s: %v", id, err)
	}
	return &ch, nil
}

// atomicAmount reads an amount the seller reports; missing reads as zero.
func atomicAmount(s string) *big.Int {
	n, ok := new(big.Int).SetString(s, 10)
	if !ok {
		return new(big.Int)
	}
	return n
}
