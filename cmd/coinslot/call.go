package main

import (
	"bytes"
	"cmp"
	"crypto/ecdsa"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"math/big"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/coinslot/coinslot/edge/x402"
	"github.com/coinslot/coinslot/lexical"
	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/ethereum/go-ethereum/crypto"
)

// Exit codes of coinslot call.
const (
	callPaid    = 0 // paid, served, receipt printed
	callFailed  = 1 // the service or the network failed the call (nothing is paid unless it says so)
	callUsage   = 2 // bad flags or key
	callRefused = 3 // the terms failed a verifyBeforePaying check: nothing was signed
	callUnknown = 4 // the payment was sent and no answer came: it may be charged, so a re-run would pay again
)

const callUsageText = `Buys one call of TOOL. It reads the tool's buyer contract (/api/quote?tool=TOOL),
asks for its 402 terms (from the tool's route, or over /mcp for a tool sold only
there), and refuses to pay unless every verifyBeforePaying rule holds: network,
asset contract and payTo equal the contract's, the amount is no more than
maxPaymentUsd (and --max-usd), and the resource is the contract's endpoint. It
then prints the approval prompt, signs the payment, pays, prints the JSON answer
on stdout and the receipt address on stderr. It pays on --network when given (a
CAIP-2 id such as eip155:84532, which the terms must offer), else on the first
network the terms offer.

--pay chooses how: exact (an EIP-3009 authorization, the default), permit2
(exact through Permit2) or upto (a metered tool: the price is the most, and the
call settles what it delivered). A Permit2 payment from a wallet that never
approved Permit2 carries an EIP-2612 permit, signed with the token's nonce read
from --rpc (the network's JSON-RPC; a sandbox's is BASE/sandbox/rpc); without
--rpc it carries none, and the wallet must have approved Permit2.

Environment:
  COINSLOT_BUYER_KEY     the buyer's private key in hex, when --key-file is not given

A signed payment whose answer is lost on the way, or whose settlement is not
confirmed yet (504 settlement_pending), is sent again, the same payment for the
same request, a few times with a growing wait: the service answers it from the
answer it keeps for that payment and never charges it twice.

Exit codes: 0 paid and served; 1 the call failed or the payment was refused
(its reason, and each invalid field); 2 usage or key problem, or a tool the
service does not sell; 3 refused to pay because the terms did not match; 4 the
payment was sent and no answer came: it may be charged, so running the command
again would pay a second time; the payer, the nonce and the payment's status
address (BASE/payment/PAYER/NONCE) are printed instead.

Flags:
`

func runCall(args []string) int {
	fs := newFlags("call", callUsageText)
	data := fs.String("data", "{}", "the request body, a JSON object")
	base := fs.String("url", "http://localhost:8080", "the service's base address")
	keyFile := fs.String("key-file", "", "file holding the buyer's private key in hex")
	maxUSD := fs.String("max-usd", "", "refuse to pay more than this many dollars")
	network := fs.String("network", "", "pay on this network, a CAIP-2 id such as eip155:84532 (default: the first the terms offer)")
	pay := fs.String("pay", "exact", "how to pay: exact, permit2 or upto")
	rpc := fs.String("rpc", "", "the network's JSON-RPC, read for the token's permit nonce (permit2 and upto)")
	var tool string
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		tool, args = args[0], args[1:]
	}
	if code, ok := parse(fs, args); !ok {
		return code
	}
	if tool == "" && fs.NArg() == 1 {
		tool = fs.Arg(0)
	} else if fs.NArg() > 0 || tool == "" {
		fs.Usage()
		return callUsage
	}
	key, err := buyerKey(*keyFile)
	if err != nil {
		fmt.Fprintln(os.Stderr, "coinslot call:", err)
		return callUsage
	}
	var limit *big.Int
	if *maxUSD != "" {
		if limit, err = usdToAtomic(*maxUSD); err != nil {
			fmt.Fprintln(os.Stderr, "coinslot call: --max-usd:", err)
			return callUsage
		}
	}
	if !json.Valid([]byte(*data)) || !strings.HasPrefix(strings.TrimSpace(*data), "{") {
		fmt.Fprintln(os.Stderr, "coinslot call: --data must be a JSON object")
		return callUsage
	}
	kind, ok := payKinds[*pay]
	if !ok {
		fmt.Fprintf(os.Stderr, "coinslot call: --pay %s: not exact, permit2 or upto%s\n", *pay, lexical.Suggest(*pay, slices.Sorted(maps.Keys(payKinds))))
		return callUsage
	}
	b := &buyer{http: &http.Client{Timeout: 2 * time.Minute}, base: strings.TrimRight(*base, "/"), key: key, rpc: *rpc}
	return b.call(tool, []byte(*data), limit, *network, kind)
}

