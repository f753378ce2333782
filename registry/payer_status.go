package registry

import "time"

// PayerStatus is what a wallet that signs in (sign-in-with-x) reads at
// PathPayments: its recent payments and its batch-settlement channels, as
// the ledger records them. Amounts are atomic units.
type PayerStatus struct {
	Payer string `json:"payer"` // EIP-55
	// Since is the start of the window listed: ledger.answers_hours ago.
	Since    time.Time      `json:"since"`
	Payments []PayerPayment `json:"payments"` // newest first, at most PayerListMax
	Channels []PayerChannel `json:"channels"` // by id, at most PayerListMax
}

// PayerListMax bounds each list of a PayerStatus.
const PayerListMax = 100

// PayerPayment is one exact (or deposit) payment: settling (pending) or
// settled. A call still running is not listed until it settles; one whose
// settlement failed charged nothing and is not kept.
type PayerPayment struct {
	Tool         string    `json:"tool"`
	Nonce        string    `json:"nonce"`
	State        string    `json:"state"` // pending or settled, as at StatusURL
	AmountAtomic string    `json:"amount_atomic"`
	AmountUSD    string    `json:"amount_usd"`
	Network      string    `json:"network"`
	Asset        string    `json:"asset"`
	Since        time.Time `json:"since"` // when it entered its state: the settlement time once settled
	Tx           string    `json:"tx,omitempty"`
	ReceiptURL   string    `json:"receipt_url,omitempty"`
	StatusURL    string    `json:"status_url"`
}

// PayerChannel is one batch-settlement channel the wallet pays from.
type PayerChannel struct {
	ChannelID string `json:"channel_id"`
	// State: open, refunding (a refund is being settled), withdrawing (the
	// buyer began a timed withdrawal), quarantined (its claim reverted) or
	// deposit_pending (a deposit's settlement is in doubt).
	State             string    `json:"state"`
	Network           string    `json:"network,omitempty"` // of its latest call's settlement
	ChargedCumulative string    `json:"charged_cumulative_atomic"`
	SignedMax         string    `json:"signed_max_atomic"`
	Balance           string    `json:"balance_atomic"` // on chain, as last read
	TotalClaimed      string    `json:"claimed_atomic"`
	SyncedAt          time.Time `json:"synced_at"`
	LastTool          string    `json:"last_tool,omitempty"` // its latest call's
	StatusURL         string    `json:"status_url"`
}
