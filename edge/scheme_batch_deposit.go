package edge

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"math/big"
	"strconv"
	"strings"
	"time"

	"github.com/coinslot/coinslot/config"
	"github.com/coinslot/coinslot/edge/ledger"
	"github.com/coinslot/coinslot/edge/upkeep"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/coinslot/coinslot/registry"
)

// A deposit is an ERC-3009 receiveWithAuthorization to the deposit
// collector, whose nonce is derived from the channel: like an exact
// payment's, its pair is journaled settling before /settle, so a deposit
// whose outcome is unknown is found on chain by the Reconciler, which then
// makes the call's charge (DepositLanded) or drops it (DepositFailed).

// depositNonce is the ERC-3009 nonce of a deposit call.
func depositNonce(call *x402.BatchCall) string {
	salt, _ := x402.DepositSalt(call.Payload.Deposit.Authorization.ERC3009.Salt) // checked by CheckBatch
	return strings.ToLower(x402.DepositNonce(call.ID, salt).Hex())
}

// depositSettling reserves the deposit's pair and journals it settling,
// with the would-be receipt of the deposit (the collector paid the deposit
// amount, for the channel and the charged total with this call) and the
// call's answer. An error means another call holds the pair.
func (s *Server) depositSettling(cfg *config.Config, o *offer, call *x402.BatchCall, a *admission, total string, out []byte) (*ledger.Receipt, error) {
	payer, nonce := call.Channel.Payer.Hex(), depositNonce(call)
	auth := &x402.Authorization{From: payer, To: x402.ERC3009CollectorAddress.Hex(), Value: call.Deposit.String(), Nonce: nonce}
	r := s.draftReceipt(cfg, o, auth, call.Deposit.Int64(), digest(a.request), digest(out))
	r.PayTo = auth.To
	r.Channel, r.ChargedCumulative = strings.ToLower(call.ID.Hex()), total
	r.RequestKey = requestKey(a)
	if before, err := strconv.ParseInt(call.Payload.Deposit.Authorization.ERC3009.ValidBefore, 10, 64); err == nil {
		r.ValidBefore = time.Unix(before, 0)
	}
	bg := context.Background()
	if err := s.pay.Ledger.Reserve(bg, payer, nonce, o.tool.Name); err != nil {
		return nil, err
	}
	if err := s.pay.Ledger.Settling(bg, payer, nonce, r, out); err != nil {
		s.pay.Ledger.Release(bg, payer, nonce)
		return nil, err
	}
	return r, nil
}

// depositSettled ends the journal of a deposit whose /settle answered:
// recorded with its transaction when it landed, released when refused.
func (s *Server) depositSettled(cfg *config.Config, call *x402.BatchCall, r *ledger.Receipt, settled *x402.SettleResponse) {
	payer, nonce := call.Channel.Payer.Hex(), depositNonce(call)
	if !settled.Success || settled.Transaction == "" {
		if err := s.pay.Ledger.Release(context.Background(), payer, nonce); err != nil {
			slog.Error("ledger: releasing a refused deposit failed; reconciliation releases it once it expires", "payer", x402.Checksummed(payer), "nonce", nonce, "err", err)
		}
		return
	}
	receipt := *r
	receipt.Tx, receipt.SettledAt = settled.Transaction, s.now().UTC().Truncate(time.Second)
	receipt.ReceiptURL = cfg.BaseURL + registry.PathReceipt + settled.Transaction
	if err := s.record(payer, nonce, &receipt); err != nil {
		slog.Error("ledger: a landed deposit's receipt was not written; it stays pending for reconciliation", "tx", receipt.Tx, "payer", x402.Checksummed(payer), "nonce", nonce, "err", err)
	}
}

// depositPending keeps the answer of a call whose deposit's outcome is
// unknown: the channel's record holds the charge it makes once the
// deposit is found on chain, and the buyer is told to retry the same
// payment. If the charge no longer holds (another instance charged the
// channel), the deposit is still reconciled, and the call is not charged.
func (s *Server) depositPending(cfg *config.Config, o *offer, call *x402.BatchCall, a *admission, rec *ledger.Channel, charged *big.Int, state *x402.ChannelState, total string, out []byte, cause error) *sale {
	t := o.tool
	payer, nonce := call.Channel.Payer.Hex(), depositNonce(call)
	s.metrics.payments.WithLabelValues(t.Name, outcomeSettlePending).Inc()
	slog.Error("deposit outcome unknown; the call's charge waits for reconciliation", "tool", t.Name, "channel", call.ID.Hex(), "payer", x402.Checksummed(payer), "nonce", nonce, "err", cause)
	snapshot := *state
	balance, _ := new(big.Int).SetString(state.Balance, 10)
	snapshot.Balance = balance.Add(balance, call.Deposit).String()
	snapshot.ChargedCumulativeAmount = total
	settlement, _ := json.Marshal(&x402.SettleResponse{Success: true, Network: o.terms.Network.ID, Payer: payer, Amount: call.Deposit.String(),
		Extra: &x402.SettleExtra{ChargedAmount: o.terms.Amount.String(), ChannelState: &snapshot}}) // plain strings: it encodes
	id := strings.ToLower(call.ID.Hex())
	_, err := s.channels.Update(context.Background(), s.pay.Ledger, id, rec, func(cur *ledger.Channel) (*ledger.Channel, error) {
		if now, _ := expected(cur, call, o.terms.Amount); now.Cmp(charged) != 0 || cur != nil && cur.Deposit != nil {
			return nil, errNotCharged
		}
		next := channelRecord(cur, call, state, false, s.now())
		if cur == nil {
			next.Charged = charged.String()
		}
		next.Deposit = &ledger.PendingDeposit{Nonce: nonce, Amount: call.Deposit.String(), Charged: total,
			Signature: call.Payload.Voucher.Signature, Tool: t.Name, Request: requestKey(a), Answer: out, Settlement: settlement}
		return next, nil
	})
	if err != nil {
		slog.Error("a deposit in doubt could not be noted on its channel; if it lands, the call is not charged and its answer is withheld", "channel", id, "err", err)
	}
	return &sale{failure: settlementPending(cfg, payer, nonce, "the deposit of this payment was not confirmed ("+cause.Error()+")")}
}

