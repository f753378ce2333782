package edge

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/url"
	"time"

	"github.com/coinslot/coinslot/config"
	"github.com/coinslot/coinslot/edge/ledger"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/coinslot/coinslot/registry"
	"github.com/ethereum/go-ethereum/common"
	"github.com/valyala/fasthttp"
)

// A wallet reads its own payments and channels at registry.PathPayments by
// signing in. There is nothing to buy there, so a request without a proof
// gets a 401 rather than a 402: a 402 with no terms in accepts is no x402
// PaymentRequired, and x402 clients would try to pay it. The 401 carries
// the challenge under extensions["sign-in-with-x"], as a 402 carries it,
// and WWW-Authenticate names the scheme, as HTTP asks of a 401.

// payerMethods are the methods registry.PathPayments answers.
const payerMethods = "GET, HEAD, OPTIONS"

// servePayerStatus answers registry.PathPayments. A browser agent sends
// the proof in a header of its own, so it asks first (a CORS preflight),
// and reads WWW-Authenticate only when exposed.
func (s *Server) servePayerStatus(ctx *fasthttp.RequestCtx) {
	ctx.Response.Header.Set("Access-Control-Allow-Origin", "*")
	ctx.Response.Header.Set("Access-Control-Expose-Headers", "WWW-Authenticate")
	switch {
	case ctx.IsOptions():
		preflight(ctx, payerMethods)
		return
	case !ctx.IsGet() && !ctx.IsHead():
		ctx.Response.Header.Set("Allow", payerMethods)
		writeError(ctx, registry.CodeMethodNotAllowed, registry.PathPayments+" takes GET or HEAD, not "+string(ctx.Method()), nil)
		return
	}
	g := s.gen.Load()
	cfg := g.cfg
	if !cfg.SIWx.Enabled {
		writeError(ctx, registry.CodeNotFound, "sign-in-with-x is off on this service (siwx.enabled), so no wallet signs in to read its payments here; "+
			"a payment's status is at "+pathPayment+"{payer}/{nonce}, a channel's at "+pathChannel+"{id}", nil)
		return
	}
	uri, networks := cfg.BaseURL+registry.PathPayments, signInNetworks(g)
	v := ctx.Request.Header.Peek(x402.HeaderSignInWithX)
	if v == nil {
		s.signInRequired(ctx, cfg, uri, networks, "", `send the wallet's SIGN-IN-WITH-X proof: sign the challenge in extensions["sign-in-with-x"]`)
		return
	}
	reason, why := siwxInvalidHeader, ""
	proof, err := x402.DecodeSIWx(string(v))
	if err != nil {
		why = err.Error()
	} else {
		reason, why = s.checkProof(cfg, uri, networks, proof)
	}
	if reason != "" {
		s.metrics.refusals.WithLabelValues(reason).Inc()
		accessOf(ctx).reason = reason
		s.signInRequired(ctx, cfg, uri, networks, reason, "sign-in-with-x refused: "+why)
		return
	}
	payer := common.HexToAddress(proof.Address).Hex()
	accessOf(ctx).payer = payer
	doc, err := s.payerStatus(cfg, payer)
	if err != nil {
		s.internalReceipt(ctx, err)
		return
	}
	body, err := json.Marshal(doc)
	if err != nil {
		s.internalReceipt(ctx, err)
		return
	}
	ctx.Response.Header.Set("Cache-Control", "private, no-store")
	writeJSON(ctx, fasthttp.StatusOK, body)
}

// signInNetworks are the networks a wallet may sign in on to read its
// payments: every network a tool is sold on, in the catalog's order.
func signInNetworks(g *Generation) []string {
	var networks []string
	seen := map[string]bool{}
	for _, t := range registry.All() {
		if o := g.offers[t.Name]; o != nil {
			for _, n := range signInChains(o) {
				if !seen[n] {
					seen[n] = true
					networks = append(networks, n)
				}
			}
		}
	}
	return networks
}

