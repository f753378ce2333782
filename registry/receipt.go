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
}

var receiptFields = []receiptField{
	{"schema", "string", "", `always "` + ReceiptVersion + `"`},
	{"receipt_id", "string", "", "rcpt_ and 32 hex digits, derived from network, payer and nonce; identifies the payment before and after settlement"},
	{"tx", "string", "", "the settlement transaction hash; the receipt is served at /receipt/{tx}"},
	{"network", "string", "", "CAIP-2 network id"},
	{"asset", "string", "", "the token contract"},
	{"payer", "string", "", "the buyer's address (authorization.from), checksummed"},
	{"pay_to", "string", "", "the seller's address, checksummed"},
	{"amount_atomic", "string", "", "the amount in the token's atomic units (USDC: 6 decimals), a decimal integer"},
	{"amount_usd", "string", "", "the same amount in dollars, at least two decimals"},
	{"tool", "string", "", "the tool's name"},
	{"endpoint", "string", "uri", "the absolute address of the paid route"},
	{"request_sha256", "string", "", "hex SHA-256 of the request body exactly as received"},
	{"response_sha256", "string", "", "hex SHA-256 of the 200 body as sent; for receipt-backed routes, of the body without buyer and svc_receipt"},
	{"settled_at", "string", "date-time", "RFC 3339 UTC time the settlement was confirmed"},
	{"receipt_url", "string", "uri", "where this receipt is served"},
}

func receiptSchema() map[string]any {
	props := make(object, 0, len(receiptFields))
	required := make([]string, len(receiptFields))
	for i, f := range receiptFields {
		s := map[string]any{"type": f.Type, "description": f.Meaning}
		if f.Format != "" {
			s["format"] = f.Format
		}
		if f.Name == "schema" {
			s["const"] = ReceiptVersion
		}
		props = append(props, field{f.Name, s})
		required[i] = f.Name
	}
	return map[string]any{
		"type":        "object",
		"description": "A settled payment, served at /receipt/{tx}; see " + PathReceiptSchema + ".",
		"required":    required,
		"properties":  props,
	}
}
