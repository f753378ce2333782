package edge

import (
	"context"
	"encoding/json"
	"log/slog"
	"math/big"
	"strings"
	"time"

	"github.com/coinslot/coinslot/edge/ledger"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/prometheus/client_golang/prometheus"
)

// Claimer records the buyers' latest vouchers on chain and sweeps the
// claimed funds to the seller, through the facilitator. Every channel with
// charges not yet claimed goes into one claim; if that fails, each is
// claimed alone, so one bad channel cannot hold the others back, and a
// channel that fails alone is quarantined (left out) until it is charged
// again.
type Claimer struct {
	Ledger      ledger.Channels
	Facilitator x402.Facilitator
	Terms       x402.Requirements // any batch-settlement offer's: network, asset and payTo
	Above       int64             // claim at once when the unclaimed charges reach this many atomic units; 0: on the interval only
	Log         *slog.Logger

	quarantined map[string]string // channel id → the charged total whose claim failed
	metrics     *claimMetrics
	book        *channelBook // the server's: a claim is recorded between two calls on a channel, never across one
}

type claimMetrics struct {
	open, quarantined, leader, unclaimed prometheus.Gauge
	claims                               *prometheus.CounterVec
}

// NewClaimer registers the claimer's metrics with reg (nil: not exported).
func NewClaimer(c Claimer, reg prometheus.Registerer) (*Claimer, error) {
	c.quarantined = map[string]string{}
	c.metrics = &claimMetrics{
		open:        prometheus.NewGauge(prometheus.GaugeOpts{Name: "coinslot_channels_open", Help: "Batch-settlement channels with a balance."}),
		quarantined: prometheus.NewGauge(prometheus.GaugeOpts{Name: "coinslot_channels_quarantined", Help: "Channels whose claim failed alone, left out of claims until charged again."}),
		unclaimed:   prometheus.NewGauge(prometheus.GaugeOpts{Name: "coinslot_channel_unclaimed_usd", Help: "Charged on channels but not yet claimed on chain: the seller's exposure, in USD."}),
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
	if c.book == nil {
		c.book = new(channelBook)
	}
	return &c, nil
}

// Run claims every interval, and sooner whenever the unclaimed charges
// reach Above, until ctx ends; on one instance at a time of those sharing
// the ledger: the leader, which renews its lead each round and is replaced
// once it has missed two.
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
			continue
		}
		due, unclaimed := c.survey(ctx)
		if time.Since(last) >= every || c.Above > 0 && unclaimed.Cmp(big.NewInt(c.Above)) >= 0 {
			c.claimDue(ctx, due)
			last = time.Now()
		}
	}
}

// surveyEvery is how often the leader looks at the unclaimed charges.
const surveyEvery = 5 * time.Second

// Once claims what is unclaimed, then sweeps; it reports what it claimed.
func (c *Claimer) Once(ctx context.Context) (claimed int) {
	due, _ := c.survey(ctx)
	return c.claimDue(ctx, due)
}

// survey lists the channels with charges to claim, less the quarantined
// ones, and the unclaimed charges in all, and updates the gauges.
func (c *Claimer) survey(ctx context.Context) (due []ledger.Channel, unclaimed *big.Int) {
	unclaimed = new(big.Int)
	all, err := c.Ledger.ListChannels(ctx)
	if err != nil {
		c.Log.Error("claims: listing channels", "err", err)
		return nil, unclaimed
	}
	open := 0
	for _, ch := range all {
		charged, _ := new(big.Int).SetString(ch.Charged, 10)
		total, _ := new(big.Int).SetString(ch.TotalClaimed, 10)
		if ch.Balance != "0" {
			open++
		}
		if charged.Cmp(total) <= 0 {
			continue
		}
		unclaimed.Add(unclaimed, new(big.Int).Sub(charged, total))
		if c.quarantined[ch.ID] == ch.Charged {
			continue
		}
		delete(c.quarantined, ch.ID)
		due = append(due, ch)
	}
	c.metrics.open.Set(float64(open))
	f, _ := new(big.Float).Quo(new(big.Float).SetInt(unclaimed), big.NewFloat(1e6)).Float64()
	c.metrics.unclaimed.Set(f)
	return due, unclaimed
}

