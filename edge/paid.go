package edge

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"time"

	"github.com/coinslot/coinslot/config"
	"github.com/coinslot/coinslot/edge/ledger"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/valyala/fasthttp"
)

// servePaid is the paid-route pipeline. Nobody pays for a call that cannot
// succeed: input and readiness are checked before payment is asked for, and
// the payment before the tool runs. The tool's answer is buffered and sent
// only once its payment is settled and recorded.
func (s *Server) servePaid(ctx *fasthttp.RequestCtx, t *registry.Tool) {
	allowBrowsers(ctx)
	switch {
	case ctx.IsOptions():
		preflight(ctx)
		return
	case ctx.IsGet() || ctx.IsHead():
		s.serveTerms(ctx, t)
		return
	case !ctx.IsPost():
		ctx.Response.Header.Set("Allow", allowedMethods)
		writeError(ctx, fasthttp.StatusMethodNotAllowed, "method_not_allowed", t.Path+" takes POST with a JSON body (GET shows the payment terms)", nil)
		return
	}
	cfg := s.cfg.Load()
	body := ctx.PostBody()
	if len(body) > cfg.MaxBodyBytes {
		writeError(ctx, fasthttp.StatusRequestEntityTooLarge, "body_too_large", fmt.Sprintf("the body is %d bytes; at most %d are accepted", len(body), cfg.MaxBodyBytes), nil)
		return
	}
	in, problem := parseObject(body, t.BodyRequired)
	if problem != "" {
		writeError(ctx, fasthttp.StatusBadRequest, "invalid_json", problem, nil)
		return
	}
	args, fields := t.Validate(in)
	if len(fields) > 0 {
		writeError(ctx, fasthttp.StatusBadRequest, "invalid_params", fmt.Sprintf("%d field(s) of the request are invalid", len(fields)), fields)
		return
	}
	o, ok := s.ready(ctx, t)
	if !ok {
		return
	}
	v2, v1 := ctx.Request.Header.Peek(x402.HeaderSignature), ctx.Request.Header.Peek(x402.HeaderPaymentV1)
	var header, value string
	switch {
	case v2 == nil && v1 == nil:
		s.metrics.payments.WithLabelValues(t.Name, outcomeRequired).Inc()
		writeTerms(ctx, o)
		return
	case v2 != nil && v1 != nil:
		s.refuse(ctx, o, fasthttp.StatusBadRequest, &x402.Refusal{Reason: x402.ReasonInvalidPayload,
			Message: "send one payment header: " + x402.HeaderSignature + " (v2) or " + x402.HeaderPaymentV1 + " (v1), not both"})
		return
	case v2 != nil:
		header, value = x402.HeaderSignature, string(v2)
	default:
		header, value = x402.HeaderPaymentV1, string(v1)
	}
	payment, err := x402.DecodePayment(header, value)
	if err != nil {
		s.refuse(ctx, o, fasthttp.StatusBadRequest, err)
		return
	}
	s.sell(ctx, cfg, o, payment, body, args)
}

// allowedMethods are the methods a paid route answers.
const allowedMethods = "POST, GET, OPTIONS"

// serveTerms answers a GET: the terms, so probes and catalogs can read the
// price. It never runs the tool.
func (s *Server) serveTerms(ctx *fasthttp.RequestCtx, t *registry.Tool) {
	if o, ok := s.ready(ctx, t); ok {
		s.metrics.payments.WithLabelValues(t.Name, outcomeRequired).Inc()
		writeTerms(ctx, o)
	}
}

// ready answers 503 when the tool cannot be sold now.
func (s *Server) ready(ctx *fasthttp.RequestCtx, t *registry.Tool) (*offer, bool) {
	if ok, why, retry := s.runtime.Ready(t); !ok {
		setRetryAfter(ctx, retry)
		writeError(ctx, fasthttp.StatusServiceUnavailable, "tool_unavailable", t.Name+" is unavailable: "+why, nil)
		return nil, false
	}
	var o *offer
	if offers := s.offers.Load(); offers != nil {
		o = (*offers)[t.Name]
	}
	if o == nil { // registered after the last reload
		setRetryAfter(ctx, time.Minute)
		writeError(ctx, fasthttp.StatusServiceUnavailable, "tool_unavailable", t.Name+" has no payment terms until the next reload", nil)
		return nil, false
	}
	return o, true
}

