package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"math/big"
	"net/http"
	"strings"
	"time"

	"github.com/coinslot/coinslot/edge/ledger"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/coinslot/coinslot/registry"
	"github.com/ethereum/go-ethereum/common"
)

// buyExact pays one call with an EIP-3009 authorization on acc's network,
// then checks its receipt and its transfer on chain.
func (c *canary) buyExact(ctx context.Context, via *routeSeller, data []byte, terms *x402.PaymentRequired, acc x402.Requirements, amount *big.Int) (string, error) {
	one := *terms
	one.Accepts = []x402.Requirements{acc} // x402.Pay signs the first exact entry: this network's
	_, p, err := x402.Pay(c.buyer.key, &one, time.Now())
	if err != nil {
		return "", failAt(stepPay, "signing: %v", err)
	}
	answer, settled, err := c.pay(via, data, p, &acc)
	if err != nil {
		return txOf(settled), err
	}
	tx := settled.Transaction
	if err := c.checkReceipt(tx, &acc, data, answer); err != nil {
		return tx, err
	}
	return tx, c.chains.checkTransfer(ctx, &acc, tx, common.HexToAddress(c.address()), common.HexToAddress(acc.PayTo), amount)
}

// checkReceipt reads GET /receipt/{tx} and holds it to the call: who paid
// what to whom for which tool on which network, and the digests of the
// bytes sent and received.
func (c *canary) checkReceipt(tx string, acc *x402.Requirements, sent, got []byte) error {
	res, err := c.buyer.http.Get(c.buyer.base + registry.PathReceipt + tx)
	if err != nil {
		return failAt(stepReceipt, "%v", err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(io.LimitReader(res.Body, 1<<20))
	if err != nil {
		return failAt(stepReceipt, "%v", err)
	}
	if res.StatusCode != http.StatusOK {
		return failAt(stepReceipt, "GET /receipt/%s: HTTP %d: %.200s", tx, res.StatusCode, body)
	}
	var r ledger.Receipt
	if err := json.Unmarshal(body, &r); err != nil {
		return failAt(stepReceipt, "GET /receipt/%s: %v", tx, err)
	}
	var wrong []string
	differs := func(field, have, want string) {
		if !strings.EqualFold(have, want) {
			wrong = append(wrong, fmt.Sprintf("%s is %q, want %q", field, have, want))
		}
	}
	differs("tx", r.Tx, tx)
	differs("payer", r.Payer, c.address())
	differs("pay_to", r.PayTo, acc.PayTo)
	differs("asset", r.Asset, acc.Asset)
	differs("amount_atomic", r.AmountAtomic, acc.Amount)
	differs("network", r.Network, acc.Network)
	differs("tool", r.Tool, c.tool.Name)
	differs("request_sha256", r.RequestSHA256, sha256Hex(sent))
	differs("response_sha256", r.ResponseSHA256, sha256Hex(c.receiptedBody(got)))
	if len(wrong) > 0 {
		return failAt(stepReceipt, "GET /receipt/%s: %s", tx, strings.Join(wrong, "; "))
	}
	return nil
}

// receiptedBody is the part of an answer its receipt's response_sha256
// covers: all of it, but for a receipt-backed tool's, whose last two
// members (buyer and the receipt itself) are appended after.
func (c *canary) receiptedBody(body []byte) []byte {
	if c.tool.Shape != registry.ReceiptBacked {
		return body
	}
	i := bytes.LastIndex(body, []byte(`,"buyer":`))
	if i < 0 {
		return body
	}
	return append(body[:i:i], '}')
}

func sha256Hex(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}
