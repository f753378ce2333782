package ledger

import (
	"encoding/json"
	"strings"
	"time"
)

// PayerPayment is one of a payer's payments as PayerPayments lists it: a
// settling or settled pair. Reserved pairs are calls still running, whose
// answers come with them; released ones charged nothing and are not kept.
type PayerPayment struct {
	Nonce string // lower-case
	State State  // Settling or Settled
	Since time.Time
	// Receipt: settling, the would-be receipt (no Tx, ID, URL or
	// settlement time); settled, the receipt.
	Receipt Receipt
}

// payerOf is the payer a channel's config names, lower-case.
func payerOf(c *Channel) string {
	var config struct {
		Payer string `json:"payer"`
	}
	if json.Unmarshal(c.Config, &config) != nil {
		return ""
	}
	return strings.ToLower(config.Payer)
}
