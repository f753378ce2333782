package registry

func str(description string) map[string]any {
	return map[string]any{"type": "string", "description": description}
}

func sharedSchemas() object {
	requirementsV2 := map[string]any{
		"type":     "object",
		"required": []string{"scheme", "network", "amount", "asset", "payTo", "maxTimeoutSeconds"},
		"properties": object{
			{"scheme", map[string]any{"type": "string", "const": Scheme}},
			{"network", str("CAIP-2 chain identifier")},
			{"amount", str("price in atomic units of the asset, a decimal integer string")},
			{"asset", str("token contract address")},
			{"payTo", str("seller wallet")},
			{"maxTimeoutSeconds", map[string]any{"type": "integer"}},
			{"extra", map[string]any{"type": "object", "description": "EIP-712 domain name and version of the asset"}},
		},
	}
	requirementsV1 := map[string]any{
		"type":     "object",
		"required": []string{"scheme", "network", "maxAmountRequired", "resource", "payTo", "asset"},
		"properties": object{
			{"scheme", map[string]any{"type": "string", "const": Scheme}},
			{"network", str("x402 v1 network name")},
			{"maxAmountRequired", str("price in atomic units, a decimal integer string")},
			{"resource", str("address of the paid route")},
			{"description", map[string]any{"type": "string"}},
			{"mimeType", map[string]any{"type": "string"}},
			{"payTo", map[string]any{"type": "string"}},
			{"maxTimeoutSeconds", map[string]any{"type": "integer"}},
			{"asset", map[string]any{"type": "string"}},
			{"extra", map[string]any{"type": "object"}},
		},
	}
	return object{
		{"Error", map[string]any{
			"type":     "object",
			"required": []string{"error"},
			"properties": object{{"error", map[string]any{
				"type":     "object",
				"required": []string{"code", "message"},
				"properties": object{
					{"code", map[string]any{"type": "string", "enum": ErrorCodes()}},
					{"message", str("what went wrong, for people")},
					{"reason", str("the x402 reason of a malformed payment (payment_invalid) or a refused sign-in-with-x proof (sign_in_required)")},
					{"fields", map[string]any{"type": "array", "items": ref("schemas", "FieldError"),
						"description": "every bad request field at once (invalid_params); the body (invalid_json); the path, tool or skill that names nothing"}},
				},
			}}},
		}},
		{"FieldError", map[string]any{
			"type":     "object",
			"required": []string{"name", "problem"},
			"properties": object{{"name", str("the request field")}, {"problem", str("what is wrong with it")},
				{"did_you_mean", str("the known name closest to a misspelt one, to send instead")}},
		}},
		{"PaymentRequirements", requirementsV2},
		{"PaymentRequired", map[string]any{
			"type":        "object",
			"description": "x402 v2 terms; sent base64-encoded in the PAYMENT-REQUIRED header.",
			"required":    []string{"x402Version", "accepts"},
			"properties": object{
				{"x402Version", map[string]any{"type": "integer", "const": 2}},
				{"error", map[string]any{"type": "string"}},
				{"resource", map[string]any{"type": "object", "properties": object{
					{"url", map[string]any{"type": "string"}},
					{"description", map[string]any{"type": "string"}},
					{"mimeType", map[string]any{"type": "string"}},
				}}},
				{"accepts", map[string]any{"type": "array", "items": ref("schemas", "PaymentRequirements")}},
				{"extensions", map[string]any{"type": "object"}},
			},
		}},
		{"PaymentRequirementsV1", requirementsV1},
		{"PaymentRequiredV1", map[string]any{
			"type":        "object",
			"description": "x402 v1 terms, the body of a 402.",
			"required":    []string{"x402Version", "error", "accepts"},
			"properties": object{
				{"x402Version", map[string]any{"type": "integer", "const": 1}},
				{"error", map[string]any{"type": "string", "description": "What went wrong, in words."}},
				{"code", map[string]any{"type": "string", "enum": ErrorCodes()}},
				{"reason", map[string]any{"type": "string", "description": "The x402 reason of a refused payment."}},
				{"accepts", map[string]any{"type": "array", "items": ref("schemas", "PaymentRequirementsV1")}},
			},
		}},
	}
}

func errorResponse(description string, headers map[string]any) map[string]any {
	r := map[string]any{
		"description": description,
		"content":     map[string]any{"application/json": map[string]any{"schema": ref("schemas", "Error")}},
	}
	if headers != nil {
		r["headers"] = headers
	}
	return r
}

func sharedResponses() map[string]any {
	return map[string]any{
		"InvalidRequest": errorResponse("The body is not a JSON object (invalid_json) or fields are wrong "+
			"(invalid_params, listing every bad field), checked before payment: it costs nothing; or the payment "+
			"header does not read (payment_invalid with its reason; the terms are then in PAYMENT-REQUIRED).", nil),
		"PaymentRequired": map[string]any{
			"description": "Payment required (payment_required), or the payment was refused: payment_invalid, " +
				"payment_replayed, settlement_failed. The v2 terms are in the PAYMENT-REQUIRED header, the v1 terms in the body.",
			"headers": map[string]any{"PAYMENT-REQUIRED": ref("headers", "PaymentRequired")},
			"content": map[string]any{"application/json": map[string]any{"schema": ref("schemas", "PaymentRequiredV1")}},
		},
		"NotFound":         errorResponse("The upstream has no such item (not_found). Nothing is charged.", nil),
		"MethodNotAllowed": errorResponse("The address takes GET or HEAD (method_not_allowed).", nil),
		"BodyTooLarge":     errorResponse("The body is over 64 KiB (body_too_large).", nil),
		"UpstreamError":    errorResponse("The upstream answered with an error (upstream_error). Nothing is charged.", nil),
		"UpstreamTimeout":  errorResponse("The upstream did not answer in time (upstream_timeout). Nothing is charged.", nil),
		"Unavailable": errorResponse("The tool cannot be sold now (tool_unavailable: not configured or its upstream's circuit is open; "+
			"upstream_unavailable). Answered before any payment is asked for.",
			map[string]any{"Retry-After": ref("headers", "RetryAfter")}),
	}
}

func sharedHeaders() map[string]any {
	return map[string]any{
		"PaymentRequired": map[string]any{
			"description": "base64 of the x402 v2 PaymentRequired JSON (see the PaymentRequired schema).",
			"required":    true,
			"schema": map[string]any{"type": "string", "contentEncoding": "base64", "contentMediaType": "application/json",
				"contentSchema": ref("schemas", "PaymentRequired")},
		},
		"PaymentResponse": map[string]any{
			"description": "base64 of the x402 v2 settlement response: success, transaction, network, payer.",
			"schema":      map[string]any{"type": "string", "contentEncoding": "base64"},
		},
		"RetryAfter": map[string]any{
			"description": "seconds to wait before trying again",
			"schema":      map[string]any{"type": "integer", "minimum": 1},
		},
	}
}
