// Package x402 is the payment protocol: v1 and v2 wire types, the header
// codec, per-tool terms, the local EIP-712 check, the facilitator client and
// buyer-side signing.
package x402

import (
	"context"
	"encoding/json"
)

// ResourceInfo describes the paid resource.
type ResourceInfo struct {
	URL         string `json:"url"`
	Description string `json:"description,omitempty"`
	MimeType    string `json:"mimeType,omitempty"`
	// Service metadata of the bazaar extension: who hosts the resource.
	ServiceName string   `json:"serviceName,omitempty"`
	Tags        []string `json:"tags,omitempty"`
	IconURL     string   `json:"iconUrl,omitempty"`
}

// Requirements is one v2 PaymentRequirements entry (scheme exact, EVM).
type Requirements struct {
	Scheme            string         `json:"scheme"`
	Network           string         `json:"network"`
	Amount            string         `json:"amount"` // atomic units, decimal integer string
	Asset             string         `json:"asset"`
	PayTo             string         `json:"payTo"`
	MaxTimeoutSeconds int            `json:"maxTimeoutSeconds"`
	Extra             map[string]any `json:"extra,omitempty"`
}

// PaymentRequired is the v2 402 document, sent base64 in PAYMENT-REQUIRED.
// Extensions is a JSON object, kept encoded: buyers echo it and sellers
// only forward it.
type PaymentRequired struct {
	X402Version int             `json:"x402Version"`
	Error       string          `json:"error,omitempty"`
	Resource    *ResourceInfo   `json:"resource,omitempty"`
	Accepts     []Requirements  `json:"accepts"`
	Extensions  json.RawMessage `json:"extensions,omitempty"`
}

// Authorization is the EIP-3009 TransferWithAuthorization message; every
// value is a string on the wire.
type Authorization struct {
	From        string `json:"from"`
	To          string `json:"to"`
	Value       string `json:"value"`
	ValidAfter  string `json:"validAfter"`
	ValidBefore string `json:"validBefore"`
	Nonce       string `json:"nonce"`
}

// ExactPayload is the scheme-specific payload of an EVM payment signed for
// one transfer: an EIP-3009 authorization (exact), or a Permit2 witness
// transfer (exact with extra.assetTransferMethod "permit2", and upto); the
// signature is over whichever of the two it carries.
type ExactPayload struct {
	Signature            string                `json:"signature"`
	Authorization        Authorization         `json:"authorization,omitzero"`
	Permit2Authorization *Permit2Authorization `json:"permit2Authorization,omitempty"`
}

// Payload is the v2 PaymentPayload, sent base64 in PAYMENT-SIGNATURE.
// Extensions echoes the 402's extensions object; the seller forwards it to
// the facilitator as received, so it stays encoded (the bazaar extension
// alone is most of a payment's bytes). A decoded payment's may be the
// bytes of every payment that echoed the same (see echoSet): never
// written.
type Payload struct {
	X402Version int             `json:"x402Version"`
	Resource    *ResourceInfo   `json:"resource,omitempty"`
	Accepted    Requirements    `json:"accepted"`
	Payload     SchemePayload   `json:"payload"`
	Extensions  json.RawMessage `json:"extensions,omitempty"`
}

// RequirementsV1 is one v1 accepts entry, in the 402 body.
type RequirementsV1 struct {
	Scheme            string          `json:"scheme"`
	Network           string          `json:"network"` // v1 names, e.g. "base"
	MaxAmountRequired string          `json:"maxAmountRequired"`
	Resource          string          `json:"resource"`
	Description       string          `json:"description"`
	MimeType          string          `json:"mimeType"`
	OutputSchema      json.RawMessage `json:"outputSchema,omitempty"`
	PayTo             string          `json:"payTo"`
	MaxTimeoutSeconds int             `json:"maxTimeoutSeconds"`
	Asset             string          `json:"asset"`
	Extra             map[string]any  `json:"extra,omitempty"`
}

// PaymentRequiredV1 is the v1 402 body.
type PaymentRequiredV1 struct {
	X402Version int              `json:"x402Version"`
	Error       string           `json:"error"`
	Accepts     []RequirementsV1 `json:"accepts"`
}

// PayloadV1 is the v1 payment, sent base64 in X-PAYMENT.
type PayloadV1 struct {
	X402Version int          `json:"x402Version"`
	Scheme      string       `json:"scheme"`
	Network     string       `json:"network"`
	Payload     ExactPayload `json:"payload"`
}

// VerifyResponse is a facilitator's answer to /verify.
type VerifyResponse struct {
	IsValid        bool   `json:"isValid"`
	InvalidReason  string `json:"invalidReason,omitempty"`
	InvalidMessage string `json:"invalidMessage,omitempty"`
	Payer          string `json:"payer,omitempty"`
	// Extra is a batch-settlement channel's on-chain snapshot.
	Extra *ChannelState `json:"extra,omitempty"`
}

// SettleResponse is a facilitator's answer to /settle, and the document sent
// base64 in PAYMENT-RESPONSE / X-PAYMENT-RESPONSE.
type SettleResponse struct {
	Success      bool   `json:"success"`
	ErrorReason  string `json:"errorReason,omitempty"`
	ErrorMessage string `json:"errorMessage,omitempty"`
	Payer        string `json:"payer,omitempty"`
	Transaction  string `json:"transaction"`
	Network      string `json:"network"`
	// Batch settlement: what moved on chain (a deposit or refund; empty for
	// a voucher), the call's charge and the channel's state.
	Amount string       `json:"amount,omitempty"`
	Extra  *SettleExtra `json:"extra,omitempty"`
	// The seller's extensions to a paid answer's settlement: its signed
	// receipt (offer-receipt).
	Extensions json.RawMessage `json:"extensions,omitempty"`
}

// Facilitator verifies and settles payments. The HTTP client talks to a
// remote facilitator; edge/facilitator implements it in-process.
// Requirements are always the v2 form; a v1 payment is converted first.
type Facilitator interface {
	Verify(ctx context.Context, p *Payload, r *Requirements) (*VerifyResponse, error)
	Settle(ctx context.Context, p *Payload, r *Requirements) (*SettleResponse, error)
}
