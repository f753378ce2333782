// Package ledger keeps payments on disk: nonce reservations, settlements and
// the receipts served at /receipt/{tx}. Two backends implement Store: an
// embedded file (the default, no server) and PostgreSQL (several instances
// sharing one ledger). Both pass the same suite in ledgertest.
package ledger

import (
	"context"
	"errors"
	"time"
)

// ReceiptSchema is the schema id every receipt carries.
const ReceiptSchema = "svc.receipt.v1"

var (
	// ErrReplayed: the (payer, nonce) pair is reserved or already settled.
	ErrReplayed = errors.New("payment authorization already used")
	// ErrNotFound: no receipt for that transaction.
	ErrNotFound = errors.New("receipt not found")
)

// Receipt is one settled payment, in the svc.receipt.v1 shape.
type Receipt struct {
	Schema         string    `json:"schema"`
	ReceiptID      string    `json:"receipt_id"`
	Tx             string    `json:"tx"`
	Network        string    `json:"network"`
	Asset          string    `json:"asset"`
	Payer          string    `json:"payer"`
	PayTo          string    `json:"pay_to"`
	AmountAtomic   string    `json:"amount_atomic"`
	AmountUSD      string    `json:"amount_usd"`
	Tool           string    `json:"tool"`
	Endpoint       string    `json:"endpoint"`
	RequestSHA256  string    `json:"request_sha256"`
	ResponseSHA256 string    `json:"response_sha256"`
	SettledAt      time.Time `json:"settled_at"`
	ReceiptURL     string    `json:"receipt_url"`
}

// Store is a ledger backend. Payer addresses are compared case-insensitively;
// nonces are 0x-prefixed hex.
type Store interface {
	// Reserve claims (payer, nonce) for one call; ErrReplayed when the pair
	// is reserved or was settled before, concurrently or not.
	Reserve(ctx context.Context, payer, nonce, tool string) error
	// Release frees a reservation whose call failed, so the buyer may retry
	// with the same authorization.
	Release(ctx context.Context, payer, nonce string) error
	// Record stores a settled payment's receipt and marks the nonce spent,
	// durably, before the 200 leaves.
	Record(ctx context.Context, payer, nonce string, r *Receipt) error
	// Receipt returns the receipt of a transaction, or ErrNotFound.
	Receipt(ctx context.Context, tx string) (*Receipt, error)
	Close() error
}
