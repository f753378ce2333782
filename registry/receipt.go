package registry

// ReceiptVersion is the schema string every receipt carries.
const ReceiptVersion = "svc.receipt.v1"

// receiptField is one field of a receipt as the OpenAPI document states it;
// the receipt schema document served at PathReceiptSchema explains each.
type receiptField struct {
	Name    string
	Type    string // JSON Schema type
	Format  string // JSON Schema format, if any
	Meaning string
	Batch   bool // present only on receipts of batch-settlement calls
}

var receiptFields = []receiptField{
	{"schema", "string", "", `always "` + ReceiptVersion + `"`, false},
	{"receipt_id", "string", "", "rcpt_ and 32 hex digits, derived from network, payer and nonce; identifies the payment before and after settlement", false},
	{"tx", "string", "", "the settlement transaction hash; the receipt is served at /receipt/{tx}. Empty for a call paid by a batch-settlement voucher, which is claimed on chain later with others", false},
	{"network", "string", "", "CAIP-2 network id", false},
	{"asset", "string", "", "the token contract", false},
	{"payer", "string", "", "the buyer's address (authorization.from), checksummed", false},
	{"pay_to", "string", "", "the seller's address, checksummed", false},
	{"amount_atomic", "string", "", "the amount in the token's atomic units (USDC: 6 decimals), a decimal integer", false},
	{"amount_usd", "string", "", "the same amount in dollars, at least two decimals", false},
	{"tool", "string", "", "the tool's name", false},
	{"endpoint", "string", "uri", "the absolute address of the paid route", false},
	{"request_sha256", "string", "", "hex SHA-256 of the request body exactly as received", false},
	{"response_sha256", "string", "", "hex SHA-256 of the 200 body as sent; for receipt-backed routes, of the body without buyer and svc_receipt", false},
	{"settled_at", "string", "date-time", "RFC 3339 UTC time the settlement was confirmed", false},
	{"receipt_url", "string", "uri", "where this receipt is served; for a batch-settlement call, the channel's account", false},
	{"channel_id", "string", "", "batch-settlement calls only: the payment channel the voucher drew on", true},
	{"charged_cumulative_atomic", "string", "", "batch-settlement calls only: the channel's charged total including this call, in atomic units", true},
}

func receiptSchema() map[string]any {
	props := make(object, 0, len(receiptFields))
	required := make([]string, 0, len(receiptFields))
	for _, f := range receiptFields {
		s := map[string]any{"type": f.Type, "description": f.Meaning}
		if f.Format != "" {
			s["format"] = f.Format
		}
		if f.Name == "schema" {
			s["const"] = ReceiptVersion
		}
		props = append(props, field{f.Name, s})
		if !f.Batch {
			required = append(required, f.Name)
		}
	}
	return map[string]any{
		"type":        "object",
		"description": "A settled payment, served at /receipt/{tx}; see " + PathReceiptSchema + ".",
		"required":    required,
		"properties":  props,
	}
}
