package edge

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"regexp"
	"strings"
	"time"

	"github.com/coinslot/coinslot/config"
	"github.com/coinslot/coinslot/edge/ledger"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/coinslot/coinslot/registry"
)

// paymentIDPattern is the id of the x402 payment-identifier extension: 16
// to 128 letters, digits, hyphens and underscores.
var paymentIDPattern = regexp.MustCompile(`^[A-Za-z0-9_-]{16,128}$`)

// paymentID is the id a payment carries in its payment-identifier
// extension, "" when it carries none (a v1 payment never does), or a
// refusal when the extension is malformed.
func paymentID(p *x402.Payment) (string, *x402.Refusal) {
	raw := p.IdentifierExtension()
	if raw == nil {
		return "", nil
	}
	var pi struct {
		Info *struct {
			ID *json.RawMessage `json:"id"`
		} `json:"info"`
	}
	if err := json.Unmarshal(raw, &pi); err != nil {
		return "", malformedID("must be an object with an info object")
	}
	if pi.Info == nil || pi.Info.ID == nil {
		return "", nil // echoed without an id
	}
	var id string
	if json.Unmarshal(*pi.Info.ID, &id) != nil || !paymentIDPattern.MatchString(id) {
		return "", malformedID("info.id must be a string of 16 to 128 letters, digits, hyphens and underscores")
	}
	return id, nil
}

func malformedID(problem string) *x402.Refusal {
	return &x402.Refusal{Reason: x402.ReasonInvalidPayload, Message: "the " + x402.PaymentIdentifier + " extension is malformed: " + problem}
}

// fingerprint is the request a payment-identifier id is bound to: the terms
// paid (scheme, network, asset, amount, payTo), the resource and method,
// and the request's canonical digest (see requestKey).
func fingerprint(t *x402.Terms, a *admission) string {
	r := &t.Requirements
	return digest([]byte(strings.Join([]string{r.Scheme, r.Network, r.Asset, r.Amount, r.PayTo, t.Offer.Resource, "POST", requestKey(a)}, "|")))
}

// reasonIDsPending counts, in coinslot_payment_refusals_total, the calls
// refused because their wallet has its most ids pending (decision 14f).
const reasonIDsPending = "payment_ids_pending"

// identify binds the payment's id to this request, and returns nil to
// carry on; or, when the id was bound before, the answer to a retry: the
// stored answer (or the pending state) of the payment that holds the id,
// waiting until the deadline while that payment's call runs, or 409 when
// that payment was for another request.
func (s *Server) identify(cfg *config.Config, o *offer, p *x402.Payment, id string, a *admission, until time.Time) *sale {
	auth, _ := p.Signed()
	fp := fingerprint(o.terms, a)
	for {
		bound, err := s.pay.Ledger.Identify(context.Background(), auth.From, id, fp, auth.Nonce)
		switch {
		case errors.Is(err, ledger.ErrIDsFull):
			slog.Warn("payment ids: the ledger holds ledger.payment_ids_max of them; calls with a new id are refused until answers' retention frees some", "tool", o.tool.Name)
			return &sale{failure: &failure{code: registry.CodeToolUnavailable, retryAfter: time.Minute,
				message: "the seller holds as many payment identifiers as it can; nothing was charged: retry later"}}
		case errors.Is(err, ledger.ErrIDsPending):
			s.metrics.payments.WithLabelValues(o.tool.Name, outcomeRefused).Inc()
			s.metrics.refusals.WithLabelValues(reasonIDsPending).Inc()
			return &sale{failure: &failure{code: registry.CodeRateLimited, retryAfter: time.Second, message: fmt.Sprintf(
				"%s has %d calls with a new payment identifier under way, the most one wallet may (ledger.payment_ids_pending_per_payer); nothing was charged: retry once one has ended",
				x402.Checksummed(auth.From), cfg.Ledger.PaymentIDsPendingPerPayer)}}
		case err != nil:
			return &sale{failure: internalFailure(o.tool, "payment id", err)}
		case bound == nil:
			return nil
		case bound.Fingerprint != fp:
			s.metrics.payments.WithLabelValues(o.tool.Name, outcomeConflict).Inc()
			return &sale{failure: &failure{code: registry.CodePaymentConflict,
				message: "the payment identifier " + id + " was used for another request; use a new id for this one"}}
		case strings.EqualFold(bound.Nonce, auth.Nonce):
			return nil // bound by this payment's earlier call, which failed: this call retries it
		}
		if sold := s.redeliver(cfg, o, p, bound.Nonce, a, until); sold != nil {
			return sold
		}
		// The payment holding the id failed and released it: Identify
		// moves the id to this one.
	}
}
