package edge

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/coinslot/coinslot/edge/ledger"
	"github.com/coinslot/coinslot/registry"
	"github.com/prometheus/client_golang/prometheus"
)

// SettlementFinder looks a payment up on chain; edge/facilitator.c.Finder is
// one.
type SettlementFinder interface {
	// FindSettlement returns the transaction that used the authorization
	// (payer, nonce) and its block's time, searching the blocks sealed from
	// after on; tx is empty while the authorization is unused.
	FindSettlement(ctx context.Context, payer, nonce string, after time.Time) (tx string, at time.Time, err error)
}

// Reconciliation configures a Reconciler.
type Reconciliation struct {
	Ledger  ledger.Store
	Finder  SettlementFinder      // nil: pending payments are counted and logged, not resolved
	BaseURL string                // receipt URLs are BaseURL/receipt/{tx}
	Metrics prometheus.Registerer // nil: metrics are kept but not exported
	Log     *slog.Logger          // nil: slog.Default()
	Now     func() time.Time      // nil: time.Now
}

// Reconciler resolves the ledger's pending payments, those whose settlement
// began but was never recorded (the process died between the facilitator's
// /settle and the ledger, or /settle never answered), from the chain: a
// payment whose authorization was used gets its receipt; one whose
// authorization expired unused is released, since it can never be charged.
type Reconciler struct {
	c          Reconciliation
	pending    prometheus.Gauge
	reconciled *prometheus.CounterVec
	lastLeft   int // pending payments after the previous round
}

// Reconciliation outcomes, the values of
// coinslot_settlements_reconciled_total's outcome label.
const (
	reconciledSettled  = "settled"  // found on chain: receipt recorded
	reconciledReleased = "released" // expired unused: nothing was charged
	reconciledFailed   = "failed"   // the chain or the ledger could not be read or written
)

const (
	// liveSettlement is how long a pending payment may belong to a call
	// still settling (settleBudget, then Record's retries); the
	// reconciler leaves it to that call.
	liveSettlement = time.Minute
	// expiryMargin is how long after validBefore an unused authorization
	// is still looked for: the RPC node may see a late block, and clocks
	// differ.
	expiryMargin = 2 * time.Minute
	// ReconcileEvery is how often the service looks at the pending
	// payments: the interval it gives Run.
	ReconcileEvery = time.Minute
)

// NewReconciler returns a reconciler; nothing runs until Once or Run.
func NewReconciler(c Reconciliation) (*Reconciler, error) {
	if c.Ledger == nil {
		return nil, errors.New("reconciliation needs a ledger")
	}
	if c.Log == nil {
		c.Log = slog.Default()
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	r := &Reconciler{
		c: c,
		pending: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "coinslot_settlements_pending", Help: "Payments whose settlement began and is neither recorded nor released.",
		}),
		reconciled: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "coinslot_settlements_reconciled_total", Help: "Pending payments resolved from the chain, by outcome.",
		}, []string{"outcome"}),
	}
	if c.Metrics != nil {
		for _, m := range []prometheus.Collector{r.pending, r.reconciled} {
			if err := c.Metrics.Register(m); err != nil {
				return nil, err
			}
		}
	}
	return r, nil
}

// Run reconciles now and then every interval until ctx ends. It keeps going
// when nothing is pending: a /settle that never answers leaves a payment
// pending while the service runs.
func (r *Reconciler) Run(ctx context.Context, interval time.Duration) {
	tick := time.NewTicker(interval)
	defer tick.Stop()
	for {
		if _, err := r.Once(ctx); err != nil && ctx.Err() == nil {
			r.c.Log.Warn("reconciliation: reading the pending payments", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}

// Once resolves what it can of the pending payments and returns how many are
// left pending. A payment younger than liveSettlement is not counted: it
// may belong to a call still settling.
func (r *Reconciler) Once(ctx context.Context) (left int, err error) {
	pending, err := r.c.Ledger.Pending(ctx)
	if err != nil {
		return 0, err
	}
	now := r.c.Now()
	for _, p := range pending {
		if now.Sub(p.Since) >= liveSettlement && !r.resolve(ctx, p, now) {
			left++
		}
	}
	r.pending.Set(float64(left))
	if left > 0 && left != r.lastLeft {
		if r.c.Finder == nil {
			r.c.Log.Warn("settlements pending: a settled payment has no receipt until it is reconciled, which needs chain_rpc", "count", left, "oldest", pending[0].Since)
		} else {
			r.c.Log.Warn("settlements pending; reconciling again", "count", left)
		}
	}
	r.lastLeft = left
	return left, nil
}

// resolve records or releases one pending payment, and reports whether it
// did.
func (r *Reconciler) resolve(ctx context.Context, p ledger.Pending, now time.Time) bool {
	if r.c.Finder == nil {
		return false
	}
	log := r.c.Log.With("payer", p.Payer, "nonce", p.Nonce, "tool", p.Receipt.Tool, "since", p.Since)
	// The authorization was verified unused after its reservation, which
	// came at most a hold before Settling.
	tx, at, err := r.c.Finder.FindSettlement(ctx, p.Payer, p.Nonce, p.Since.Add(-ledger.DefaultHold))
	switch {
	case err != nil:
		r.reconciled.WithLabelValues(reconciledFailed).Inc()
		log.Warn("reconciliation: looking the settlement up on chain", "err", err)
		return false
	case tx != "":
		receipt := p.Receipt
		receipt.Tx = tx
		receipt.SettledAt = at.UTC().Truncate(time.Second)
		receipt.ReceiptURL = r.c.BaseURL + registry.PathReceipt + tx
		if err := r.c.Ledger.Record(ctx, p.Payer, p.Nonce, &receipt); err != nil {
			r.reconciled.WithLabelValues(reconciledFailed).Inc()
			log.Error("reconciliation: recording a settled payment", "tx", tx, "err", err)
			return false
		}
		r.reconciled.WithLabelValues(reconciledSettled).Inc()
		log.Info("reconciliation: settled on chain; receipt recorded", "tx", tx, "settled_at", receipt.SettledAt)
		return true
	case p.Receipt.ValidBefore.IsZero():
		log.Debug("reconciliation: not on chain, and the authorization's expiry is unknown; left pending")
		return false
	case now.Before(p.Receipt.ValidBefore.Add(expiryMargin)):
		log.Debug("reconciliation: not on chain yet; the authorization may still land", "valid_before", p.Receipt.ValidBefore)
		return false
	}
	if err := r.c.Ledger.Release(ctx, p.Payer, p.Nonce); err != nil {
		r.reconciled.WithLabelValues(reconciledFailed).Inc()
		log.Error("reconciliation: releasing an expired payment", "err", err)
		return false
	}
	r.reconciled.WithLabelValues(reconciledReleased).Inc()
	log.Info("reconciliation: the authorization expired unused; released, nothing was charged", "valid_before", p.Receipt.ValidBefore)
	return true
}
