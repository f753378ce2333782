package x402

import "fmt"

// Reasons, as the x402 specifications and reference facilitators spell them.
// Facilitators may answer with others; those are passed through unchanged.
const (
	ReasonInvalidPayload      = "invalid_payload"
	ReasonInvalidVersion      = "invalid_x402_version"
	ReasonInvalidScheme       = "invalid_scheme"
	ReasonInvalidNetwork      = "invalid_network"
	ReasonInvalidRequirements = "invalid_payment_requirements"
	ReasonRecipientMismatch   = "invalid_exact_evm_payload_recipient_mismatch"
	ReasonValueMismatch       = "invalid_exact_evm_payload_authorization_value_mismatch" // v2 spelling
	ReasonValueMismatchV1     = "invalid_exact_evm_payload_authorization_value"
	ReasonValidAfter          = "invalid_exact_evm_payload_authorization_valid_after"
	ReasonValidBefore         = "invalid_exact_evm_payload_authorization_valid_before"
	ReasonSignature           = "invalid_exact_evm_payload_signature"
	ReasonResourceMismatch    = "resource_mismatch" // the payment names another resource
	ReasonUnexpectedVerify    = "unexpected_verify_error"
	ReasonUnexpectedSettle    = "unexpected_settle_error"
)

// Refusal is a payment turned down, with its x402 reason and a sentence for
// the buyer.
type Refusal struct {
	Reason  string
	Message string
}

func (r *Refusal) Error() string { return r.Reason + ": " + r.Message }

func refuse(reason, format string, args ...any) *Refusal {
	return &Refusal{Reason: reason, Message: fmt.Sprintf(format, args...)}
}