// signInChallenge is the 401 of registry.PathPayments: the one error shape,
// with a new challenge beside it.
type signInChallenge struct {
	Error      errorDetail    `json:"error"`
	Extensions map[string]any `json:"extensions"`
}

// signInRequired answers 401 with a new challenge for uri; reason names a
// refused proof's failure.
func (s *Server) signInRequired(ctx *fasthttp.RequestCtx, cfg *config.Config, uri string, networks []string, reason, message string) {
	ext, err := s.challenge(cfg, uri, networks)
	if err != nil {
		slog.Error("sign-in-with-x: no challenge could be made", "path", registry.PathPayments, "err", err)
		writeError(ctx, registry.CodeInternal, "no sign-in-with-x challenge could be made now; retry", nil)
		return
	}
	body, err := json.Marshal(signInChallenge{
		Error:      errorDetail{Code: registry.CodeSignInRequired, Message: message, Reason: reason},
		Extensions: map[string]any{x402.SignInWithX: ext},
	})
	if err != nil {
		writeError(ctx, registry.CodeInternal, "the challenge could not be written", nil)
		return
	}
	base, _ := url.Parse(cfg.BaseURL) // validated at load
	accessOf(ctx).code = registry.CodeSignInRequired
	ctx.Response.Header.Set("WWW-Authenticate", `SIWX realm="`+base.Host+`"`)
	ctx.Response.Header.Set("Cache-Control", "no-store")
	writeJSON(ctx, registry.CodeSignInRequired.Status(), body)
}

// payerStatus is payer's payments within the answers' retention, and its
// channels, as the ledger records them.
func (s *Server) payerStatus(cfg *config.Config, payer string) (*registry.PayerStatus, error) {
	ctx, cancel := context.WithTimeout(context.Background(), ledgerWait)
	defer cancel()
	since := s.now().UTC().Add(-time.Duration(cfg.Ledger.AnswersHours) * time.Hour).Truncate(time.Second)
	payments, err := s.pay.Ledger.PayerPayments(ctx, payer, since, registry.PayerListMax)
	if err != nil {
		return nil, err
	}
	channels, err := s.pay.Ledger.PayerChannels(ctx, payer, registry.PayerListMax)
	if err != nil {
		return nil, err
	}
	doc := &registry.PayerStatus{Payer: payer, Since: since, Payments: []registry.PayerPayment{}, Channels: []registry.PayerChannel{}}
	for _, p := range payments {
		r := p.Receipt
		doc.Payments = append(doc.Payments, registry.PayerPayment{Tool: r.Tool, Nonce: p.Nonce, State: statusOf[p.State].state,
			AmountAtomic: r.AmountAtomic, AmountUSD: r.AmountUSD, Network: r.Network, Asset: r.Asset, Since: p.Since,
			Tx: r.Tx, ReceiptURL: r.ReceiptURL, StatusURL: paymentStatusURL(cfg, payer, p.Nonce)})
	}
	for _, c := range channels {
		var settlement struct {
			Network string `json:"network"`
		}
		json.Unmarshal(c.Settlement, &settlement) // a channel not yet called has none
		doc.Channels = append(doc.Channels, registry.PayerChannel{ChannelID: c.ID, State: channelState(&c), Network: settlement.Network,
			ChargedCumulative: c.Charged, SignedMax: c.SignedMax, Balance: c.Balance, TotalClaimed: c.TotalClaimed,
			SyncedAt: c.SyncedAt, LastTool: c.Tool, StatusURL: cfg.BaseURL + pathChannel + c.ID})
	}
	return doc, nil
}

// channelState is what holds a channel, the first that applies.
func channelState(c *ledger.Channel) string {
	switch {
	case !c.Refunding.IsZero():
		return "refunding"
	case c.WithdrawRequestedAt != 0:
		return "withdrawing"
	case c.Quarantine != nil:
		return "quarantined"
	case c.Deposit != nil:
		return "deposit_pending"
	}
	return "open"
}
