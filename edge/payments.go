package edge

import (
	"crypto/ecdsa"
	"fmt"
	"log/slog"
	"runtime"
	"strings"
	"time"

	"github.com/coinslot/coinslot/config"
	"github.com/coinslot/coinslot/edge/ledger"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/coinslot/coinslot/registry"
	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/prometheus/client_golang/prometheus"
)

// Payments is what the paid routes need besides the configuration.
type Payments struct {
	Networks    []x402.Network   // sold on, the default first: production's configured networks; the simulated chain in sandbox
	Facilitator x402.Facilitator // remote (x402.HTTPFacilitator) or in-process
	Ledger      ledger.Store
	Metrics     prometheus.Registerer // nil: metrics are kept but not exported
	Log         *slog.Logger          // access lines and payment events; nil: slog.Default()
	Now         func() time.Time      // nil: time.Now
	// Batch offers batch-settlement next to exact with these channel
	// parameters; nil offers exact only.
	Batch *x402.BatchTerms
	// Supported is what the facilitator answered at /supported when the
	// service started: exact through Permit2 and upto are offered where
	// it settles them. Nil: neither is offered.
	Supported *x402.Supported
	// OfferKey signs every offer and every paid answer's receipt
	// (offer-and-receipt); nil signs neither.
	OfferKey *ecdsa.PrivateKey
	// Wallets read contract wallets' sign-in-with-x signatures (EIP-1271,
	// EIP-6492), by the CAIP-2 network of the chain each reads; on a
	// network without one, only keys' signatures are accepted.
	Wallets map[string]ethereum.ContractCaller
}

// offer is a tool's terms and, for a route, its ready-made 402 body.
type offer struct {
	tool      *registry.Tool
	terms     *x402.Terms
	body      []byte       // the route's 402 body for a call without payment
	requireID bool         // payments must carry a payment-identifier id
	signIn    *signInTerms // the 402 with a sign-in-with-x challenge; nil when sign-in-with-x is off
}

// on is the offer sold on one of its networks' terms.
func (o *offer) on(t *x402.Terms) *offer {
	c := *o
	c.terms = t
	return &c
}

