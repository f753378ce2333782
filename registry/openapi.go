package registry

import (
	"strconv"
	"strings"
)

func ref(kind, name string) map[string]any {
	return map[string]any{"$ref": "#/components/" + kind + "/" + name}
}

// buildOpenAPI describes the whole HTTP service: every paid route (POST runs
// the tool) and the free addresses. MCP-only tools have no route; /mcp sells them.
func buildOpenAPI(s Site, tools []*Tool, answers map[*Tool]*Sample) map[string]any {
	schemas := sharedSchemas()
	paths := object{}
	var tags []map[string]any
	seen := map[string]bool{}
	for _, t := range tools {
		if !t.Paid() {
			continue
		}
		schemas = append(schemas, field{inputSchemaName(t), InputSchema(t)}, field{t.Name + "_output", OutputSchema(t)})
		paths = append(paths, field{t.Path, pathItem(s, t, answers[t])})
		if !seen[t.Category] {
			seen[t.Category] = true
			tags = append(tags, map[string]any{"name": t.Category, "description": "Tools in the " + t.Category + " category."})
		}
	}
	tags = append(tags, map[string]any{"name": serviceTag, "description": "Free addresses: discovery, quotes, receipts, probes and MCP."})
	paths = append(paths, servicePaths()...)
	mode := "Payments settle on " + s.NetworkName + " (" + s.Network + ")."
	if s.Sandbox {
		mode = "This instance is a sandbox: payments settle on an in-process test chain (" + s.Network + ") and move no real money."
	}
	return map[string]any{
		"openapi":           "3.1.0",
		"jsonSchemaDialect": JSONSchemaDialect,
		"info": map[string]any{
			"title":   s.Service,
			"version": s.Version,
			"description": Description + "\n\nEvery paid route runs on POST with a JSON object body. A call without payment answers " +
				"402 with the terms in the PAYMENT-REQUIRED header (x402 v2) and a v1 body; pay the exact price in " +
				AssetName + " and retry with PAYMENT-SIGNATURE. A GET on a paid route answers the same 402 terms without running the tool. " +
				"Input is checked before payment is asked for: a bad field is a 400 that costs nothing. " + mode,
		},
		"servers":  []map[string]any{{"url": strings.TrimRight(s.BaseURL, "/")}},
		"tags":     tags,
		"security": []map[string]any{{"x402": []string{}}},
		"paths":    paths,
		"components": map[string]any{
			"securitySchemes": map[string]any{"x402": map[string]any{
				"type": "apiKey", "in": "header", "name": "PAYMENT-SIGNATURE",
				"description": "x402 v2 payment: base64 of a PaymentPayload authorizing the route's exact price " +
					"(scheme exact, network " + s.Network + ", asset " + s.AssetContract + ", payTo " + s.PayTo + "). " +
					"x402 v1 buyers send X-PAYMENT instead.",
			}},
			"schemas":   schemas,
			"responses": sharedResponses(),
			"headers":   sharedHeaders(),
		},
	}
}

func inputSchemaName(t *Tool) string { return t.Name + "_input" }

// pathItem is a paid route. Its GET, which answers the same 402 terms
// without running the tool, is said in words rather than listed as a second
// operation, so the navigation lists each tool once. The 200 example is the
// tool's sample answer, when it has one.
func pathItem(s Site, t *Tool, sample *Sample) map[string]any {
	body := map[string]any{
		"required": t.BodyRequired,
		"content": map[string]any{"application/json": map[string]any{
			"schema":  ref("schemas", inputSchemaName(t)),
			"example": example(t),
		}},
	}
	if !t.BodyRequired {
		body["description"] = "Optional: an absent body is read as {}."
	}
	answer := map[string]any{"schema": ref("schemas", t.Name+"_output")}
	expected := t.Expected
	if sample != nil {
		answer["example"] = sample.Body
		expected += "\n\nThe example is a sample answer"
		if sample.Cut != "" {
			expected += ", " + sample.Cut
		}
		expected += "."
	}
	description := t.Description + "\n\nPrice: " + t.Price + " USD per call, paid in " + AssetName + " over x402. " +
		"A GET on " + t.Path + " answers these 402 terms without reading a body or running the tool."
	post := map[string]any{
		"operationId": t.Name,
		"summary":     t.Name + " (" + t.Price + " USD)",
		"description": description,
		"tags":        []string{t.Category},
		"x-price-usd": t.Price,
		"x-payment-info": map[string]any{
			"protocol": "x402", "x402Version": 2, "schemes": s.PayNetworks()[0].schemesFor(t), "price": t.Price, "currency": "USD",
			"amount": strconv.FormatInt(t.PriceAtomic(), 10), "network": s.Network, "asset": s.AssetContract, "payTo": s.PayTo,
			"resource": s.Endpoint(t), "accepts": s.accepts(t),
		},
		"requestBody": body,
		"responses": map[string]any{
			"200": map[string]any{
				"description": expected,
				"headers":     map[string]any{"PAYMENT-RESPONSE": ref("headers", "PaymentResponse")},
				"content":     map[string]any{"application/json": answer},
			},
			"400": ref("responses", "InvalidRequest"),
			"402": ref("responses", "PaymentRequired"),
			"404": ref("responses", "NotFound"),
			"413": ref("responses", "BodyTooLarge"),
			"502": ref("responses", "UpstreamError"),
			"503": ref("responses", "Unavailable"),
			"504": ref("responses", "UpstreamTimeout"),
		},
	}
	if u := t.upto(); u != nil {
		post["description"] = description + "\n\n" + t.UptoNote()
		post["x-upto"] = u
	}
	return map[string]any{"post": post}
}
