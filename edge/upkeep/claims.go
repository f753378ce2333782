package upkeep

import (
	"context"
	"encoding/json"
	"log/slog"
	"math/big"
	"strings"
	"sync"
	"time"

	"github.com/coinslot/coinslot/edge/ledger"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/prometheus/client_golang/prometheus"
)

// Claimer records the buyers' latest vouchers on chain and sweeps the
// claimed funds to the seller, through the facilitator, and watches the
// channels on chain. Every channel with charges not yet claimed goes into
// one claim. A claim that fails is looked up on chain first: one that
// landed though its answer was lost counts as claimed. When the contract
// reverts the claim, each channel is claimed alone, so one bad channel
// cannot hold the others back, and a channel whose claim reverts alone is
// quarantined in its record: left out until charged again or its retry is
// due. Any other failure (the facilitator unreachable, a timeout, a 5xx)
// says nothing of the channels: the claim is retried with backoff.
type Claimer struct {
	Ledger      ledger.Channels
	Facilitator x402.Facilitator
	Chain       ChannelChain      // nil: no chain watch, and a claim's lost answer is not looked up
	Terms       x402.Requirements // any batch-settlement offer's: network, asset and payTo
	Above       func() int64      // claim at once when the unclaimed charges reach this many atomic units; 0 or nil: on the interval only. Asked at each survey: a reload's value holds from the next
	Log         *slog.Logger
	Book        *ChannelBook // the calls' book, through which every record write goes; nil: one of its own

	mu      *sync.Mutex   // one round at a time
	retryAt time.Time     // when a claim that failed is tried again; zero: none failed
	backoff time.Duration // the wait before the next retry
	metrics *claimMetrics
}

type claimMetrics struct {
	open, quarantined, leader, unclaimed prometheus.Gauge
	claims                               *prometheus.CounterVec
}

// Claim steps and outcomes, the labels of coinslot_channel_claims_total.
const (
	claimSucceeded = "succeeded" // the facilitator confirmed it
	claimFound     = "found"     // its answer was lost, and the chain shows it landed
	claimReverted  = "reverted"  // the contract refused it
	claimFailed    = "failed"    // no answer, or one that says nothing of the claim: retried
)

// NewClaimer registers the claimer's metrics with reg (nil: not exported).
func NewClaimer(c Claimer, reg prometheus.Registerer) (*Claimer, error) {
	c.metrics = &claimMetrics{
		open:        prometheus.NewGauge(prometheus.GaugeOpts{Name: "coinslot_channels_open", Help: "Batch-settlement channels with a balance (on the claiming instance; 0 on the others)."}),
		quarantined: prometheus.NewGauge(prometheus.GaugeOpts{Name: "coinslot_channels_quarantined", Help: "Channels whose claim the contract reverted alone, left out of claims until charged again or retried (on the claiming instance; 0 on the others)."}),
		unclaimed:   prometheus.NewGauge(prometheus.GaugeOpts{Name: "coinslot_channel_unclaimed_usd", Help: "Charged on channels but not yet claimed on chain: the seller's exposure, in USD (on the claiming instance; 0 on the others)."}),
		claims:      prometheus.NewCounterVec(prometheus.CounterOpts{Name: "coinslot_channel_claims_total", Help: "Claim and sweep transactions, by step and outcome."}, []string{"step", "outcome"}),
		leader:      prometheus.NewGauge(prometheus.GaugeOpts{Name: "coinslot_channel_claimer_leader", Help: "1 on the instance that claims channels for all, 0 on the others."}),
	}
	if reg != nil {
		for _, m := range []prometheus.Collector{c.metrics.open, c.metrics.quarantined, c.metrics.unclaimed, c.metrics.claims, c.metrics.leader} {
			if err := reg.Register(m); err != nil {
				return nil, err
			}
		}
	}
	if c.Log == nil {
		c.Log = slog.Default()
	}
	if c.Book == nil {
		c.Book = new(ChannelBook)
	}
	c.mu = new(sync.Mutex)
	return &c, nil
}

// Run watches the channels and claims every interval, sooner whenever the
// unclaimed charges reach Above or a channel's buyer has begun a
// withdrawal, and retries a failed claim with backoff (from a survey's
// interval to every); until ctx ends, on one instance at a time of those
// sharing the ledger: the leader, which renews its lead each round and is
// replaced once it has missed two.
func (c *Claimer) Run(ctx context.Context, every time.Duration) {
	c.runSurveying(ctx, every, surveyEvery)
}

