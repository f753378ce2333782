package edge

import (
	"context"
	"errors"
	"time"

	"github.com/coinslot/coinslot/edge/ledger"
)

// meteredLedger times every ledger operation the paid routes make and
// counts those that fail; a replay, an unknown receipt or a payer with its
// most ids pending is an answer.
type meteredLedger struct {
	ledger.Store
	m *paymentMetrics
}

func (l meteredLedger) observe(op string, start time.Time, err error) {
	l.m.ledger.WithLabelValues(op).Observe(time.Since(start).Seconds())
	if err != nil && !errors.Is(err, ledger.ErrReplayed) && !errors.Is(err, ledger.ErrNotFound) && !errors.Is(err, ledger.ErrIDsPending) {
		l.m.ledgerFails.WithLabelValues(op).Inc()
	}
}

func (l meteredLedger) Reserve(ctx context.Context, payer, nonce, tool string) (err error) {
	defer func(start time.Time) { l.observe("reserve", start, err) }(time.Now())
	return l.Store.Reserve(ctx, payer, nonce, tool)
}

func (l meteredLedger) Release(ctx context.Context, payer, nonce string) (err error) {
	defer func(start time.Time) { l.observe("release", start, err) }(time.Now())
	return l.Store.Release(ctx, payer, nonce)
}

func (l meteredLedger) Settling(ctx context.Context, payer, nonce string, r *ledger.Receipt, answer []byte) (err error) {
	defer func(start time.Time) { l.observe("settling", start, err) }(time.Now())
	return l.Store.Settling(ctx, payer, nonce, r, answer)
}

func (l meteredLedger) Record(ctx context.Context, payer, nonce string, r *ledger.Receipt) (err error) {
	defer func(start time.Time) { l.observe("record", start, err) }(time.Now())
	return l.Store.Record(ctx, payer, nonce, r)
}

func (l meteredLedger) Receipt(ctx context.Context, tx string) (_ *ledger.Receipt, err error) {
	defer func(start time.Time) { l.observe("receipt", start, err) }(time.Now())
	return l.Store.Receipt(ctx, tx)
}

func (l meteredLedger) Payment(ctx context.Context, payer, nonce string) (_ *ledger.Payment, err error) {
	defer func(start time.Time) { l.observe("payment", start, err) }(time.Now())
	return l.Store.Payment(ctx, payer, nonce)
}

func (l meteredLedger) Identify(ctx context.Context, payer, id, fingerprint, nonce string) (_ *ledger.Binding, err error) {
	defer func(start time.Time) { l.observe("identify", start, err) }(time.Now())
	return l.Store.Identify(ctx, payer, id, fingerprint, nonce)
}

func (l meteredLedger) Answered(ctx context.Context, payer, tool, requestKey string) (_ *ledger.Payment, err error) {
	defer func(start time.Time) { l.observe("answered", start, err) }(time.Now())
	return l.Store.Answered(ctx, payer, tool, requestKey)
}

func (l meteredLedger) ChannelAnswered(ctx context.Context, payer, tool, requestKey string) (_ *ledger.Channel, err error) {
	defer func(start time.Time) { l.observe("channel_answered", start, err) }(time.Now())
	return l.Store.ChannelAnswered(ctx, payer, tool, requestKey)
}

func (l meteredLedger) SpendChallenge(ctx context.Context, nonce string, expires time.Time) (_ bool, err error) {
	defer func(start time.Time) { l.observe("spend_challenge", start, err) }(time.Now())
	return l.Store.SpendChallenge(ctx, nonce, expires)
}

func (l meteredLedger) PayerPayments(ctx context.Context, payer string, since time.Time, limit int) (_ []ledger.PayerPayment, err error) {
	defer func(start time.Time) { l.observe("payer_payments", start, err) }(time.Now())
	return l.Store.PayerPayments(ctx, payer, since, limit)
}

func (l meteredLedger) PayerChannels(ctx context.Context, payer string, limit int) (_ []ledger.Channel, err error) {
	defer func(start time.Time) { l.observe("payer_channels", start, err) }(time.Now())
	return l.Store.PayerChannels(ctx, payer, limit)
}