// claimDue claims the channels in one transaction, or each alone when that
// fails, then sweeps; it reports how many were claimed.
func (c *Claimer) claimDue(ctx context.Context, due []ledger.Channel) (claimed int) {
	if len(due) == 0 {
		return 0
	}
	if c.claim(ctx, due) {
		claimed = len(due)
	} else if len(due) > 1 {
		for _, ch := range due {
			if c.claim(ctx, []ledger.Channel{ch}) {
				claimed++
			} else {
				c.quarantined[ch.ID] = ch.Charged
			}
		}
	} else {
		c.quarantined[due[0].ID] = due[0].Charged
	}
	c.metrics.quarantined.Set(float64(len(c.quarantined)))
	if claimed > 0 {
		c.sweep(ctx)
	}
	return claimed
}

// claim claims the channels' latest vouchers in one transaction and
// mirrors the new claimed totals in their records.
func (c *Claimer) claim(ctx context.Context, chs []ledger.Channel) bool {
	rows := make([]x402.VoucherClaim, 0, len(chs))
	for _, ch := range chs {
		var cfg x402.ChannelConfig
		if err := json.Unmarshal(ch.Config, &cfg); err != nil {
			c.Log.Error("claims: channel config", "channel", ch.ID, "err", err)
			return false
		}
		rows = append(rows, x402.VoucherClaim{Voucher: x402.ClaimVoucher{Channel: cfg, MaxClaimableAmount: ch.SignedMax},
			Signature: ch.Signature, TotalClaimed: ch.Charged})
	}
	resp, err := c.Facilitator.Settle(ctx, &x402.Payload{X402Version: 2, Accepted: c.Terms,
		Payload: x402.SchemePayload{BatchPayload: &x402.BatchPayload{Type: x402.BatchClaim, Claims: rows}}}, &c.Terms)
	if err != nil || !resp.Success {
		reason := ""
		if resp != nil {
			reason = resp.ErrorReason + ": " + resp.ErrorMessage
		}
		c.metrics.claims.WithLabelValues("claim", "failed").Inc()
		c.Log.Warn("claim failed", "channels", len(chs), "err", err, "reason", reason)
		return false
	}
	c.metrics.claims.WithLabelValues("claim", "succeeded").Inc()
	c.Log.Info("claimed", "channels", len(chs), "tx", resp.Transaction)
	for _, ch := range chs {
		c.mirrorClaim(ctx, ch)
	}
	return true
}

// mirrorClaim records a claimed total in the channel's record, between two
// calls on the channel: the claim covered the charged total the record held
// when the claim was made, which calls since may have passed.
func (c *Claimer) mirrorClaim(ctx context.Context, ch ledger.Channel) {
	defer c.book.lock(ch.ID)()
	rec, err := c.book.record(ctx, c.Ledger, ch.ID, true)
	if err == nil && rec != nil {
		rec.TotalClaimed = ch.Charged
		err = c.book.put(ctx, c.Ledger, rec)
	}
	if err != nil {
		// The next claim records it again.
		c.Log.Error("claims: recording a claim", "channel", ch.ID, "err", err)
	}
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

// Claimer is the server's claimer, nil when batch-settlement is not offered.
func (s *Server) Claimer() (*Claimer, error) {
	g := s.gen.Load()
	for _, o := range g.offers {
		for _, t := range o.terms.PerNetwork() {
			if t.Batch != nil {
				above := int64(g.cfg.BatchSettlement.ClaimAbove * 1e6) // USD to USDC atomic units
				return NewClaimer(Claimer{Ledger: s.pay.Ledger, Facilitator: s.pay.Facilitator, Terms: *t.Batch, Above: above,
					Log: s.log(), book: &s.channels}, s.pay.Metrics)
			}
		}
	}
	return nil, nil
}