func (c *Claimer) runSurveying(ctx context.Context, every, survey time.Duration) {
	check := min(every, survey)
	tick := time.NewTicker(check)
	defer tick.Stop()
	last := time.Now()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		lead, err := c.Ledger.Lead(ctx, "claims", 3*check)
		if err != nil {
			c.Log.Error("claims: taking the lead", "err", err)
		}
		c.metrics.leader.Set(map[bool]float64{true: 1}[lead])
		if !lead {
			// The leader's gauges count for all.
			c.metrics.open.Set(0)
			c.metrics.quarantined.Set(0)
			c.metrics.unclaimed.Set(0)
			continue
		}
		var above int64
		if c.Above != nil {
			above = c.Above()
		}
		c.round(ctx, func(sv *surveyed) bool {
			now := time.Now()
			due := now.Sub(last) >= every || sv.urgent || above > 0 && sv.unclaimed.Cmp(big.NewInt(above)) >= 0 ||
				!c.retryAt.IsZero() && !now.Before(c.retryAt)
			if due {
				last = now
			}
			return due
		}, survey, every)
	}
}

// surveyEvery is how often the leader watches the channels on chain and
// looks at the unclaimed charges.
const surveyEvery = 5 * time.Second

// Quarantined channels are claimed again after quarantineRetry, doubled at
// each revert up to quarantineRetryMax: a revert may pass (a chain
// reorganised, a contract paused).
const (
	quarantineRetry    = 10 * time.Minute
	quarantineRetryMax = 6 * time.Hour
)

// Once watches the channels and claims what is unclaimed, then sweeps; it
// reports how many channels it claimed.
func (c *Claimer) Once(ctx context.Context) (claimed int) {
	return c.round(ctx, func(*surveyed) bool { return true }, surveyEvery, surveyEvery)
}

// round surveys the channels, claims the due ones when claim says so, and
// reports how many it claimed; a claim that fails is retried from
// firstRetry on, backing off to maxRetry.
func (c *Claimer) round(ctx context.Context, claim func(*surveyed) bool, firstRetry, maxRetry time.Duration) (claimed int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	sv := c.survey(ctx)
	if len(sv.due) == 0 || !claim(sv) {
		return 0
	}
	claimed, failed := c.claimDue(ctx, sv.due)
	switch {
	case failed:
		c.backoff = min(max(2*c.backoff, firstRetry), maxRetry)
		c.retryAt = time.Now().Add(c.backoff)
	default:
		c.backoff, c.retryAt = 0, time.Time{}
	}
	if claimed > 0 {
		c.sweep(ctx)
	}
	if all, err := c.Ledger.ListChannels(ctx); err == nil {
		c.tally(all)
	}
	return claimed
}

// surveyed is what a round found: the channels to claim, the unclaimed
// charges in all, and whether a channel's withdrawal makes its claim
// urgent.
type surveyed struct {
	due       []ledger.Channel
	unclaimed *big.Int
	urgent    bool
}

// survey reads every channel, mirrors the chain into those open (the chain
// watch), and tallies them.
func (c *Claimer) survey(ctx context.Context) *surveyed {
	all, err := c.Ledger.ListChannels(ctx)
	if err != nil {
		c.Log.Error("claims: listing channels", "err", err)
		return &surveyed{unclaimed: new(big.Int)}
	}
	for i := range all {
		if all[i], err = c.watch(ctx, all[i]); err != nil {
			// One warning a round: the chain is likely unreachable for all.
			c.Log.Warn("chain watch: reading a channel; the others wait for the next round", "channel", all[i].ID, "err", err)
			break
		}
	}
	return c.tally(all)
}

// tally sets the gauges from the channels' records and lists the due ones.
func (c *Claimer) tally(all []ledger.Channel) *surveyed {
	sv := &surveyed{unclaimed: new(big.Int)}
	open, quarantined := 0, 0
	now := time.Now()
	for _, ch := range all {
		if ch.Balance != "0" {
			open++
		}
		unclaimed := unclaimedOf(&ch)
		if unclaimed.Sign() <= 0 {
			continue
		}
		sv.unclaimed.Add(sv.unclaimed, unclaimed)
		if q := ch.Quarantine; q != nil && q.Charged == ch.Charged {
			quarantined++
			retry := min(quarantineRetry<<min(q.Retries, 16), quarantineRetryMax)
			if now.Before(q.Since.Add(retry)) {
				continue
			}
		}
		sv.due = append(sv.due, ch)
		sv.urgent = sv.urgent || ch.WithdrawRequestedAt != 0
	}
	c.metrics.open.Set(float64(open))
	c.metrics.quarantined.Set(float64(quarantined))
	f, _ := new(big.Float).Quo(new(big.Float).SetInt(sv.unclaimed), big.NewFloat(1e6)).Float64()
	c.metrics.unclaimed.Set(f)
	return sv
}

