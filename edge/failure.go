package edge

import (
	"errors"
	"log/slog"
	"time"

	"github.com/coinslot/coinslot/edge/x402"
	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/valyala/fasthttp"
)

// failure is a call that was not served, in decision 9's terms. Payment
// failures carry the terms again, so a client can pay anew.
type failure struct {
	code       registry.ErrorCode
	malformed  bool   // a payment that cannot be decoded: 400, not 402
	reason     string // the x402 reason of a refused payment
	message    string
	fields     []registry.FieldError
	retryAfter time.Duration // for tool_unavailable, settlement_pending and rate_limited
	// required replaces the offer's terms in a payment refusal: a
	// batch-settlement refusal names its reason and may carry channel state.
	required *x402.PaymentRequired
	// facilitatorDown: no facilitator answered on the payment, which was
	// not charged; its outcome is an outage, not a refusal.
	facilitatorDown bool
}

// status is the HTTP status f is answered with.
func (f *failure) status() int {
	if f.malformed {
		return fasthttp.StatusBadRequest
	}
	return f.code.Status()
}

// refused is a payment that is invalid, or that no facilitator could
// answer on: a 503, which leaves the same payment good to send again.
func (s *Server) refused(o *offer, err error) *failure {
	var r *x402.Refusal
	if !errors.As(err, &r) {
		r = &x402.Refusal{Reason: x402.ReasonInvalidPayload, Message: err.Error()}
	}
	if r.Reason == reasonFacilitatorDown {
		s.metrics.payments.WithLabelValues(o.tool.Name, outcomeFacilitatorDown).Inc()
		return &failure{code: registry.CodeUpstreamUnavailable, message: r.Message, facilitatorDown: true}
	}
	s.metrics.payments.WithLabelValues(o.tool.Name, outcomeRefused).Inc()
	s.metrics.refusals.WithLabelValues(r.Reason).Inc()
	return &failure{code: registry.CodePaymentInvalid, reason: r.Reason, message: r.Message}
}

func internalFailure(t *registry.Tool, what string, err error) *failure {
	slog.Error("paid call not completed; nothing was charged", "tool", t.Name, "step", what, "err", err)
	return &failure{code: registry.CodeInternal, message: "the call could not be completed; nothing was charged"}
}

// toolFailure maps a failed call to its status; the buyer is not charged.
func toolFailure(t *registry.Tool, err error) *failure {
	var bad *registry.InputError
	if errors.As(err, &bad) {
		return &failure{code: registry.CodeInvalidParams,
			message: "the request cannot be served as given; nothing was charged", fields: bad.Fields}
	}
	e, ok := upstreams.AsError(err)
	if !ok {
		slog.Error("tool failed with an unclassified error", "tool", t.Name, "err", err)
		return &failure{code: registry.CodeInternal, message: t.Name + " failed; nothing was charged"}
	}
	return &failure{code: registry.ErrorCode(e.Kind), message: e.Error() + "; nothing was charged"}
}