// buildOffers builds every tool's terms for cfg, once per configuration.
func (s *Server) buildOffers(cfg *config.Config) (map[string]*offer, error) {
	if s.pay.Ledger == nil || s.pay.Facilitator == nil || len(s.pay.Networks) == 0 {
		return nil, fmt.Errorf("paid routes need a network, a facilitator and a ledger")
	}
	if !common.IsHexAddress(cfg.PayTo) {
		return nil, fmt.Errorf("pay_to %q is not a wallet address; paid routes need one", cfg.PayTo)
	}
	payTo := common.HexToAddress(cfg.PayTo)
	requireID := map[string]bool{}
	for _, name := range cfg.PaymentIDRequired {
		if t, ok := registry.Lookup(name); !ok || !t.Paid() {
			return nil, fmt.Errorf("payment_identifier_required names %q, which is no paid tool", name)
		}
		requireID[name] = true
	}
	offers, site := map[string]*offer{}, s.site(cfg)
	for _, t := range registry.All() {
		output, err := answerTerms(site, t)
		if err != nil {
			return nil, err
		}
		terms, err := x402.NewTerms(s.pay.Networks, x402.Offer{
			Name: t.Name, Description: t.Description, Amount: t.PriceAtomic(), PayTo: payTo,
			Resource: registry.Site{BaseURL: cfg.BaseURL}.Endpoint(t), MCPOnly: !t.Paid(),
			Example: t.Example, InputSchema: registry.InputSchema(t),
			Output:      output,
			ServiceName: registry.ServiceName, Tags: registry.BazaarTags(t), IconURL: registry.Site{BaseURL: cfg.BaseURL}.IconURL(),
			Batch: s.pay.Batch, Sales: s.pay.sales(t),
		}, cfg.MaxTimeoutSeconds, time.Duration(cfg.ValidityHorizon))
		if err != nil {
			return nil, err
		}
		if err := terms.AdvertisePaymentIdentifier(requireID[t.Name]); err != nil {
			return nil, err
		}
		if s.pay.OfferKey != nil {
			if err := terms.SignOffers(s.pay.OfferKey); err != nil {
				return nil, err
			}
		}
		o := &offer{tool: t, terms: terms, requireID: requireID[t.Name]}
		if cfg.SIWx.Enabled {
			if o.signIn, err = newSignInTerms(cfg, o); err != nil {
				return nil, err
			}
		}
		if t.Paid() {
			o.body, err = refusalBody(terms, registry.CodePaymentRequired, "", s.price(t)+payHow)
			if err != nil {
				return nil, err
			}
		}
		offers[t.Name] = o
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
	http        *httpMetrics
	ledger      *prometheus.HistogramVec
	ledgerFails *prometheus.CounterVec
}

// Payment outcomes, the values of coinslot_payments_total's outcome label.
const (
	outcomeRequired      = "required"        // terms sent, no payment yet
	outcomeVerified      = "verified"        // passed the local check and the facilitator
	outcomeSettled       = "settled"         // paid and served
	outcomeRefused       = "refused"         // malformed or invalid payment
	outcomeReplayed      = "replayed"        // an authorization already reserved or spent
	outcomeSettleFailed  = "settle_failed"   // tool ran, settlement did not happen: data withheld
	outcomeToolFailed    = "tool_failed"     // tool failed: released, not charged
	outcomeSettlePending = "settle_pending"  // the settlement's outcome is not known yet
	outcomeRedelivered   = "redelivered"     // a retry of a settled call: its answer again, not charged again
	outcomeConflict      = "conflict"        // a retry for another request, or whose answer is no longer kept
	outcomeRefunded      = "refunded"        // a batch-settlement channel's unspent balance returned to its buyer
	outcomeSignedIn      = "signed_in"       // a paid answer read again by its wallet's sign-in-with-x, not charged
	outcomeSignInRefused = "sign_in_refused" // a sign-in-with-x proof refused: a 402 with a new challenge

	// No facilitator answered /verify: an outage, not the payment's fault;
	// nothing was charged.
	outcomeFacilitatorDown = "facilitator_unavailable"
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
			Name: "coinslot_revenue_atomic_total", Help: "Settled revenue in USDC atomic units (6 decimals), by tool and the network it was paid on.",
		}, []string{"tool", "network"}),
		facilitator: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "coinslot_facilitator_seconds", Help: "Facilitator verify and settle latency.",
			Buckets: []float64{.05, .1, .25, .5, 1, 2, 4, 8, 15},
		}, []string{"op"}),
		http: &httpMetrics{seconds: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "coinslot_http_request_seconds", Help: "HTTP requests by route template and status class, and how long they took.",
			Buckets: []float64{.001, .005, .025, .1, .25, .5, 1, 2.5, 5, 10, 30},
		}, []string{"route", "class"})},
		ledger: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "coinslot_ledger_seconds", Help: "Ledger operation latency, by operation.",
			Buckets: []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 5},
		}, []string{"op"}),
		ledgerFails: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "coinslot_ledger_errors_total", Help: "Ledger operations that failed, by operation (a replay or a missing receipt is an answer, not an error).",
		}, []string{"op"}),
	}
	m.http.byRoute.Store(&map[string]*[6]prometheus.Observer{})
	buildInfo := prometheus.NewGauge(prometheus.GaugeOpts{
		Name: "coinslot_build_info", Help: "Always 1: the version and Go release this binary was built from.",
		ConstLabels: prometheus.Labels{"version": Version, "goversion": runtime.Version()},
	})
	buildInfo.Set(1)
	if reg != nil {
		for _, c := range []prometheus.Collector{m.payments, m.refusals, m.revenue, m.facilitator, m.http.seconds, m.ledger, m.ledgerFails, buildInfo} {
			if err := reg.Register(c); err != nil {
				return nil, err
			}
		}
	}
	return m, nil
}

// networkNames names the networks a call may be paid on, for buyers to read.
func (s *Server) networkNames() string {
	names := make([]string, len(s.pay.Networks))
	for i, n := range s.pay.Networks {
		names[i] = n.Name
	}
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}
