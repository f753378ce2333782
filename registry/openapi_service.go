package registry

import "reflect"

// serviceTag groups the free addresses: discovery, receipts, probes and MCP.
const serviceTag = "Service"

func jsonContent(schema any) map[string]any {
	return map[string]any{"application/json": map[string]any{"schema": schema}}
}

func okResponse(description string, schema any) map[string]any {
	return map[string]any{"description": description, "content": jsonContent(schema)}
}

func queryParam(name, description string, required bool, schema map[string]any) map[string]any {
	return map[string]any{"name": name, "in": "query", "required": required, "description": description, "schema": schema}
}

// freeGet is a GET that costs nothing.
func freeGet(id, summary, description string, params []map[string]any, responses map[string]any) map[string]any {
	responses["405"] = ref("responses", "MethodNotAllowed")
	op := map[string]any{
		"operationId": id, "summary": summary, "description": description,
		"tags": []string{serviceTag}, "security": []map[string]any{}, "responses": responses,
	}
	if len(params) > 0 {
		op["parameters"] = params
	}
	return map[string]any{"get": op}
}

// servicePaths are the free addresses of the service, in the order the
// navigation lists them.
func servicePaths() object {
	statusSchema := map[string]any{"type": "object", "required": []string{"status"}, "properties": object{
		{"status", map[string]any{"type": "string"}},
		{"why", str("what is not ready yet (503 only)")},
	}}
	invalid := ref("responses", "InvalidRequest")
	rpc := map[string]any{"type": "object", "required": []string{"jsonrpc"}, "properties": object{
		{"jsonrpc", map[string]any{"type": "string", "const": "2.0"}},
		{"id", map[string]any{"type": []string{"string", "integer", "null"}}},
		{"result", map[string]any{"type": "object"}},
		{"error", map[string]any{"type": "object"}},
	}}
	return object{
		{PathInfo, freeGet("service_info", "Service and catalog",
			"The service, its payment terms and every tool with its price, input hints and example.", nil,
			map[string]any{"200": okResponse("The service document.", TypeSchema(reflect.TypeFor[info]()))})},
		{PathQuote, freeGet("quote", "Quote one tool",
			"A tool's price, endpoint, buyer contract and the approval prompt to show before paying.",
			[]map[string]any{queryParam("tool", "the tool's name", true, map[string]any{"type": "string"})},
			map[string]any{
				"200": okResponse("The quote.", TypeSchema(reflect.TypeFor[quote]())),
				"400": invalid,
				"404": ref("responses", "NotFound"),
			})},
		{PathRouteFinder, freeGet("find_route", "Find the tool for a task",
			"Ranks every tool for a plain-words query, best first; an empty query lists the whole catalog.",
			[]map[string]any{queryParam("q", "what the buyer wants, in words", false, map[string]any{"type": "string", "maxLength": 200})},
			map[string]any{"200": okResponse("Matching tools with their scores.", TypeSchema(reflect.TypeFor[findResult]())), "400": invalid})},
		{PathCatalogSearch, freeGet("search_x402_catalog", "Search the public x402 catalog",
			"Relays a keyword search of the public x402 catalog (CDP Bazaar), free of charge.",
			[]map[string]any{
				queryParam("query", "keywords", false, map[string]any{"type": "string"}),
				queryParam("limit", "results, 1-100", false, map[string]any{"type": "integer", "minimum": 1, "maximum": 100, "default": 10}),
			},
			map[string]any{
				"200": okResponse("The catalog's resources in the envelope of the paid routes.", map[string]any{
					"type": "object", "required": []string{"success", "data", "cached", "meta"},
					"properties": object{
						{"success", map[string]any{"type": "boolean"}},
						{"data", map[string]any{"type": "object", "description": "the catalog's answer: its resources and pagination"}},
						{"cached", map[string]any{"type": "boolean"}},
						{"meta", metaSchema()},
					},
				}),
				"400": invalid,
				"502": ref("responses", "UpstreamError"),
				"503": ref("responses", "Unavailable"),
			})},
		{PathReceipt + "{tx}", freeGet("receipt", "A payment's receipt",
			"The receipt of a settled payment, by its transaction hash.",
			[]map[string]any{{"name": "tx", "in": "path", "required": true, "description": "settlement transaction hash",
				"schema": map[string]any{"type": "string", "pattern": "^0x[0-9a-fA-F]{64}$"}}},
			map[string]any{"200": okResponse("The receipt.", receiptSchema()), "404": ref("responses", "NotFound")})},
		{PathPayments, freeGet("payer_payments", "A wallet's payments and channels",
			"With sign-in-with-x on: the recent payments (newest first) and batch-settlement channels of the wallet "+
				"whose SIGN-IN-WITH-X proof the request carries, signed over a challenge this address handed out (its 401), "+
				"each challenge once. Another wallet's proof reads that wallet's own.",
			[]map[string]any{{"name": "SIGN-IN-WITH-X", "in": "header", "required": false,
				"description": "base64 of the sign-in-with-x proof (CAIP-122, EIP-4361 message) over this address's challenge",
				"schema":      map[string]any{"type": "string", "contentEncoding": "base64"}}},
			map[string]any{
				"200": okResponse("The wallet's payments and channels.", TypeSchema(reflect.TypeFor[PayerStatus]())),
				"401": map[string]any{
					"description": "No proof (sign_in_required), or one refused (its reason, an x402 invalid_siwx_* one): " +
						"extensions[\"sign-in-with-x\"] is a new challenge for this address, to sign.",
					"headers": map[string]any{"WWW-Authenticate": map[string]any{"required": true,
						"schema": map[string]any{"type": "string"}, "description": `SIWX realm="<base_url host>"`}},
					"content": jsonContent(map[string]any{"allOf": []any{ref("schemas", "Error"), map[string]any{
						"type": "object", "required": []string{"extensions"},
						"properties": object{{"extensions", map[string]any{
							"type": "object", "required": []string{"sign-in-with-x"},
							"properties": object{{"sign-in-with-x", map[string]any{"type": "object",
								"description": "the x402 sign-in-with-x extension, as a 402 carries it: info, supportedChains, schema"}}},
						}}},
					}}}),
				},
				"404": errorResponse("Sign-in-with-x is off on this service (not_found).", nil),
			})},
		{PathHealth, freeGet("healthz", "Liveness", "Answers while the process serves.", nil,
			map[string]any{"200": okResponse("Alive.", statusSchema)})},
		{PathReady, freeGet("readyz", "Readiness", "Answers 200 once the service can sell, 503 with the reason before.", nil,
			map[string]any{"200": okResponse("Ready.", statusSchema), "503": okResponse("Not ready.", statusSchema)})},
		{PathMCP, map[string]any{"post": map[string]any{
			"operationId": "mcp", "summary": "MCP (streamable HTTP)",
			"description": "The Model Context Protocol server: tools/list lists every tool with its input and output schema; " +
				"tools/call runs one, paid with x402 through _meta[\"x402/payment\"].",
			"tags": []string{serviceTag}, "security": []map[string]any{},
			"requestBody": map[string]any{"required": true, "content": jsonContent(map[string]any{
				"type": "object", "required": []string{"jsonrpc", "method"},
				"properties": object{
					{"jsonrpc", map[string]any{"type": "string", "const": "2.0"}},
					{"id", map[string]any{"type": []string{"string", "integer"}}},
					{"method", map[string]any{"type": "string", "examples": []string{"initialize", "tools/list", "tools/call"}}},
					{"params", map[string]any{"type": "object"}},
				},
			})},
			"responses": map[string]any{"400": okResponse("Not a JSON-RPC request: a JSON-RPC error.", rpc), "200": okResponse("A JSON-RPC 2.0 response.", rpc)},
		}}},
	}
}
