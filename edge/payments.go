package edge

import (
	"fmt"
	"time"

	"github.com/coinslot/coinslot/config"
	"github.com/coinslot/coinslot/edge/ledger"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/coinslot/coinslot/registry"
	"github.com/ethereum/go-ethereum/common"
	"github.com/prometheus/client_golang/prometheus"
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

// offer is a paid tool's terms and its ready-made 402 body.
type offer struct {
	terms *x402.Terms
	body  []byte // the 402 body for a call without payment
}

// buildOffers builds every paid tool's terms for cfg, once per configuration.
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
		if !t.Paid() {
			continue
		}
		terms, err := x402.NewTerms(s.pay.Network, payTo, cfg.BaseURL, cfg.MaxTimeoutSeconds, t, registry.InputSchema(t))
		if err != nil {
			return nil, err
		}
		body, err := refusalBody(terms, "payment_required", "", fmt.Sprintf(
			"%s costs %s USD in USDC on %s: pay with an x402 %s (v2) or %s (v1) header",
			t.Name, t.Price, s.pay.Network.Name, x402.HeaderSignature, x402.HeaderPaymentV1))
		if err != nil {
			return nil, err
		}
		offers[t.Name] = &offer{terms, body}
	}
	return offers, nil
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
