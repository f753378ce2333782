package edge

import (
	"context"
	"errors"
	"fmt"
	"log"
	"time"

	"github.com/coinslot/coinslot/config"
	"github.com/coinslot/coinslot/edge/ledger"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/ethereum/go-ethereum/common"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/valyala/fasthttp"
)

// Payments is what the paid routes need besides the configuration.
type Payments struct {
	Network     x402.Network     // x402.Base in production; the simulated chain in sandbox
	Facilitator x402.Facilitator // remote (x402.HTTPFacilitator) or in-process
	Ledger      ledger.Store
	Metrics     prometheus.Registerer // nil: metrics are kept but not exported
	Now         func() time.Time      // nil: time.Now
}

// settleBudget is the time kept free for /settle at the end of a buyer's
// authorization window: the tool's deadline ends this long (plus the
// facilitators' margin) before validBefore.
const settleBudget = 15 * time.Second

// offer is a tool's terms and, for a route, its ready-made 402 body.
type offer struct {
	terms *x402.Terms
	body  []byte // the route's 402 body for a call without payment
}

// buildOffers builds every tool's terms for cfg, once per configuration.
func (s *Server) buildOffers(cfg *config.Config) (map[string]*offer, error) {
	if s.pay.Ledger == nil || s.pay.Facilitator == nil || s.pay.Network.ChainID == nil {
		return nil, fmt.Errorf("paid routes need a network, a facilitator and a ledger")
	}
	if !common.IsHexAddress(cfg.PayTo) {
		return nil, fmt.Errorf("pay_to %q is not a wallet address; paid routes need one", cfg.PayTo)
	}
	payTo := common.HexToAddress(cfg.PayTo)
	offers := map[string]*offer{}
	for _, t := range registry.All() {
		terms, err := x402.NewTerms(s.pay.Network, payTo, cfg.BaseURL, cfg.MaxTimeoutSeconds, t, registry.InputSchema(t))
		if err != nil {
			return nil, err
		}
		o := &offer{terms: terms}
		if t.Paid() {
			o.body, err = refusalBody(terms, "payment_required", "", fmt.Sprintf(
				"%s costs %s USD in USDC on %s: pay with an x402 %s (v2) or %s (v1) header",
				t.Name, t.Price, s.pay.Network.Name, x402.HeaderSignature, x402.HeaderPaymentV1))
			if err != nil {
				return nil, err
			}
		}
		offers[t.Name] = o
	}
	return offers, nil
}

// failure is a call that was not served, in decision 9's terms. Payment
// failures carry the terms again, so a client can pay anew.
type failure struct {
	status     int // as HTTP answers it
	code       string
	reason     string // the x402 reason of a refused payment
	message    string
	fields     []registry.FieldError
	retryAfter time.Duration // for tool_unavailable
}

func (f *failure) payment() bool {
	return f.code == "payment_invalid" || f.code == "payment_replayed" || f.code == "settlement_failed"
}

// validate checks a call's input against the tool's parameters.
func validate(t *registry.Tool, in map[string]any) (registry.Args, *failure) {
	args, fields := t.Validate(in)
	if len(fields) > 0 {
		return nil, &failure{status: fasthttp.StatusBadRequest, code: "invalid_params",
			message: fmt.Sprintf("%d field(s) of the request are invalid", len(fields)), fields: fields}
	}
	return args, nil
}

// offerFor is the tool's offer, or why it cannot be sold now.
func (s *Server) offerFor(t *registry.Tool) (*offer, *failure) {
	if ok, why, retry := s.runtime.Ready(t); !ok {
		return nil, &failure{status: fasthttp.StatusServiceUnavailable, code: "tool_unavailable", message: t.Name + " is unavailable: " + why, retryAfter: retry}
	}
	var o *offer
	if offers := s.offers.Load(); offers != nil {
		o = (*offers)[t.Name]
	}
	if o == nil { // registered after the last reload
		return nil, &failure{status: fasthttp.StatusServiceUnavailable, code: "tool_unavailable", message: t.Name + " has no payment terms until the next reload", retryAfter: time.Minute}
	}
	return o, nil
}

