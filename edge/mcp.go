package edge

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/coinslot/coinslot/config"
	"github.com/coinslot/coinslot/lexical"
	"github.com/coinslot/coinslot/registry"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/valyala/fasthttp"
	"github.com/valyala/fasthttp/fasthttpadaptor"
)

// mcpProtocolVersions are the MCP revisions /mcp negotiates, newest first.
// 2025-03-26 stays so that a request without MCP-Protocol-Version, which
// the transport takes to be 2025-03-26, is still served.
var mcpProtocolVersions = []string{"2025-11-25", "2025-06-18", "2025-03-26"}

// mcpInstructions tell an agent how a call is paid.
const mcpInstructions = "Every tool is paid per call in USDC with x402. Call a tool without payment to get its terms: " +
	"an isError result whose structuredContent is the x402 v2 PaymentRequired document. Repeat the call with " +
	`params._meta["x402/payment"] set to a signed PaymentPayload for one of its accepts entries. A served call carries ` +
	`_meta["x402/payment-response"] with the settlement; its receipt is at /receipt/{transaction}. ` +
	"Arguments are checked before payment is asked for, and a tool that fails is not charged."

// buildMCP builds /mcp for cfg: the official SDK's Streamable HTTP handler,
// stateless with JSON responses, mounted on fasthttp.
func (s *Server) buildMCP(cfg *config.Config) (fasthttp.RequestHandler, error) {
	srv := mcp.NewServer(&mcp.Implementation{Name: "coinslot", Title: "coinslot", Version: Version}, &mcp.ServerOptions{
		Instructions:              mcpInstructions,
		Capabilities:              &mcp.ServerCapabilities{Tools: &mcp.ToolCapabilities{}},
		SupportedProtocolVersions: mcpProtocolVersions,
	})
	for _, t := range registry.All() {
		srv.AddTool(s.mcpTool(t), s.mcpCall(t))
	}
	handler := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv },
		&mcp.StreamableHTTPOptions{Stateless: true, JSONResponse: true})
	// A browser page from another origin must not drive /mcp (the
	// transport's Origin rule); the service's own origin may.
	u, err := url.Parse(cfg.BaseURL)
	if err != nil {
		return nil, fmt.Errorf("mcp: base URL: %w", err)
	}
	origins := http.NewCrossOriginProtection()
	if err := origins.AddTrustedOrigin(u.Scheme + "://" + u.Host); err != nil {
		return nil, fmt.Errorf("mcp: %w", err)
	}
	adapted := fasthttpadaptor.NewFastHTTPHandler(origins.Handler(handler))
	return func(ctx *fasthttp.RequestCtx) {
		if ctx.IsPost() && !s.screenRPC(ctx) {
			return
		}
		// The SDK refuses a loopback connection that names a foreign Host
		// (DNS rebinding), reading the local address from the request
		// context, which the adaptor makes of the fasthttp user values.
		ctx.SetUserValue(http.LocalAddrContextKey, ctx.LocalAddr())
		adapted(ctx)
		// A result may be a paid answer, the buyer's alone; the SDK's
		// "no-cache" would still let a shared cache store it.
		ctx.Response.Header.Set("Cache-Control", "private, no-store")
		// The transport refuses some requests (a wrong Accept or method, a
		// foreign origin) in plain text; JSON-RPC clients read JSON.
		if status := ctx.Response.StatusCode(); status >= 400 && !bytes.HasPrefix(ctx.Response.Header.ContentType(), []byte("application/json")) {
			writeRPCError(ctx, status, nil, -32600, "Invalid Request: "+strings.TrimSpace(string(ctx.Response.Body())))
		}
	}, nil
}

// mcpMethods are the requests /mcp serves: a tools-only server.
var mcpMethods = map[string]bool{"initialize": true, "ping": true, "tools/list": true, "tools/call": true}

// mcpNotifications are the client notifications the SDK reads.
var mcpNotifications = map[string]bool{"notifications/initialized": true, "notifications/cancelled": true,
	"notifications/progress": true, "notifications/roots/list_changed": true}

// plainID says whether a request id is one the SDK keeps exactly: a string,
// null, or an integer that fits 64 bits (it would round any other number).
func plainID(id json.RawMessage) bool {
	if id[0] == '"' || string(id) == "null" {
		return true
	}
	_, err := strconv.ParseInt(string(id), 10, 64)
	return err == nil
}

