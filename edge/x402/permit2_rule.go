package x402

import (
	"math/big"
	"time"

	"github.com/ethereum/go-ethereum/common"
)

// Reasons a Permit2 payment (exact through Permit2, or upto) is refused
// for, spelled as the reference facilitators (@x402/evm, x402 Go) spell
// them, so a buyer reads the same reason from the seller's own check as
// from any facilitator. Only the horizon is this project's own: no
// reference facilitator bounds how far ahead a deadline may lie.
const (
	ReasonPermit2Spender        = "invalid_permit2_spender"
	ReasonPermit2Recipient      = "invalid_permit2_recipient_mismatch"
	ReasonPermit2Token          = "permit2_token_mismatch"
	ReasonPermit2Amount         = "permit2_amount_mismatch"
	ReasonPermit2Deadline       = "permit2_deadline_expired"
	ReasonPermit2DeadlineTooFar = "permit2_deadline_too_far"
	ReasonPermit2NotYetValid    = "permit2_not_yet_valid"
	ReasonPermit2Signature      = "invalid_permit2_signature"
	ReasonUptoFacilitator       = "upto_facilitator_mismatch"
	ReasonUptoSettlementExceeds = "invalid_upto_evm_payload_settlement_exceeds_amount"
)

// Permit2Want is what a Permit2 payment must be to pay: the seller's terms
// before /verify, or a facilitator's requirements.
type Permit2Want struct {
	PayTo, Token common.Address
	// Amount is what the permit must be for; when Settling an upto payment,
	// it is what it cost, which may be less.
	Amount   *big.Int
	Settling bool
	// Facilitator is the one an upto witness must name: only its sender
	// can settle, so a payment naming another is worthless here.
	Facilitator common.Address
	ChainID     *big.Int
	Now         time.Time
	// Margin is how long the deadline must outlast Now for the settlement
	// to be mined in time; Horizon, when not 0, how far ahead it may lie.
	Margin, Horizon time.Duration
}

// Check is the one rule of a Permit2 payment: its scheme's proxy as the
// spender, a witness paying w.PayTo (and, for upto, naming w.Facilitator),
// a permit of w.Token for exactly w.Amount (for at least it, when settling
// upto), within its window, signed by its from on w.ChainID. The order is
// the reference facilitators', so a payment wrong twice is refused for the
// same reason wherever it is judged.
func (m *Permit2Message) Check(w *Permit2Want, signature string) *Refusal {
	now := w.Now.Unix()
	earliest := w.Now.Add(w.Margin).Unix()
	switch {
	case m.Spender != m.Proxy():
		return refuse(ReasonPermit2Spender, "permit2Authorization.spender is %s, the x402 %s proxy is %s", m.Spender.Hex(), m.scheme(), m.Proxy().Hex())
	case m.To != w.PayTo:
		return refuse(ReasonPermit2Recipient, "permit2Authorization.witness.to is %s, payTo is %s", m.To.Hex(), w.PayTo.Hex())
	case m.Upto && m.Facilitator != w.Facilitator:
		return refuse(ReasonUptoFacilitator, "permit2Authorization.witness.facilitator is %s, the facilitator that settles here is %s", m.Facilitator.Hex(), w.Facilitator.Hex())
	case m.Deadline.Cmp(big.NewInt(earliest)) < 0:
		return refuse(ReasonPermit2Deadline, "permit2Authorization.deadline is %s (unix); it must stay valid until at least %d", m.Deadline, earliest)
	case w.Horizon != 0 && m.Deadline.Cmp(big.NewInt(w.Now.Add(w.Horizon).Unix())) > 0:
		return refuse(ReasonPermit2DeadlineTooFar, "permit2Authorization.deadline is %s (unix), more than %s ahead; sign one valid until %d at the latest", m.Deadline, w.Horizon, w.Now.Add(w.Horizon).Unix())
	case m.ValidAfter.Cmp(big.NewInt(now)) > 0:
		return refuse(ReasonPermit2NotYetValid, "permit2Authorization.witness.validAfter is %s (unix), now is %d", m.ValidAfter, now)
	case m.Upto && w.Settling && w.Amount.Cmp(m.Amount) > 0:
		return refuse(ReasonUptoSettlementExceeds, "settling %s, permit2Authorization.permitted.amount lets at most %s move", w.Amount, m.Amount)
	case !(m.Upto && w.Settling) && m.Amount.Cmp(w.Amount) != 0:
		return refuse(ReasonPermit2Amount, "permit2Authorization.permitted.amount is %s, the price is %s", m.Amount, w.Amount)
	case m.Token != w.Token:
		return refuse(ReasonPermit2Token, "permit2Authorization.permitted.token is %s, the asset is %s", m.Token.Hex(), w.Token.Hex())
	}
	signer, err := RecoverPermit2(w.ChainID, m, signature)
	if err != nil {
		return refuse(ReasonPermit2Signature, "%v", err)
	}
	if signer != m.From {
		return refuse(ReasonPermit2Signature, "the signature is by %s, not permit2Authorization.from %s (sign Permit2's PermitWitnessTransferFrom on chain %s)", signer.Hex(), m.From.Hex(), w.ChainID)
	}
	return nil
}

func (m *Permit2Message) scheme() string {
	if m.Upto {
		return SchemeUpto
	}
	return SchemeExact
}
