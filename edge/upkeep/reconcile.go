package upkeep

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/coinslot/coinslot/edge/ledger"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/coinslot/coinslot/registry"
	"github.com/prometheus/client_golang/prometheus"
)

// SettlementFinder looks a payment up on chain; edge/facilitator.Finder is
// one.
type SettlementFinder interface {
	// FindSettlement returns the transaction that used a's nonce and its
	// block's time, searching the blocks sealed from after on (tx is empty
	// while the nonce is unused), and whether it carried a out: moved
	// a.Value of the token from a.From to a.To with the nonce. A nonce
	// spent by no transaction the finder can name, which therefore paid
	// no x402 settlement (a Permit2 nonce used by a permit to another
	// spender), is an error wrapping x402.ErrNonceSpent.
	FindSettlement(ctx context.Context, a *x402.Authorization, after time.Time) (tx string, at time.Time, paid bool, err error)
}

// DepositBook makes or drops the charge of a call paid with a deposit
// whose outcome reconciliation resolved; *edge.Server is one.
type DepositBook interface {
	DepositLanded(ctx context.Context, channel, nonce, tx string) error
	DepositFailed(ctx context.Context, channel, nonce string) error
}

// Reconciliation configures a Reconciler.
type Reconciliation struct {
	Ledger ledger.Store
	// Finders read each network's chain, by CAIP-2 id: a pending payment
	// on a network without one is counted and logged, never resolved (its
	// authorization is unused on every other chain).
	Finders map[string]SettlementFinder
	BaseURL string                // receipt URLs are BaseURL/receipt/{tx}
	Metrics prometheus.Registerer // nil: metrics are kept but not exported
	Log     *slog.Logger          // nil: slog.Default()
	Now     func() time.Time      // nil: time.Now

	// Deposits charges the calls of batch-settlement deposits resolved
	// (pending pairs whose receipt names a channel); nil: such a pair is
	// recorded or released without its call's charge.
	Deposits DepositBook
}

// Reconciler resolves the ledger's pending payments, those whose settlement
// began but was never recorded (the process died between the facilitator's
// /settle and the ledger, or /settle never answered), from the chain: a
// payment whose authorization was used gets its receipt; one whose
// authorization expired unused is released, since it can never be charged.
type Reconciler struct {
	c          Reconciliation
	pending    *prometheus.GaugeVec
	reconciled *prometheus.CounterVec
	lastStuck  int                 // payments looked up and left pending by the previous round
	looks      map[string]lookedUp // payer|nonce → its lookups so far
	started    time.Time           // payments noted since may belong to a call still settling them
}

// lookedUp is how often a pending payment was looked up, and when next.
type lookedUp struct {
	times int
	next  time.Time
}

// Reconciliation outcomes, the values of
// coinslot_settlements_reconciled_total's outcome label.
const (
	reconciledSettled  = "settled"  // found on chain: receipt recorded
	reconciledReleased = "released" // expired unused: nothing was charged
	reconciledDenied   = "denied"   // the nonce was spent without paying the price to pay_to: released, answer withheld
	reconciledFailed   = "failed"   // the chain or the ledger could not be read or written
)

const (
	// FirstLook is the age at which a pending payment noted before the
	// reconciler started (left by an earlier process, or another
	// instance's) is first looked up. Looking up one still settling is
	// harmless: Record is idempotent, and a payment is released only once
	// its authorization has expired.
	FirstLook = 2 * time.Second
	// MaxBackoff caps the wait between two lookups of one payment, which
	// doubles from FirstLook.
	MaxBackoff = time.Minute
	// ExpiryMargin is how long after validBefore an unused authorization
	// is still looked for: the RPC node may see a late block, and clocks
	// differ.
	ExpiryMargin = 2 * time.Minute
	// ReconcileEvery is how often Jobs reads the pending payments,
	// the interval it gives Run, so a new one is looked up within seconds.
	ReconcileEvery = time.Second
)

// pendingAges are the age buckets of coinslot_settlements_pending: an upper
// bound each, and its label.
var pendingAges = []struct {
	under time.Duration
	label string
}{
	{time.Minute, "under_1m"},
	{10 * time.Minute, "1m_to_10m"},
	{time.Hour, "10m_to_1h"},
	{1<<63 - 1, "over_1h"},
}