// unclaimedOf is what a channel's record has charged and not claimed.
func unclaimedOf(ch *ledger.Channel) *big.Int {
	charged, _ := new(big.Int).SetString(ch.Charged, 10)
	claimed, _ := new(big.Int).SetString(ch.TotalClaimed, 10)
	if charged == nil || claimed == nil {
		return new(big.Int)
	}
	return charged.Sub(charged, claimed)
}

// claimDue claims the channels in one transaction; when the contract
// reverts it, each alone. It reports how many were claimed, and whether a
// claim failed without an answer about the channels (to retry).
func (c *Claimer) claimDue(ctx context.Context, due []ledger.Channel) (claimed int, failed bool) {
	claimed, reverted, reason, failed := c.claimAll(ctx, due)
	if len(reverted) == 0 {
		return claimed, failed
	}
	if len(due) == 1 {
		c.quarantine(ctx, reverted[0], reason)
		return claimed, failed
	}
	for _, ch := range reverted {
		n, rev, reason, fail := c.claimAll(ctx, []ledger.Channel{ch})
		claimed += n
		failed = failed || fail
		if len(rev) == 1 {
			c.quarantine(ctx, rev[0], reason)
		}
	}
	return claimed, failed
}

// claimAll claims the channels' latest vouchers in one transaction and
// mirrors the claimed totals in their records. When the claim fails, the
// channels whose claim the chain shows landed (its answer was lost, or
// another claim got there) count as claimed; reverted lists the others if
// the contract reverted the claim, with the reason; failed says the claim
// failed otherwise.
func (c *Claimer) claimAll(ctx context.Context, chs []ledger.Channel) (claimed int, reverted []ledger.Channel, reason string, failed bool) {
	rows := make([]x402.VoucherClaim, 0, len(chs))
	for _, ch := range chs {
		var cfg x402.ChannelConfig
		if err := json.Unmarshal(ch.Config, &cfg); err != nil {
			// A record no claim can carry is set apart as a revert would
			// be, so that it holds no other channel back.
			c.Log.Error("claims: channel config", "channel", ch.ID, "err", err)
			return 0, chs, "the channel's config: " + err.Error(), false
		}
		rows = append(rows, x402.VoucherClaim{Voucher: x402.ClaimVoucher{Channel: cfg, MaxClaimableAmount: ch.SignedMax},
			Signature: ch.Signature, TotalClaimed: ch.Charged})
	}
	resp, err := c.Facilitator.Settle(ctx, &x402.Payload{X402Version: 2, Accepted: c.Terms,
		Payload: x402.SchemePayload{BatchPayload: &x402.BatchPayload{Type: x402.BatchClaim, Claims: rows}}}, &c.Terms)
	if err == nil && resp.Success {
		c.metrics.claims.WithLabelValues("claim", claimSucceeded).Inc()
		c.Log.Info("claimed", "channels", len(chs), "tx", resp.Transaction)
		for _, ch := range chs {
			c.mirrorClaim(ctx, ch, nil)
		}
		return len(chs), nil, "", false
	}
	revert := err == nil && (resp.ErrorReason == x402.BatchClaimTransactionFailed || resp.ErrorReason == x402.BatchClaimSimulationFailed)
	if err != nil {
		reason = err.Error()
	} else {
		reason = resp.ErrorReason + ": " + resp.ErrorMessage
	}
	var rest []ledger.Channel
	for _, ch := range chs {
		if st := c.landed(ctx, ch); st != nil {
			c.mirrorClaim(ctx, ch, st)
			claimed++
			continue
		}
		rest = append(rest, ch)
	}
	if claimed > 0 {
		c.metrics.claims.WithLabelValues("claim", claimFound).Inc()
		c.Log.Info("claimed, as the chain shows, though the claim's answer was lost", "channels", claimed, "reason", reason)
	}
	if len(rest) == 0 {
		return claimed, nil, "", false
	}
	if revert {
		c.metrics.claims.WithLabelValues("claim", claimReverted).Inc()
		c.Log.Warn("claim reverted", "channels", len(rest), "reason", reason)
		return claimed, rest, reason, false
	}
	c.metrics.claims.WithLabelValues("claim", claimFailed).Inc()
	c.Log.Warn("claim failed; retrying", "channels", len(rest), "reason", reason)
	return claimed, nil, reason, true
}

