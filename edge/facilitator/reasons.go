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