// sell takes a decoded payment through check, reservation, verification,
// the tool, settlement and the ledger.
func (s *Server) sell(ctx *fasthttp.RequestCtx, cfg *config.Config, o *offer, p *x402.Payment, body []byte, args registry.Args) {
	t := o.terms.Tool
	validBefore, err := o.terms.Check(p, s.now())
	if err != nil {
		s.refuse(ctx, o, fasthttp.StatusPaymentRequired, err)
		return
	}
	auth := p.Exact().Authorization
	bg := context.Background()
	if err := s.pay.Ledger.Reserve(bg, auth.From, auth.Nonce, t.Name); err != nil {
		if errors.Is(err, ledger.ErrReplayed) {
			s.metrics.payments.WithLabelValues(t.Name, outcomeReplayed).Inc()
			writeRefusal(ctx, o, fasthttp.StatusPaymentRequired, "payment_replayed", "", "this authorization (from "+auth.From+", nonce "+auth.Nonce+") was already used; sign a new one")
			return
		}
		s.internal(ctx, "reserve", err)
		return
	}
	release := func() {
		if err := s.pay.Ledger.Release(bg, auth.From, auth.Nonce); err != nil {
			log.Printf("ledger: release %s %s: %v", auth.From, auth.Nonce, err)
		}
	}
	forwarded := o.terms.Forwarded(p)
	if refusal := s.verify(t, forwarded, &o.terms.Requirements, validBefore); refusal != nil {
		release()
		s.refuse(ctx, o, fasthttp.StatusPaymentRequired, refusal)
		return
	}
	s.metrics.payments.WithLabelValues(t.Name, outcomeVerified).Inc()

	runDeadline := validBefore.Add(-x402.SettleMargin - settleBudget)
	if !s.now().Before(runDeadline) {
		release()
		s.refuse(ctx, o, fasthttp.StatusPaymentRequired, &x402.Refusal{Reason: x402.ReasonValidBefore, Message: fmt.Sprintf(
			"the authorization expires too soon to run and settle this call; sign one valid for at least %d seconds", int((x402.SettleMargin+settleBudget)/time.Second)+5)})
		return
	}
	runCtx, cancel := context.WithDeadline(bg, runDeadline)
	result, err := s.runtime.Run(runCtx, t, args)
	cancel()
	if err != nil {
		release()
		s.metrics.payments.WithLabelValues(t.Name, outcomeToolFailed).Inc()
		writeToolError(ctx, t, err)
		return
	}
	out, err := shape(t, result, s.now(), cfg.Mode == config.Sandbox)
	if err != nil {
		release()
		s.metrics.payments.WithLabelValues(t.Name, outcomeToolFailed).Inc()
		s.internal(ctx, "shape "+t.Name, err)
		return
	}
	receipt := s.draftReceipt(cfg, o.terms, &auth, digest(body), digest(out))
	// Noted before /settle: a crash from here on leaves the payment pending
	// in the ledger, never lost.
	if err := s.pay.Ledger.Settling(bg, auth.From, auth.Nonce, receipt); err != nil {
		release()
		s.internal(ctx, "settling", err)
		return
	}
	settled, err := s.settle(forwarded, &o.terms.Requirements)
	if err != nil || !settled.Success {
		s.metrics.payments.WithLabelValues(t.Name, outcomeSettleFailed).Inc()
		s.settleFailed(ctx, o, p, &auth, settled, err, release)
		return
	}
	receipt.Tx = settled.Transaction
	receipt.SettledAt = s.now().UTC().Truncate(time.Second) // what every ledger stores exactly
	receipt.ReceiptURL = cfg.BaseURL + registry.PathReceipt + settled.Transaction
	if err := s.record(auth.From, auth.Nonce, receipt); err != nil {
		// The buyer has paid: the data is theirs. The pending entry keeps
		// the payment reconcilable.
		log.Printf("ledger: record %s (%s): %v", receipt.Tx, t.Name, err)
	}
	s.metrics.payments.WithLabelValues(t.Name, outcomeSettled).Inc()
	s.metrics.revenue.WithLabelValues(t.Name).Add(float64(t.PriceAtomic()))
	if t.Shape == registry.ReceiptBacked {
		out = withReceipt(out, receipt)
	}
	setSettlement(ctx, p, &x402.SettleResponse{Success: true, Transaction: settled.Transaction, Network: networkFor(p, o.terms), Payer: auth.From})
	ctx.Response.Header.Set("Cache-Control", "private, no-store")
	writeJSON(ctx, fasthttp.StatusOK, out)
}

// verify asks the facilitator, within the authorization's window.
func (s *Server) verify(t *registry.Tool, p *x402.Payload, r *x402.Requirements, validBefore time.Time) *x402.Refusal {
	ctx, cancel := context.WithDeadline(context.Background(), validBefore.Add(-x402.SettleMargin))
	defer cancel()
	start := time.Now()
	v, err := s.pay.Facilitator.Verify(ctx, p, r)
	s.metrics.facilitator.WithLabelValues("verify").Observe(time.Since(start).Seconds())
	switch {
	case err != nil:
		return &x402.Refusal{Reason: x402.ReasonUnexpectedVerify, Message: "the payment could not be verified (" + err.Error() + "); nothing was charged"}
	case !v.IsValid:
		reason := v.InvalidReason
		if reason == "" {
			reason = x402.ReasonUnexpectedVerify
		}
		msg := "the facilitator refused the payment"
		if v.InvalidMessage != "" {
			msg += ": " + v.InvalidMessage
		}
		return &x402.Refusal{Reason: reason, Message: msg}
	}
	return nil
}