// errNotCharged: the channel changed so that a pending deposit's charge
// no longer holds.
var errNotCharged = errors.New("the channel changed; the call is not charged")

// depositFailed withholds the answer of a call whose deposit was refused,
// or landed without the channel's state: nothing was charged.
func (s *Server) depositFailed(o *offer, call *x402.BatchCall, settled *x402.SettleResponse) *sale {
	t := o.tool
	s.metrics.payments.WithLabelValues(t.Name, outcomeSettleFailed).Inc()
	reason, msg := x402.BatchDepositTxFailed, "the deposit did not complete; the answer is withheld and nothing was charged"
	if settled.ErrorReason != "" {
		reason = settled.ErrorReason
	}
	if settled.ErrorMessage != "" {
		msg += " (" + settled.ErrorMessage + ")"
	}
	s.metrics.refusals.WithLabelValues(reason).Inc()
	return &sale{
		failure:    &failure{code: registry.CodeSettlementFailed, reason: reason, message: msg},
		settlement: &x402.SettleResponse{ErrorReason: reason, Network: o.terms.Network.ID, Payer: call.Channel.Payer.Hex()},
	}
}

// depositHeld answers a call on a channel whose deposit is in doubt: a
// retry of that deposit is told it is pending; any other call is refused
// before its tool runs, as the channel's balance and charged total are not
// known until the deposit is resolved.
func (s *Server) depositHeld(cfg *config.Config, o *offer, call *x402.BatchCall, rec *ledger.Channel) *failure {
	if rec == nil || rec.Deposit == nil {
		return nil
	}
	if call.Payload.Type == x402.BatchDeposit && depositNonce(call) == rec.Deposit.Nonce {
		return settlementPending(cfg, call.Channel.Payer.Hex(), rec.Deposit.Nonce, "the deposit of this payment is not confirmed yet")
	}
	return s.batchRefused(o, &x402.Refusal{Reason: x402.BatchChannelBusy, Message: "a deposit of this channel is not confirmed yet (its status: " +
		paymentStatusURL(cfg, call.Channel.Payer.Hex(), rec.Deposit.Nonce) + "); nothing was charged: retry the deposit's payment, or pay again once it is settled"}, nil)
}

// DepositLanded makes the charge of the call whose deposit reconciliation
// found on chain in tx: the channel's record then holds that call's
// voucher, answer and settlement, so the buyer's retry of the payment gets
// them. The channel's on-chain state is read afresh by its next call.
func (s *Server) DepositLanded(ctx context.Context, channel, nonce, tx string) error {
	return s.resolveDeposit(ctx, channel, nonce, func(next *ledger.Channel, d *ledger.PendingDeposit) error {
		var settled x402.SettleResponse
		if err := json.Unmarshal(d.Settlement, &settled); err != nil {
			return err
		}
		settled.Transaction = tx
		balance, _ := new(big.Int).SetString(next.Balance, 10)
		amount, _ := new(big.Int).SetString(d.Amount, 10)
		next.Balance = balance.Add(balance, amount).String()
		if settled.Extra != nil && settled.Extra.ChannelState != nil {
			settled.Extra.ChannelState.Balance = next.Balance
		}
		next.SyncedAt = time.Time{}
		next.Charged, next.SignedMax, next.Signature = d.Charged, d.Charged, d.Signature
		next.Tool, next.Request, next.Answer = d.Tool, d.Request, d.Answer
		next.Settlement, _ = json.Marshal(&settled) // plain strings: it encodes
		return nil
	})
}

// DepositFailed drops the charge of a call whose deposit never landed, or
// whose nonce paid for something else: its answer goes with it.
func (s *Server) DepositFailed(ctx context.Context, channel, nonce string) error {
	return s.resolveDeposit(ctx, channel, nonce, func(*ledger.Channel, *ledger.PendingDeposit) error { return nil })
}

// resolveDeposit clears the channel's pending deposit of nonce through the
// channel book, applying apply to the record; a channel without it has
// nothing to resolve.
func (s *Server) resolveDeposit(ctx context.Context, channel, nonce string, apply func(*ledger.Channel, *ledger.PendingDeposit) error) error {
	unlock, ok := s.channels.Acquire(strings.ToLower(channel), upkeep.ChannelWait)
	if !ok {
		return errors.New("the channel is busy")
	}
	defer unlock()
	rec, err := s.channels.Record(ctx, s.pay.Ledger, channel, true)
	if err != nil || rec == nil {
		return err
	}
	_, err = s.channels.Update(ctx, s.pay.Ledger, channel, rec, func(cur *ledger.Channel) (*ledger.Channel, error) {
		if cur == nil || cur.Deposit == nil || cur.Deposit.Nonce != strings.ToLower(nonce) {
			return nil, errNotCharged
		}
		d := cur.Deposit
		cur.Deposit = nil
		return cur, apply(cur, d)
	})
	if errors.Is(err, errNotCharged) {
		return nil
	}
	return err
}
