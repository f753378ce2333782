package registry

import "net/http"

// ErrorCode is the code of an error body, from decision 9's closed list.
// It lives with the catalog so that the edge, which answers with it, and
// the documents, which publish it, read one list.
type ErrorCode string

// The codes, in the order the documents list them.
const (
	CodeNotFound            ErrorCode = "not_found"
	CodeMethodNotAllowed    ErrorCode = "method_not_allowed"
	CodeBodyTooLarge        ErrorCode = "body_too_large"
	CodeInvalidJSON         ErrorCode = "invalid_json"
	CodeInvalidParams       ErrorCode = "invalid_params"
	CodePaymentRequired     ErrorCode = "payment_required"
	CodePaymentInvalid      ErrorCode = "payment_invalid"
	CodePaymentReplayed     ErrorCode = "payment_replayed"
	CodeSettlementFailed    ErrorCode = "settlement_failed"
	CodeSettlementPending   ErrorCode = "settlement_pending"  // /settle gave no answer: retry the same payment
	CodePaymentConflict     ErrorCode = "payment_conflict"    // the payment, or its id, paid for another request or on another network, or its answer is its payer's
	CodeAnswerExpired       ErrorCode = "answer_expired"      // settled, but its answer is no longer kept
	CodePaymentInProgress   ErrorCode = "payment_in_progress" // a call with this payment is still running: retry the same payment
	CodeToolUnavailable     ErrorCode = "tool_unavailable"
	CodeUpstreamUnavailable ErrorCode = "upstream_unavailable"
	CodeUpstreamTimeout     ErrorCode = "upstream_timeout"
	CodeUpstreamError       ErrorCode = "upstream_error"
	CodeInternal            ErrorCode = "internal"
	// A request the server could not read: answered before any route.
	CodeHeaderTooLarge ErrorCode = "header_too_large"
	CodeRequestTimeout ErrorCode = "request_timeout"
	CodeBadRequest     ErrorCode = "bad_request"
	// A client or payer over its share: answered before any payment work.
	CodeRateLimited ErrorCode = "rate_limited"
	// A wallet's own records need its sign-in-with-x proof.
	CodeSignInRequired ErrorCode = "sign_in_required"
)

// errorCodes is every code with the HTTP status it is answered with. A
// malformed payment is the one exception: payment_invalid with 400.
var errorCodes = []struct {
	code   ErrorCode
	status int
}{
	{CodeNotFound, http.StatusNotFound},
	{CodeMethodNotAllowed, http.StatusMethodNotAllowed},
	{CodeBodyTooLarge, http.StatusRequestEntityTooLarge},
	{CodeInvalidJSON, http.StatusBadRequest},
	{CodeInvalidParams, http.StatusBadRequest},
	{CodePaymentRequired, http.StatusPaymentRequired},
	{CodePaymentInvalid, http.StatusPaymentRequired},
	{CodePaymentReplayed, http.StatusPaymentRequired},
	{CodeSettlementFailed, http.StatusPaymentRequired},
	{CodeSettlementPending, http.StatusGatewayTimeout},
	{CodePaymentConflict, http.StatusConflict},
	{CodeAnswerExpired, http.StatusGone},
	// Not a 402, which would invite a second signature for a payment
	// already spent on the running call.
	{CodePaymentInProgress, http.StatusServiceUnavailable},
	{CodeToolUnavailable, http.StatusServiceUnavailable},
	{CodeUpstreamUnavailable, http.StatusServiceUnavailable},
	{CodeUpstreamTimeout, http.StatusGatewayTimeout},
	{CodeUpstreamError, http.StatusBadGateway},
	{CodeInternal, http.StatusInternalServerError},
	{CodeHeaderTooLarge, http.StatusRequestHeaderFieldsTooLarge},
	{CodeRequestTimeout, http.StatusRequestTimeout},
	{CodeBadRequest, http.StatusBadRequest},
	{CodeRateLimited, http.StatusTooManyRequests},
	{CodeSignInRequired, http.StatusUnauthorized},
}

// ErrorCodes lists every code, in order.
func ErrorCodes() []ErrorCode {
	codes := make([]ErrorCode, len(errorCodes))
	for i, c := range errorCodes {
		codes[i] = c.code
	}
	return codes
}

// Status is the HTTP status the code is answered with; 500 for a code not
// in the list.
func (c ErrorCode) Status() int {
	for _, e := range errorCodes {
		if e.code == c {
			return e.status
		}
	}
	return http.StatusInternalServerError
}

// Payment reports whether the code is a payment failure: such an answer
// carries the payment terms again, so a client can pay anew.
func (c ErrorCode) Payment() bool {
	return c == CodePaymentInvalid || c == CodePaymentReplayed || c == CodeSettlementFailed
}