// screenRPC answers, before the SDK decodes anything, what the SDK would
// refuse with a plain-text 400 (a body that is not JSON: -32700, null id; a
// method this server does not have: -32601; a notification it does not
// read, which is accepted) or get wrong (an id it would round: -32600), and
// a paid tools/call from an address over its paid-call rate, as cheaply as
// a paid route refuses it: a flood over /mcp is not worth more to its sender
// than one over HTTP. It reports whether the SDK should serve the body.
func (s *Server) screenRPC(ctx *fasthttp.RequestCtx) bool {
	body := ctx.PostBody()
	if !json.Valid(body) {
		writeRPCError(ctx, fasthttp.StatusBadRequest, nil, -32700, "Parse error: the body is not valid JSON: "+syntaxError(body))
		return false
	}
	var call struct {
		ID     json.RawMessage `json:"id"`
		Method *string         `json:"method"`
		Params json.RawMessage `json:"params"`
	}
	switch {
	case json.Unmarshal(body, &call) != nil || call.Method == nil:
		return true // a batch or a response
	case call.ID == nil && !mcpNotifications[*call.Method]:
		ctx.SetStatusCode(fasthttp.StatusAccepted) // a notification nobody here reads is still accepted
		return false
	case call.ID == nil:
		return true
	case !plainID(call.ID):
		writeRPCError(ctx, fasthttp.StatusOK, call.ID, -32600, "Invalid Request: id must be a string or an integer of at most 64 bits")
		return false
	}
	if !mcpMethods[*call.Method] {
		writeRPCError(ctx, fasthttp.StatusOK, call.ID, -32601, "Method not found: "+*call.Method)
		return false
	}
	var paid struct {
		Name string                     `json:"name"`
		Meta map[string]json.RawMessage `json:"_meta"`
	}
	if *call.Method != "tools/call" || json.Unmarshal(call.Params, &paid) != nil {
		return true
	}
	t, known := registry.Lookup(paid.Name)
	if !known {
		writeRPCError(ctx, fasthttp.StatusOK, call.ID, -32602, fmt.Sprintf("unknown tool %q%s", paid.Name, lexical.Suggest(paid.Name, registry.Names())))
		return false
	}
	if paid.Meta[mcpPaymentKey] == nil {
		return true
	}
	f := s.guard.address(ctx.RemoteIP())
	if f == nil {
		return true
	}
	accessOf(ctx).sold(t.Name, nil, &sale{failure: f})
	setRetryAfter(ctx, f.retryAfter)
	b, _ := json.Marshal(rpcResult{JSONRPC: "2.0", ID: call.ID, Result: errorResult(f)}) // the SDK's own result type
	writeJSON(ctx, fasthttp.StatusOK, b)
	return false
}

// rpcResult is a JSON-RPC response carrying a tool's result.
type rpcResult struct {
	JSONRPC string              `json:"jsonrpc"`
	ID      json.RawMessage     `json:"id"`
	Result  *mcp.CallToolResult `json:"result"`
}

type rpcError struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Error   struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

// writeRPCError answers with a JSON-RPC error; a nil id is written null.
func writeRPCError(ctx *fasthttp.RequestCtx, status int, id json.RawMessage, code int, message string) {
	e := rpcError{JSONRPC: "2.0", ID: id}
	if e.ID == nil {
		e.ID = json.RawMessage("null")
	}
	e.Error.Code, e.Error.Message = code, message
	b, _ := json.Marshal(e)
	writeJSON(ctx, status, b)
}

// The _meta keys of the x402 MCP transport.
const (
	mcpPaymentKey         = "x402/payment"
	mcpPaymentResponseKey = "x402/payment-response"
)

// mcpTool is a tool as tools/list shows it. Its outputSchema admits the
// payment-required and error results too: the TypeScript client checks
// structuredContent against it even on an isError result.
func (s *Server) mcpTool(t *registry.Tool) *mcp.Tool {
	openWorld, destructive := len(t.Sources) > 0, false
	return &mcp.Tool{
		Name: t.Name,
		Description: fmt.Sprintf("%s Price: %s USD per call in USDC on %s, paid with x402: a call without payment answers with the terms; "+
			`repeat it with _meta["%s"] to pay.`, t.Description, t.Price, s.networkNames(), mcpPaymentKey),
		InputSchema:  registry.InputSchema(t),
		OutputSchema: registry.MCPOutputSchema(t),
		Annotations:  &mcp.ToolAnnotations{ReadOnlyHint: true, DestructiveHint: &destructive, OpenWorldHint: &openWorld},
		Meta:         mcp.Meta{"x402/price_usd": t.Price},
	}
}

func (s *Server) mcpCall(t *registry.Tool) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return s.callTool(accessFrom(ctx), t, req.Params), nil
	}
}