// payKinds are the kinds of payment coinslot call signs, by --pay.
var payKinds = map[string]x402.Kind{"exact": x402.KindExact, "permit2": x402.KindExactPermit2, "upto": x402.KindUpto}

type buyer struct {
	http *http.Client
	base string
	key  *ecdsa.PrivateKey
	rpc  string // the chain's JSON-RPC, for a Permit2 payment's EIP-2612 permit; "": none
	// resending tells that a paid call's answer was lost and its payment
	// is sent again after pause: nil says so on stderr, for a person.
	resending func(lost error, pause time.Duration)
}

// quote is the part of /api/quote a buyer checks.
type quote struct {
	Contract struct {
		Tool          string `json:"tool"`
		Endpoint      string `json:"endpoint"`
		PriceUSD      string `json:"priceUsd"`
		MaxPaymentUSD string `json:"maxPaymentUsd"`
		Network       string `json:"network"`
		AssetContract string `json:"assetContract"`
		Networks      []struct {
			Network       string   `json:"network"`
			AssetContract string   `json:"assetContract"`
			Schemes       []string `json:"schemes"`
		} `json:"networks"`
		PayTo              string   `json:"payTo"`
		VerifyBeforePaying []string `json:"verifyBeforePaying"`
	} `json:"buyer_contract"`
	ApprovalPrompt string `json:"approval_prompt"`
}

func (b *buyer) call(tool string, data []byte, limit *big.Int, network string, kind x402.Kind) int {
	q, err := b.quote(tool)
	endpoint := ""
	switch {
	case err == nil:
		endpoint = q.Contract.Endpoint
	case errors.Is(err, errNoContract):
		// Without a contract only the 402 itself can be checked: the buyer
		// must name the most it will pay.
		t, ok := registry.Lookup(tool)
		if !ok {
			fmt.Fprintf(os.Stderr, "coinslot call: no tool %s%s\n", tool, lexical.Suggest(tool, registry.Names()))
			return callUsage
		}
		if limit == nil {
			fmt.Fprintf(os.Stderr, "coinslot call: refusing to pay: %v; pass --max-usd to pay on the 402 terms alone\n", err)
			return callRefused
		}
		fmt.Fprintf(os.Stderr, "coinslot call: %v; checking the 402 terms alone (payTo cannot be verified)\n", err)
		endpoint = b.base + t.Path
		if !t.Paid() {
			endpoint = b.base + registry.PathMCP
		}
	default:
		fmt.Fprintln(os.Stderr, "coinslot call:", err)
		return callFailed
	}
	var via seller = &routeSeller{b, endpoint}
	if pathOf(endpoint) == registry.PathMCP {
		via = &mcpSeller{b, tool}
	}
	terms, refused, err := via.terms(data)
	switch {
	case err != nil:
		fmt.Fprintln(os.Stderr, "coinslot call:", err)
		return callFailed
	case refused != "":
		fmt.Fprintf(os.Stderr, "coinslot call: %s answered before payment: %s\n", endpoint, refused)
		return callFailed
	case terms == nil || terms.X402Version != 2 || len(terms.Accepts) == 0:
		fmt.Fprintln(os.Stderr, "coinslot call: refusing to pay: the 402 has no readable x402 v2 terms")
		return callRefused
	}
	acc := chooseEntry(terms, network, kind)
	if acc == nil {
		fmt.Fprintf(os.Stderr, "coinslot call: refusing to pay: the terms offer no %s entry on %s; they offer %s\n", kind, cmp.Or(network, "any network"), offered(terms))
		return callRefused
	}
	if q == nil {
		q = termsQuote(tool, endpoint, acc, limit)
	}
	if problems := q.check(terms, acc, limit); len(problems) > 0 {
		fmt.Fprintln(os.Stderr, "coinslot call: refusing to pay; the terms break the buyer contract:")
		for _, p := range problems {
			fmt.Fprintln(os.Stderr, "  -", p)
		}
		return callRefused
	}
	fmt.Fprintln(os.Stderr, q.ApprovalPrompt)
	if acc.Scheme == x402.SchemeUpto {
		fmt.Fprintln(os.Stderr, "Paid under upto: that price is the most, and the call settles what it delivers.")
	}
	header, payload, err := b.sign(terms, acc)
	if err != nil {
		fmt.Fprintln(os.Stderr, "coinslot call: signing:", err)
		return callFailed
	}
	answer, settled, failure, lost := b.deliver(via, data, header, payload)
	switch {
	case lost != nil:
		a, _ := (&x402.Payment{V2: payload}).Signed()
		payer, nonce := strings.ToLower(a.From), strings.ToLower(a.Nonce)
		fmt.Fprintf(os.Stderr, "coinslot call: the payment was sent %d times and no answer came (%v); it may be charged.\n", paidSends, lost)
		fmt.Fprintf(os.Stderr, "  payer %s, nonce %s\n  its status: %s/payment/%s/%s\n", payer, nonce, b.base, payer, nonce)
		fmt.Fprintln(os.Stderr, "Do not run this command again: it would sign and pay a second time.")
		return callUnknown
	case failure != nil:
		fmt.Fprintln(os.Stderr, "coinslot call: "+failure.line)
		return callFailed
	}
	os.Stdout.Write(answer)
	fmt.Println()
	paid := q.Contract.PriceUSD
	if n, ok := new(big.Int).SetString(settled.Amount, 10); ok { // upto's: what the call delivered
		paid = atomicToUSD(n)
	}
	if settled.Transaction == "" {
		fmt.Fprintf(os.Stderr, "paid %s USD by %s: nothing was delivered, nothing settled\n", paid, settled.Payer)
		return callPaid
	}
	fmt.Fprintf(os.Stderr, "paid %s USD by %s; receipt: %s/receipt/%s\n", paid, settled.Payer, b.base, settled.Transaction)
	return callPaid
}