// landed is the channel's on-chain state when it shows the record's
// charged total claimed, else nil.
func (c *Claimer) landed(ctx context.Context, ch ledger.Channel) *x402.ChannelState {
	if c.Chain == nil {
		return nil
	}
	st, err := c.Chain.ChannelState(ctx, ch.ID)
	if err != nil {
		c.Log.Warn("claims: reading a channel on chain", "channel", ch.ID, "err", err)
		return nil
	}
	claimed, _ := new(big.Int).SetString(st.TotalClaimed, 10)
	charged, _ := new(big.Int).SetString(ch.Charged, 10)
	if claimed == nil || charged == nil || claimed.Cmp(charged) < 0 {
		return nil
	}
	return st
}

// mirrorClaim records that the charged total ch held is claimed, with the
// chain's state when it was read (st), and ends a quarantine the claim
// covers. Calls since may have charged more.
func (c *Claimer) mirrorClaim(ctx context.Context, ch ledger.Channel, st *x402.ChannelState) {
	readAt := time.Now()
	_, err := c.update(ctx, ch.ID, func(cur *ledger.Channel) (*ledger.Channel, error) {
		if st != nil && !cur.SyncedAt.After(readAt) {
			MirrorRead(cur, st, readAt)
		}
		total, _ := new(big.Int).SetString(cur.TotalClaimed, 10)
		claimed, _ := new(big.Int).SetString(ch.Charged, 10)
		if total == nil || claimed.Cmp(total) > 0 {
			cur.TotalClaimed = ch.Charged
		}
		if q := cur.Quarantine; q != nil {
			if qc, _ := new(big.Int).SetString(q.Charged, 10); qc == nil || claimed.Cmp(qc) >= 0 {
				cur.Quarantine = nil
			}
		}
		return cur, nil
	})
	if err != nil {
		// The chain watch records it at its next read.
		c.Log.Error("claims: recording a claim", "channel", ch.ID, "err", err)
	}
}

// quarantine records in the channel's record that its claim at the charged
// total ch held reverted alone.
func (c *Claimer) quarantine(ctx context.Context, ch ledger.Channel, reason string) {
	_, err := c.update(ctx, ch.ID, func(cur *ledger.Channel) (*ledger.Channel, error) {
		q := &ledger.Quarantine{Charged: ch.Charged, Since: time.Now().UTC().Truncate(time.Microsecond), Reason: reason}
		if cur.Quarantine != nil {
			q.Retries = cur.Quarantine.Retries + 1
		}
		cur.Quarantine = q
		return cur, nil
	})
	if err != nil {
		c.Log.Error("claims: recording a quarantine", "channel", ch.ID, "err", err)
		return
	}
	c.Log.Warn("channel quarantined: its claim reverts on its own", "channel", ch.ID, "charged", ch.Charged, "reason", reason)
}

// update writes change over the channel's record, through the book. A
// listed record lacks its latest call's answer and settlement
// (ListChannels), which the write must keep: it starts from the record as
// the ledger holds it, a read for each record the claimer writes, far
// fewer than those it lists.
func (c *Claimer) update(ctx context.Context, id string, change func(cur *ledger.Channel) (*ledger.Channel, error)) (*ledger.Channel, error) {
	rec, err := c.Book.Record(ctx, c.Ledger, id, true)
	if err != nil {
		return nil, err
	}
	if rec == nil {
		return nil, ledger.ErrNotFound
	}
	return c.Book.Update(ctx, c.Ledger, id, rec, change)
}

// sweep transfers the claimed funds to the seller.
func (c *Claimer) sweep(ctx context.Context) {
	resp, err := c.Facilitator.Settle(ctx, &x402.Payload{X402Version: 2, Accepted: c.Terms,
		Payload: x402.SchemePayload{BatchPayload: &x402.BatchPayload{Type: x402.BatchSweep, Receiver: c.Terms.PayTo, Token: c.Terms.Asset}}}, &c.Terms)
	switch {
	case err == nil && resp.Success:
		c.metrics.claims.WithLabelValues("settle", "succeeded").Inc()
		c.Log.Info("swept claimed funds to pay_to", "amount_atomic", resp.Amount, "tx", resp.Transaction)
	case err == nil && strings.EqualFold(resp.ErrorReason, x402.BatchNothingToSettle):
	default:
		c.metrics.claims.WithLabelValues("settle", "failed").Inc()
		c.Log.Warn("sweep failed", "err", err, "resp", resp)
	}
}