func (s *Server) settle(p *x402.Payload, r *x402.Requirements) (*x402.SettleResponse, error) {
	ctx, cancel := context.WithTimeout(context.Background(), settleBudget)
	defer cancel()
	start := time.Now()
	resp, err := s.pay.Facilitator.Settle(ctx, p, r)
	s.metrics.facilitator.WithLabelValues("settle").Observe(time.Since(start).Seconds())
	return resp, err
}

// settleFailed withholds the tool's answer. A settlement refused by the
// facilitator moved nothing, so the authorization is released; one whose
// outcome is unknown (no answer) stays reserved, since it may yet land.
func (s *Server) settleFailed(ctx *fasthttp.RequestCtx, o *offer, p *x402.Payment, auth *x402.Authorization, settled *x402.SettleResponse, err error, release func()) {
	reason, msg := x402.ReasonUnexpectedSettle, ""
	if err != nil {
		msg = "settlement outcome unknown (" + err.Error() + "); the answer is withheld and this authorization stays reserved"
	} else {
		release()
		if settled.ErrorReason != "" {
			reason = settled.ErrorReason
		}
		msg = "settlement failed; the answer is withheld and nothing was charged"
		if settled.ErrorMessage != "" {
			msg += " (" + settled.ErrorMessage + ")"
		}
	}
	s.metrics.refusals.WithLabelValues(reason).Inc()
	setSettlement(ctx, p, &x402.SettleResponse{ErrorReason: reason, Network: networkFor(p, o.terms), Payer: auth.From})
	writeRefusal(ctx, o, fasthttp.StatusPaymentRequired, "settlement_failed", reason, msg)
}

// record writes the receipt, trying a few times: a settled payment must
// reach the ledger.
func (s *Server) record(payer, nonce string, r *ledger.Receipt) error {
	var err error
	for attempt := range 3 {
		if attempt > 0 {
			time.Sleep(time.Duration(attempt) * 100 * time.Millisecond)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		err = s.pay.Ledger.Record(ctx, payer, nonce, r)
		cancel()
		if err == nil {
			return nil
		}
	}
	return err
}

// refuse answers a payment that is malformed (400) or invalid (402).
func (s *Server) refuse(ctx *fasthttp.RequestCtx, o *offer, status int, err error) {
	var r *x402.Refusal
	if !errors.As(err, &r) {
		r = &x402.Refusal{Reason: x402.ReasonInvalidPayload, Message: err.Error()}
	}
	s.metrics.payments.WithLabelValues(o.terms.Tool.Name, outcomeRefused).Inc()
	s.metrics.refusals.WithLabelValues(r.Reason).Inc()
	writeRefusal(ctx, o, status, "payment_invalid", r.Reason, r.Message)
}

func (s *Server) internal(ctx *fasthttp.RequestCtx, what string, err error) {
	log.Printf("paid route %s: %s: %v", ctx.Path(), what, err)
	writeError(ctx, fasthttp.StatusInternalServerError, "internal", "the call could not be completed; nothing was charged", nil)
}

// writeToolError maps a failed call to its status; the buyer is not charged.
func writeToolError(ctx *fasthttp.RequestCtx, t *registry.Tool, err error) {
	e, ok := upstreams.AsError(err)
	if !ok {
		log.Printf("tool %s: %v", t.Name, err)
		writeError(ctx, fasthttp.StatusInternalServerError, "internal", t.Name+" failed; nothing was charged", nil)
		return
	}
	status := map[upstreams.Kind]int{
		upstreams.Unavailable: fasthttp.StatusServiceUnavailable,
		upstreams.Timeout:     fasthttp.StatusGatewayTimeout,
		upstreams.BadAnswer:   fasthttp.StatusBadGateway,
		upstreams.NotFound:    fasthttp.StatusNotFound,
	}[e.Kind]
	if status == 0 {
		status = fasthttp.StatusBadGateway
	}
	writeError(ctx, status, string(e.Kind), e.Error()+"; nothing was charged", nil)
}

// parseObject reads the body as one JSON object, numbers kept exact.
func parseObject(body []byte, required bool) (map[string]any, string) {
	if len(bytes.TrimSpace(body)) == 0 {
		if required {
			return nil, "this route needs a JSON object body"
		}
		return map[string]any{}, ""
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	var in any
	if err := dec.Decode(&in); err != nil {
		return nil, "the body is not valid JSON"
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, "the body has data after its JSON value"
	}
	obj, ok := in.(map[string]any)
	if !ok {
		return nil, "the body must be a JSON object"
	}
	return obj, ""
}

func digest(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}