// sign signs a payment of the terms' entry acc, of its kind.
func (b *buyer) sign(terms *x402.PaymentRequired, acc *x402.Requirements) (string, *x402.Payload, error) {
	if !acc.Kind().Permit2() {
		chosen := *terms
		chosen.Accepts = []x402.Requirements{*acc}
		return x402.Pay(b.key, &chosen, time.Now())
	}
	var nonce *big.Int
	if b.rpc != "" {
		var err error
		if nonce, err = permitNonce(b.rpc, acc, crypto.PubkeyToAddress(b.key.PublicKey)); err != nil {
			return "", nil, err
		}
	}
	p, err := x402.PayPermit2(b.key, terms, *acc, time.Now(), nonce)
	if err != nil {
		return "", nil, err
	}
	header, err := x402.EncodeHeader(p)
	return header, p, err
}

// A seller is where a call is bought: a tool's route, or /mcp.
type seller interface {
	// terms asks without payment; failure is why no terms came.
	terms(data []byte) (terms *x402.PaymentRequired, failure string, err error)
	// pay asks again with the payment; failure is why nothing was served.
	pay(data []byte, header string, payload *x402.Payload) (answer []byte, settled *x402.SettleResponse, failure *paidFailure, err error)
}

// routeSeller buys over a tool's HTTP route.
type routeSeller struct {
	b        *buyer
	endpoint string
}

func (r *routeSeller) terms(data []byte) (*x402.PaymentRequired, string, error) {
	resp, body, err := r.b.post(r.endpoint, data, "")
	if err != nil {
		return nil, "", err
	}
	if resp.StatusCode != http.StatusPaymentRequired {
		return nil, failureLine(resp.StatusCode, body), nil
	}
	var terms x402.PaymentRequired
	if x402.DecodeHeader(resp.Header.Get(x402.HeaderRequired), &terms) != nil {
		return nil, "", nil
	}
	return &terms, "", nil
}

func (r *routeSeller) pay(data []byte, header string, _ *x402.Payload) ([]byte, *x402.SettleResponse, *paidFailure, error) {
	resp, body, err := r.b.post(r.endpoint, data, header)
	if err != nil {
		return nil, nil, nil, err
	}
	var settled x402.SettleResponse
	_ = x402.DecodeHeader(resp.Header.Get(x402.HeaderResponse), &settled)
	if resp.StatusCode != http.StatusOK || !settled.Success {
		code, _, _ := errorOf(body)
		return nil, nil, &paidFailure{line: failureLine(resp.StatusCode, body), code: code,
			retryAfter: upstreams.RetryAfter(resp.Header.Get("Retry-After"), time.Now())}, nil
	}
	return body, &settled, nil, nil
}

