package facilitator

import (
	"fmt"

	"github.com/coinslot/coinslot/edge/x402"
)

// Reasons this facilitator gives beyond those edge/x402 declares, spelled as
// the x402 specification (insufficient_funds) or, where it has no word, the
// reference facilitator spells them.
const (
	ReasonInsufficientFunds    = "insufficient_funds"
	ReasonNonceUsed            = "invalid_exact_evm_nonce_already_used"
	ReasonMissingDomain        = "invalid_exact_evm_missing_eip712_domain"
	ReasonTokenNameMismatch    = "invalid_exact_evm_token_name_mismatch"
	ReasonTokenVersionMismatch = "invalid_exact_evm_token_version_mismatch"
	ReasonNotEIP3009           = "invalid_exact_evm_eip3009_not_supported"
	ReasonSimulationFailed     = "invalid_exact_evm_transaction_simulation_failed"
	ReasonSendFailed           = "invalid_exact_evm_failed_to_execute_transfer"
	ReasonNoReceipt            = "invalid_exact_evm_failed_to_get_receipt"
	ReasonTransactionFailed    = "invalid_exact_evm_transaction_failed"
)

func refuse(reason, format string, args ...any) *x402.Refusal {
	return &x402.Refusal{Reason: reason, Message: fmt.Sprintf(format, args...)}
}

// Reasons of Permit2 payments (exact through Permit2, and upto) that only a
// facilitator gives: the chain's and the sponsored permit's. Those of the
// rule the seller applies too are edge/x402's (ReasonPermit2*). Spelled as
// the reference facilitator spells them.
const (
	ReasonPermit2NonceUsed  = "permit2_invalid_nonce"
	ReasonPermit2Allowance  = "permit2_allowance_required"
	ReasonPermit2Simulation = "permit2_simulation_failed"
	ReasonPermit2612Amount  = "permit2_2612_amount_mismatch"
	ReasonEIP2612Format     = "invalid_eip2612_extension_format"
	ReasonEIP2612From       = "eip2612_from_mismatch"
	ReasonEIP2612Asset      = "eip2612_asset_mismatch"
	ReasonEIP2612Spender    = "eip2612_spender_not_permit2"
	ReasonEIP2612Deadline   = "eip2612_deadline_expired"
)