// sale is what the payment core made of one paid call, for its transport
// to render: the answer, or why there is none, and the settlement document
// when settlement was attempted.
type sale struct {
	body       []byte // the tool's answer, present only once paid
	failure    *failure
	settlement *x402.SettleResponse
}

// sell takes a decoded payment through the local check, reservation,
// verification, the tool, settlement and the ledger. request is what the
// receipt's request digest covers. Every transport sells through it.
func (s *Server) sell(cfg *config.Config, o *offer, p *x402.Payment, request []byte, args registry.Args) *sale {
	t := o.terms.Tool
	validBefore, err := o.terms.Check(p, s.now())
	if err != nil {
		return &sale{failure: s.refused(o, fasthttp.StatusPaymentRequired, err)}
	}
	auth := p.Exact().Authorization
	bg := context.Background()
	if err := s.pay.Ledger.Reserve(bg, auth.From, auth.Nonce, t.Name); err != nil {
		if errors.Is(err, ledger.ErrReplayed) {
			s.metrics.payments.WithLabelValues(t.Name, outcomeReplayed).Inc()
			return &sale{failure: &failure{status: fasthttp.StatusPaymentRequired, code: "payment_replayed",
				message: "this authorization (from " + auth.From + ", nonce " + auth.Nonce + ") was already used; sign a new one"}}
		}
		return &sale{failure: internalFailure(t, "reserve", err)}
	}
	release := func() {
		if err := s.pay.Ledger.Release(bg, auth.From, auth.Nonce); err != nil {
			log.Printf("ledger: release %s %s: %v", auth.From, auth.Nonce, err)
		}
	}
	forwarded := o.terms.Forwarded(p)
	if refusal := s.verify(t, forwarded, &o.terms.Requirements, validBefore); refusal != nil {
		release()
		return &sale{failure: s.refused(o, fasthttp.StatusPaymentRequired, refusal)}
	}
	s.metrics.payments.WithLabelValues(t.Name, outcomeVerified).Inc()

	runDeadline := validBefore.Add(-x402.SettleMargin - settleBudget)
	if !s.now().Before(runDeadline) {
		release()
		return &sale{failure: s.refused(o, fasthttp.StatusPaymentRequired, &x402.Refusal{Reason: x402.ReasonValidBefore, Message: fmt.Sprintf(
			"the authorization expires too soon to run and settle this call; sign one valid for at least %d seconds", int((x402.SettleMargin+settleBudget)/time.Second)+5)})}
	}
	runCtx, cancel := context.WithDeadline(bg, runDeadline)
	result, err := s.runtime.Run(runCtx, t, args)
	cancel()
	if err != nil {
		release()
		s.metrics.payments.WithLabelValues(t.Name, outcomeToolFailed).Inc()
		return &sale{failure: toolFailure(t, err)}
	}
	out, err := shape(t, result, s.now(), cfg.Mode == config.Sandbox)
	if err != nil {
		release()
		s.metrics.payments.WithLabelValues(t.Name, outcomeToolFailed).Inc()
		return &sale{failure: internalFailure(t, "shape", err)}
	}
	receipt := s.draftReceipt(cfg, o.terms, &auth, digest(request), digest(out))
	receipt.ValidBefore = validBefore
	// Noted before /settle: a crash from here on leaves the payment pending
	// in the ledger, never lost.
	if err := s.pay.Ledger.Settling(bg, auth.From, auth.Nonce, receipt); err != nil {
		release()
		return &sale{failure: internalFailure(t, "settling", err)}
	}
	settled, err := s.settle(forwarded, &o.terms.Requirements)
	if err != nil || !settled.Success {
		s.metrics.payments.WithLabelValues(t.Name, outcomeSettleFailed).Inc()
		return s.settleFailed(o, p, &auth, settled, err, release)
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
	return &sale{body: out, settlement: &x402.SettleResponse{Success: true, Transaction: settled.Transaction, Network: networkFor(p, o.terms), Payer: auth.From}}
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
func (s *Server) settleFailed(o *offer, p *x402.Payment, auth *x402.Authorization, settled *x402.SettleResponse, err error, release func()) *sale {
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
	return &sale{
		failure:    &failure{status: fasthttp.StatusPaymentRequired, code: "settlement_failed", reason: reason, message: msg},
		settlement: &x402.SettleResponse{ErrorReason: reason, Network: networkFor(p, o.terms), Payer: auth.From},
	}
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

// refused is a payment that is malformed (400) or invalid (402).
func (s *Server) refused(o *offer, status int, err error) *failure {
	var r *x402.Refusal
	if !errors.As(err, &r) {
		r = &x402.Refusal{Reason: x402.ReasonInvalidPayload, Message: err.Error()}
	}
	s.metrics.payments.WithLabelValues(o.terms.Tool.Name, outcomeRefused).Inc()
	s.metrics.refusals.WithLabelValues(r.Reason).Inc()
	return &failure{status: status, code: "payment_invalid", reason: r.Reason, message: r.Message}
}

func internalFailure(t *registry.Tool, what string, err error) *failure {
	log.Printf("paid call %s: %s: %v", t.Name, what, err)
	return &failure{status: fasthttp.StatusInternalServerError, code: "internal", message: "the call could not be completed; nothing was charged"}
}

// toolFailure maps a failed call to its status; the buyer is not charged.
func toolFailure(t *registry.Tool, err error) *failure {
	var bad *registry.InputError
	if errors.As(err, &bad) {
		return &failure{status: fasthttp.StatusBadRequest, code: "invalid_params",
			message: "the request cannot be served as given; nothing was charged", fields: bad.Fields}
	}
	e, ok := upstreams.AsError(err)
	if !ok {
		log.Printf("tool %s: %v", t.Name, err)
		return &failure{status: fasthttp.StatusInternalServerError, code: "internal", message: t.Name + " failed; nothing was charged"}
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
	return &failure{status: status, code: string(e.Kind), message: e.Error() + "; nothing was charged"}
}

func (s *Server) now() time.Time {
	if s.pay.Now != nil {
		return s.pay.Now()
	}
	return time.Now()
}

// paymentMetrics count what happens to payments.
type paymentMetrics struct {
	payments    *prometheus.CounterVec
	refusals    *prometheus.CounterVec
	revenue     *prometheus.CounterVec
	facilitator *prometheus.HistogramVec
}

// Payment outcomes, the values of coinslot_payments_total's outcome label.
const (
	outcomeRequired     = "required"      // terms sent, no payment yet
	outcomeVerified     = "verified"      // passed the local check and the facilitator
	outcomeSettled      = "settled"       // paid and served
	outcomeRefused      = "refused"       // malformed or invalid payment
	outcomeReplayed     = "replayed"      // an authorization already reserved or spent
	outcomeSettleFailed = "settle_failed" // tool ran, settlement did not happen: data withheld
	outcomeToolFailed   = "tool_failed"   // tool failed: released, not charged
)

func newPaymentMetrics(reg prometheus.Registerer) (*paymentMetrics, error) {
	m := &paymentMetrics{
		payments: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "coinslot_payments_total", Help: "Paid-route calls by tool and payment outcome.",
		}, []string{"tool", "outcome"}),
		refusals: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "coinslot_payment_refusals_total", Help: "Payments refused, by x402 reason.",
		}, []string{"reason"}),
		revenue: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "coinslot_revenue_atomic_total", Help: "Settled revenue in USDC atomic units (6 decimals), by tool.",
		}, []string{"tool"}),
		facilitator: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "coinslot_facilitator_seconds", Help: "Facilitator verify and settle latency.",
			Buckets: []float64{.05, .1, .25, .5, 1, 2, 4, 8, 15},
		}, []string{"op"}),
	}
	if reg != nil {
		for _, c := range []prometheus.Collector{m.payments, m.refusals, m.revenue, m.facilitator} {
			if err := reg.Register(c); err != nil {
				return nil, err
			}
		}
	}
	return m, nil
}