// failureLine says in one line why a paid request was not served, and
// below it, one line each, the fields the service found invalid: a refused
// payment moved nothing, and says so.
func failureLine(status int, body []byte) string {
	code, message, reason := errorOf(body)
	if message == "" {
		return fmt.Sprintf("the service answered HTTP %d: %.200s", status, body)
	}
	switch code {
	case "payment_invalid", "payment_replayed":
		why := cmp.Or(strings.ReplaceAll(reason, "_", " "), code)
		return fmt.Sprintf("%s: nothing was charged (%s)", why, message)
	}
	line := code + ": " + message
	for _, f := range fieldsOf(body) {
		line += "\n  - " + f.Name + ": " + f.Problem
	}
	return line
}

// errorOf reads an error body: the one error shape, or a 402's v1 body,
// whose error is the message with the code and reason beside it.
func errorOf(body []byte) (code, message, reason string) {
	var e struct {
		Error        json.RawMessage `json:"error"`
		Code, Reason string
	}
	if json.Unmarshal(body, &e) != nil {
		return "", "", ""
	}
	if json.Unmarshal(e.Error, &message) == nil {
		return e.Code, message, e.Reason
	}
	var shaped struct{ Code, Message, Reason string }
	json.Unmarshal(e.Error, &shaped)
	return shaped.Code, shaped.Message, shaped.Reason
}

// fieldsOf reads the invalid fields an error body names.
func fieldsOf(body []byte) []registry.FieldError {
	var e struct {
		Error struct {
			Fields []registry.FieldError `json:"fields"`
		} `json:"error"`
	}
	json.Unmarshal(body, &e)
	return e.Error.Fields
}

func (b *buyer) quote(tool string) (*quote, error) {
	resp, err := b.http.Get(b.base + "/api/quote?tool=" + url.QueryEscape(tool))
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return nil, err
	}
	if resp.StatusCode == http.StatusNotFound {
		return nil, fmt.Errorf("%s: %w", tool, errNoContract)
	}
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("no quote for %s (HTTP %d): %s", tool, resp.StatusCode, raw)
	}
	var q quote
	if err := json.Unmarshal(raw, &q); err != nil || q.Contract.Endpoint == "" {
		return nil, fmt.Errorf("%s: %w", tool, errNoContract)
	}
	if len(q.Contract.VerifyBeforePaying) != 5 {
		return nil, fmt.Errorf("the buyer contract for %s lists %d verifyBeforePaying rules, not 5", tool, len(q.Contract.VerifyBeforePaying))
	}
	if q.ApprovalPrompt == "" {
		return nil, fmt.Errorf("the quote for %s has no approval prompt", tool)
	}
	return &q, nil
}

var errNoContract = errors.New("the service publishes no buyer contract")

// termsQuote stands in for a missing quote: the 402's own network, asset
// and payee, and the buyer's limit as maxPayment.
func termsQuote(tool, endpoint string, acc *x402.Requirements, limit *big.Int) *quote {
	q := &quote{}
	c := &q.Contract
	c.Tool, c.Endpoint, c.Network, c.AssetContract, c.PayTo = tool, endpoint, acc.Network, acc.Asset, acc.PayTo
	c.PriceUSD, c.MaxPaymentUSD = atomicToUSD(limit), atomicToUSD(limit)
	if n, ok := new(big.Int).SetString(acc.Amount, 10); ok {
		c.PriceUSD = atomicToUSD(n)
	}
	q.ApprovalPrompt = fmt.Sprintf("Calling %s costs %s USD on %s, paid to %s in asset %s; your limit is %s USD.",
		tool, c.PriceUSD, acc.Network, acc.PayTo, acc.Asset, c.MaxPaymentUSD)
	return q
}

// chooseEntry is the terms' entry of kind on network, or the first of
// kind when network is ""; nil when there is none.
func chooseEntry(terms *x402.PaymentRequired, network string, kind x402.Kind) *x402.Requirements {
	for i, r := range terms.Accepts {
		if r.Kind() == kind && (network == "" || r.Network == network) {
			return &terms.Accepts[i]
		}
	}
	return nil
}

// offered lists the terms' entries, as kind and network.
func offered(terms *x402.PaymentRequired) string {
	var entries []string
	for _, r := range terms.Accepts {
		entries = append(entries, r.Kind().String()+" on "+r.Network)
	}
	if entries == nil {
		return "none"
	}
	return strings.Join(entries, ", ")
}

