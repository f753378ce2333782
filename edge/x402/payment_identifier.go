package x402

import (
	"encoding/json"
	"fmt"
)

// PaymentIdentifier is the extension by which a buyer names a payment with
// an id of its own, to retry it safely: a retry with the same id and
// request gets the answer already paid for instead of paying again.
const PaymentIdentifier = "payment-identifier"

// paymentIdentifier is the extension as a 402 advertises it.
func paymentIdentifier(required bool) map[string]any {
	return map[string]any{
		"info": map[string]any{"required": required},
		"schema": map[string]any{
			"$schema": "https://json-schema.org/draft/2020-12/schema",
			"type":    "object",
			"properties": map[string]any{
				"required": map[string]any{"type": "boolean"},
				"id":       map[string]any{"type": "string", "minLength": 16, "maxLength": 128},
			},
			"required": []string{"required"},
		},
	}
}

// AdvertisePaymentIdentifier adds the payment-identifier extension to the
// terms' 402, saying whether an id is required. Call it once, while the
// terms are built.
func (t *Terms) AdvertisePaymentIdentifier(required bool) error {
	var ext map[string]any
	if err := json.Unmarshal(t.Required.Extensions, &ext); err != nil {
		return fmt.Errorf("tool %s: %w", t.Offer.Name, err)
	}
	ext[PaymentIdentifier] = paymentIdentifier(required)
	var err error
	if t.Required.Extensions, err = json.Marshal(ext); err != nil {
		return fmt.Errorf("tool %s: %w", t.Offer.Name, err)
	}
	return t.share()
}

// IdentifierExtension is the payment-identifier extension a payment
// echoes, as sent (the last, when sent twice, as encoding/json keeps it);
// nil when it carries none, as a v1 payment never does. The one-pass
// decoder picked it out already when it read the payment.
func (p *Payment) IdentifierExtension() json.RawMessage {
	if p.V2 == nil || p.V2.Extensions == nil {
		return nil
	}
	if at := p.scan.identifier; p.scan.known {
		if at[1] == 0 {
			return nil
		}
		return p.V2.Extensions[at[0]:at[1]:at[1]]
	}
	var ext map[string]json.RawMessage
	if json.Unmarshal(p.V2.Extensions, &ext) != nil {
		return nil // decoding checked it is an object
	}
	return ext[PaymentIdentifier]
}
