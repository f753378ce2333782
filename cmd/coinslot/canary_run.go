package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"time"

	"github.com/coinslot/coinslot/edge/x402"
	"github.com/coinslot/coinslot/registry"
	"github.com/ethereum/go-ethereum/crypto"
)

// The steps a canary purchase can fail at, the label of its failures.
const (
	stepTerms   = "terms"
	stepPay     = "pay"
	stepAnswer  = "answer"
	stepReceipt = "receipt"
	stepChannel = "channel"
	stepChain   = "chain"
)

// canary buys one call per offered network and scheme through the buyer
// that coinslot call uses, and checks what it got.
type canary struct {
	buyer   *buyer
	tool    *registry.Tool
	limit   *big.Int // the most one call may cost, atomic
	chains  *canaryChains
	metrics *canaryMetrics
}

// canaryResult is one network and scheme's purchase.
type canaryResult struct {
	Network, Scheme string
	Tx              string // the transaction it paid with, if any (a voucher has none)
	Took            time.Duration
	Step            string // where it failed; "" when it passed
	Err             error
}

func (r canaryResult) String() string {
	what := strings.TrimSpace(r.Network + " " + r.Scheme)
	if what == "" {
		what = "(no terms)"
	}
	if r.Err != nil {
		return fmt.Sprintf("FAILED %s %s: %v", what, r.Step, r.Err)
	}
	tx := r.Tx
	if tx == "" {
		tx = "voucher"
	}
	return fmt.Sprintf("ok %s %s in %s", what, tx, r.Took.Round(time.Millisecond))
}

// stepError is a failure and the step it happened at.
type stepError struct {
	step string
	err  error
}

func (e *stepError) Error() string { return e.step + ": " + e.err.Error() }

func failAt(step, format string, args ...any) error {
	return &stepError{step, fmt.Errorf(format, args...)}
}

// Run buys and checks once per accepts entry of the tool's 402, and records
// each outcome in the metrics.
func (c *canary) Run(ctx context.Context) []canaryResult {
	data, err := json.Marshal(c.tool.Example)
	if err != nil {
		return c.record(canaryResult{Step: stepTerms, Err: err})
	}
	via := &routeSeller{c.buyer, c.buyer.base + c.tool.Path}
	terms, refused, err := via.terms(data)
	switch {
	case err != nil:
		return c.record(canaryResult{Step: stepTerms, Err: err})
	case refused != "":
		return c.record(canaryResult{Step: stepTerms, Err: fmt.Errorf("%s answered before payment: %s", via.endpoint, refused)})
	case terms == nil || terms.X402Version != 2 || len(terms.Accepts) == 0:
		return c.record(canaryResult{Step: stepTerms, Err: errors.New("the 402 has no readable x402 v2 terms")})
	}
	var results []canaryResult
	for _, acc := range terms.Accepts {
		start := time.Now()
		r := canaryResult{Network: acc.Network, Scheme: acc.Kind().String()}
		r.Tx, err = c.buy(ctx, via, data, terms, acc)
		r.Took = time.Since(start)
		var se *stepError
		if errors.As(err, &se) {
			r.Step, r.Err = se.step, se.err
		}
		results = append(results, c.record(r)...)
	}
	return results
}

func (c *canary) record(r canaryResult) []canaryResult {
	c.metrics.observe(r, time.Now())
	return []canaryResult{r}
}

// buy pays for one call under acc and checks it, by acc's scheme.
func (c *canary) buy(ctx context.Context, via *routeSeller, data []byte, terms *x402.PaymentRequired, acc x402.Requirements) (string, error) {
	amount, ok := new(big.Int).SetString(acc.Amount, 10)
	switch {
	case !ok || amount.Sign() <= 0:
		return "", failAt(stepTerms, "amount %q is not a positive whole number of atomic units", acc.Amount)
	case amount.Cmp(c.limit) > 0:
		return "", failAt(stepTerms, "the price %s USD is more than the canary's limit %s USD", atomicToUSD(amount), atomicToUSD(c.limit))
	}
	switch acc.Kind() {
	case x402.KindExact:
		return c.buyExact(ctx, via, data, terms, acc, amount)
	case x402.KindExactPermit2, x402.KindUpto:
		return c.buyPermit2(ctx, via, data, terms, acc, amount)
	case x402.KindBatch:
		return c.buyBatch(ctx, via, data, terms, acc, amount)
	}
	return "", failAt(stepTerms, "the canary cannot pay %s", acc.Kind())
}

// pay sends one signed payment the way coinslot call does, re-sending it
// while its answer is lost.
func (c *canary) pay(via *routeSeller, data []byte, p *x402.Payload, acc *x402.Requirements) ([]byte, *x402.SettleResponse, error) {
	header, err := x402.EncodeHeader(p)
	if err != nil {
		return nil, nil, failAt(stepPay, "encoding the payment: %v", err)
	}
	answer, settled, failure, lost := c.buyer.deliver(via, data, header, p)
	switch {
	case lost != nil:
		return nil, nil, failAt(stepPay, "sent %d times and no answer came (%v); it may be charged", paidSends, lost)
	case failure != nil:
		return nil, nil, failAt(stepPay, "%s", strings.ReplaceAll(failure.line, "\n", ";"))
	}
	me := c.address()
	switch {
	case settled.Network != acc.Network:
		return nil, nil, failAt(stepPay, "PAYMENT-RESPONSE names the network %q, not %s", settled.Network, acc.Network)
	case !strings.EqualFold(settled.Payer, me):
		return nil, nil, failAt(stepPay, "PAYMENT-RESPONSE names the payer %q, not the canary %s", settled.Payer, me)
	}
	return answer, settled, checkAnswer(answer)
}

func (c *canary) address() string { return crypto.PubkeyToAddress(c.buyer.key.PublicKey).Hex() }

// checkAnswer holds a paid answer to what every tool's answer has: a JSON
// object whose meta names its source.
func checkAnswer(body []byte) error {
	var a struct {
		Meta *struct {
			Source string `json:"source"`
		} `json:"meta"`
	}
	if err := json.Unmarshal(body, &a); err != nil {
		return failAt(stepAnswer, "the body is not a JSON object: %v: %.120s", err, body)
	}
	if a.Meta == nil || a.Meta.Source == "" {
		return failAt(stepAnswer, "the body has no meta.source: %.120s", body)
	}
	return nil
}

// txOf is the transaction a settlement names, "" for none.
func txOf(s *x402.SettleResponse) string {
	if s == nil {
		return ""
	}
	return s.Transaction
}