func ageLabel(age time.Duration) string {
	for _, b := range pendingAges {
		if age < b.under {
			return b.label
		}
	}
	return pendingAges[len(pendingAges)-1].label
}

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
		pending: prometheus.NewGaugeVec(prometheus.GaugeOpts{
			Name: "coinslot_settlements_pending", Help: "Payments whose settlement began and is neither recorded nor released, by age.",
		}, []string{"age"}),
		reconciled: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "coinslot_settlements_reconciled_total", Help: "Pending payments resolved from the chain, by outcome.",
		}, []string{"outcome"}),
		looks:   map[string]lookedUp{},
		started: c.Now(),
	}
	for _, b := range pendingAges {
		r.pending.WithLabelValues(b.label).Set(0)
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

// Run reconciles now, which resolves at start-up what a previous process
// left pending, and then every interval until ctx ends. It keeps going when
// nothing is pending: a /settle that never answers leaves a payment pending
// while the service runs.
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

// Once counts the pending payments, looks up those due (FirstLook old, then
// at doubling intervals), resolves what it can, and returns how many are
// left pending. One goroutine calls it at a time.
func (r *Reconciler) Once(ctx context.Context) (left int, err error) {
	pending, err := r.c.Ledger.Pending(ctx)
	if err != nil {
		return 0, err
	}
	now := r.c.Now()
	ages := map[string]int{}
	stuck := 0 // looked up and still pending: worth a warning
	looks := make(map[string]lookedUp, len(pending))
	for _, p := range pending {
		if err := ctx.Err(); err != nil { // shutting down: the lookups left would all fail
			return 0, err
		}
		key := p.Payer + "|" + p.Nonce
		look := r.looks[key]
		// A payment noted while this reconciler runs may belong to a call
		// still settling it, for up to SettleBudget: looking those up
		// sooner would look up every call in flight whenever settlements
		// are slow, and keep what a crash left waiting behind them.
		first := FirstLook
		if p.Since.After(r.started) {
			first = SettleBudget
		}
		if now.Sub(p.Since) >= first && !now.Before(look.next) {
			if r.resolve(ctx, p, now) {
				continue
			}
			look.times++
			look.next = now.Add(min(FirstLook<<min(look.times-1, 8), MaxBackoff))
		}
		if look.times > 0 {
			stuck++
		}
		looks[key] = look
		ages[ageLabel(now.Sub(p.Since))]++
		left++
	}
	r.looks = looks
	for _, b := range pendingAges {
		r.pending.WithLabelValues(b.label).Set(float64(ages[b.label]))
	}
	if stuck > 0 && stuck != r.lastStuck {
		if len(r.c.Finders) == 0 {
			r.c.Log.Warn("settlements pending: a settled payment has no receipt until it is reconciled, which needs chain_rpc", "count", stuck, "oldest", pending[0].Since)
		} else {
			r.c.Log.Warn("settlements pending; reconciling", "count", stuck)
		}
	}
	r.lastStuck = stuck
	return left, nil
}

// finderFor reads the chain of network. A payment recorded before
// receipts named their network is on the only chain read, if one is:
// another chain's authorization is unused on a chain, and looking it up
// there would release a payment that may have settled elsewhere.
func (r *Reconciler) finderFor(network string) SettlementFinder {
	if network == "" && len(r.c.Finders) == 1 {
		for _, f := range r.c.Finders {
			return f
		}
	}
	return r.c.Finders[network]
}

// resolve records or releases one pending payment, and reports whether it
// did.
func (r *Reconciler) resolve(ctx context.Context, p ledger.Pending, now time.Time) bool {
	finder := r.finderFor(p.Receipt.Network)
	if finder == nil {
		return false
	}
	log := r.c.Log.With("payer", x402.Checksummed(p.Payer), "nonce", p.Nonce, "tool", p.Receipt.Tool, "since", p.Since)
	// The authorization was verified unused after its reservation, which
	// came at most a hold before Settling.
	auth := &x402.Authorization{From: p.Payer, To: p.Receipt.PayTo, Value: p.Receipt.AmountAtomic, Nonce: p.Nonce}
	tx, at, paid, err := finder.FindSettlement(ctx, auth, p.Since.Add(-ledger.DefaultHold))
	switch {
	case errors.Is(err, x402.ErrNonceSpent) && (p.Receipt.ValidBefore.IsZero() || now.Before(p.Receipt.ValidBefore.Add(ExpiryMargin))):
		// A node whose logs lag its state would read the same: the
		// denial, which cannot be undone, waits until the authorization
		// has expired, when every node has the transaction that spent it.
		log.Warn("reconciliation: the nonce is spent by no transaction found yet; looked up again until the authorization expires", "err", err)
		return false
	case errors.Is(err, x402.ErrNonceSpent):
		// As below, with no transaction to name: the payer's nonce went
		// to a permit of his own that no x402 proxy settled.
		if err := r.release(ctx, p); err != nil {
			r.reconciled.WithLabelValues(reconciledFailed).Inc()
			log.Error("reconciliation: releasing a denied payment", "err", err)
			return false
		}
		r.reconciled.WithLabelValues(reconciledDenied).Inc()
		log.Error("reconciliation: the nonce was spent without paying the price to pay_to; the payment failed and its answer is withheld",
			"err", err, "pay_to", p.Receipt.PayTo, "amount_atomic", p.Receipt.AmountAtomic)
		return true
	case err != nil:
		r.reconciled.WithLabelValues(reconciledFailed).Inc()
		log.Warn("reconciliation: looking the settlement up on chain", "err", err)
		return false
	case tx != "" && !paid:
		// The payer spent the nonce on a transfer of his own while the
		// settlement was in doubt: the seller was not paid, so the call
		// was not, and its answer goes with the pair.
		if err := r.release(ctx, p); err != nil {
			r.reconciled.WithLabelValues(reconciledFailed).Inc()
			log.Error("reconciliation: releasing a denied payment", "tx", tx, "err", err)
			return false
		}
		r.reconciled.WithLabelValues(reconciledDenied).Inc()
		log.Error("reconciliation: the nonce was spent by a transaction that did not pay the price to pay_to; the payment failed and its answer is withheld",
			"tx", tx, "pay_to", p.Receipt.PayTo, "amount_atomic", p.Receipt.AmountAtomic)
		return true
	case tx != "":
		receipt := p.Receipt
		receipt.Tx = tx
		receipt.SettledAt = at.UTC().Truncate(time.Second)
		receipt.ReceiptURL = r.c.BaseURL + registry.PathReceipt + tx
		// A deposit's call is charged before its pair is spent, so a
		// failed charge is retried at the next lookup.
		if p.Receipt.Channel != "" && r.c.Deposits != nil {
			if err := r.c.Deposits.DepositLanded(ctx, p.Receipt.Channel, p.Nonce, tx); err != nil {
				r.reconciled.WithLabelValues(reconciledFailed).Inc()
				log.Error("reconciliation: charging the call of a landed deposit", "tx", tx, "channel", p.Receipt.Channel, "err", err)
				return false
			}
		}
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
	case now.Before(p.Receipt.ValidBefore.Add(ExpiryMargin)):
		log.Debug("reconciliation: not on chain yet; the authorization may still land", "valid_before", p.Receipt.ValidBefore)
		return false
	}
	if err := r.release(ctx, p); err != nil {
		r.reconciled.WithLabelValues(reconciledFailed).Inc()
		log.Error("reconciliation: releasing an expired payment", "err", err)
		return false
	}
	r.reconciled.WithLabelValues(reconciledReleased).Inc()
	log.Info("reconciliation: the authorization expired unused; released, nothing was charged", "valid_before", p.Receipt.ValidBefore)
	return true
}

// release frees a payment that was never paid, dropping its deposit's
// charge first when it is a deposit's.
func (r *Reconciler) release(ctx context.Context, p ledger.Pending) error {
	if p.Receipt.Channel != "" && r.c.Deposits != nil {
		if err := r.c.Deposits.DepositFailed(ctx, p.Receipt.Channel, p.Nonce); err != nil {
			return err
		}
	}
	return r.c.Ledger.Release(ctx, p.Payer, p.Nonce)
}