// check applies the five verifyBeforePaying rules, and the buyer's own
// limit, to acc, the entry of the 402 terms chosen to pay. It returns every
// rule that fails.
func (q *quote) check(terms *x402.PaymentRequired, acc *x402.Requirements, limit *big.Int) []string {
	c := &q.Contract
	var problems []string
	fail := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }
	// The contract's networks, each with its asset and the schemes sold
	// there beside exact; a contract that lists none names one network.
	assets, schemes := map[string]string{c.Network: c.AssetContract}, map[string][]string{}
	for _, n := range c.Networks {
		assets[n.Network], schemes[n.Network] = n.AssetContract, n.Schemes
	}
	if acc.Scheme != x402.SchemeExact && !slices.Contains(schemes[acc.Network], acc.Scheme) {
		fail("scheme is %q, which the contract does not name on %s", acc.Scheme, acc.Network)
	}
	asset, listed := assets[acc.Network]
	switch {
	case !listed:
		fail("network is %q; the contract says %q", acc.Network, c.Network)
	case !strings.EqualFold(acc.Asset, asset):
		fail("asset contract is %s; the contract says %s", acc.Asset, asset)
	}
	if !strings.EqualFold(acc.PayTo, c.PayTo) {
		fail("payTo is %s; the contract says %s", acc.PayTo, c.PayTo)
	}
	amount, ok := new(big.Int).SetString(acc.Amount, 10)
	maxPayment, err := usdToAtomic(c.MaxPaymentUSD)
	switch {
	case !ok || amount.Sign() < 0:
		fail("amount %q is not a whole number of atomic units", acc.Amount)
	case err != nil:
		fail("the contract's maxPaymentUsd %q: %v", c.MaxPaymentUSD, err)
	case amount.Cmp(maxPayment) > 0:
		fail("amount %s is more than maxPayment %s USD", atomicToUSD(amount), c.MaxPaymentUSD)
	case limit != nil && amount.Cmp(limit) > 0:
		fail("amount %s is more than --max-usd %s", atomicToUSD(amount), atomicToUSD(limit))
	}
	switch {
	case pathOf(c.Endpoint) == registry.PathMCP: // the MCP endpoint, and the bazaar extension names the tool
		if terms.Resource == nil || pathOf(terms.Resource.URL) != registry.PathMCP {
			fail("the resource does not match the endpoint %s", c.Endpoint)
		}
		if name := mcpToolName(terms.Extensions); name != c.Tool {
			fail("the bazaar extension names the tool %q, not %s", name, c.Tool)
		}
	case terms.Resource == nil || pathOf(terms.Resource.URL) != pathOf(c.Endpoint) || pathOf(c.Endpoint) == "":
		fail("the resource does not match the endpoint %s", c.Endpoint)
	}
	return problems
}

func pathOf(s string) string {
	u, err := url.Parse(s)
	if err != nil {
		return ""
	}
	return u.Path
}

func (b *buyer) post(endpoint string, data []byte, payment string) (*http.Response, []byte, error) {
	req, err := http.NewRequest(http.MethodPost, endpoint, bytes.NewReader(data))
	if err != nil {
		return nil, nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	if payment != "" {
		req.Header.Set(x402.HeaderSignature, payment)
	}
	resp, err := b.http.Do(req)
	if err != nil {
		return nil, nil, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 16<<20))
	return resp, body, err
}

// buyerKey reads the hex private key from file, or COINSLOT_BUYER_KEY.
func buyerKey(file string) (*ecdsa.PrivateKey, error) {
	key, err := readKey(file, "COINSLOT_BUYER_KEY", "buyer")
	if key == nil && err == nil {
		return nil, errors.New("no buyer key: pass --key-file FILE or set COINSLOT_BUYER_KEY")
	}
	return key, err
}

// usdToAtomic turns dollars ("0.05") into USDC atomic units, exactly.
func usdToAtomic(s string) (*big.Int, error) {
	r, ok := new(big.Rat).SetString(strings.TrimSpace(s))
	if !ok || r.Sign() < 0 {
		return nil, fmt.Errorf("%q is not a dollar amount", s)
	}
	r.Mul(r, big.NewRat(1_000_000, 1))
	if !r.IsInt() {
		return nil, fmt.Errorf("%q has more than 6 decimals", s)
	}
	return r.Num(), nil
}

// atomicToUSD renders atomic units as dollars with at least two decimals.
func atomicToUSD(n *big.Int) string {
	s := new(big.Rat).SetFrac(n, big.NewInt(1_000_000)).FloatString(6)
	for strings.HasSuffix(s, "0") && len(s)-strings.IndexByte(s, '.') > 3 {
		s = s[:len(s)-1]
	}
	return s
}
