package edge

import (
	"encoding/json"
	"net"
	"slices"
	"strings"
	"testing"

	"github.com/coinslot/coinslot/registry"
	"github.com/valyala/fasthttp"
)

// mcpHeaders are what a 2025-11-25 client sends after initialize.
var mcpHeaders = map[string]string{"Accept": "application/json, text/event-stream", "MCP-Protocol-Version": "2025-11-25"}

// post sends one body to /mcp with mcpHeaders changed by change (an empty
// value removes a header).
func (h *harness) post(body string, change map[string]string) reply {
	h.t.Helper()
	hdr := map[string]string{}
	for k, v := range mcpHeaders {
		hdr[k] = v
	}
	for k, v := range change {
		if v == "" {
			delete(hdr, k)
		} else {
			hdr[k] = v
		}
	}
	return h.do("POST", "/mcp", body, hdr)
}

// rpcReply is a JSON-RPC response with a tools/call result.
type rpcReply struct {
	ID     json.RawMessage `json:"id"`
	Result *toolResult     `json:"result"`
	Error  *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

type toolResult struct {
	Content []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	} `json:"content"`
	StructuredContent json.RawMessage            `json:"structuredContent"`
	IsError           bool                       `json:"isError"`
	Meta              map[string]json.RawMessage `json:"_meta"`
}

// rpc sends a request and reads its JSON answer, which must be a 200.
func (h *harness) rpc(method string, params any) rpcReply {
	h.t.Helper()
	b, err := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 7, "method": method, "params": params})
	if err != nil {
		h.t.Fatal(err)
	}
	r := h.post(string(b), nil)
	var out rpcReply
	if r.status != 200 || r.header["CONTENT-TYPE"] != "application/json" || json.Unmarshal(r.body, &out) != nil || string(out.ID) != "7" {
		h.t.Fatalf("%s: %d %v %s", method, r.status, r.header, r.body)
	}
	return out
}

const initialize = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"%s","capabilities":{},"clientInfo":{"name":"test","version":"1"}}}`

func TestMCPInitializeNegotiatesTheVersion(t *testing.T) {
	h := newHarness(t)
	for asked, agreed := range map[string]string{"2025-11-25": "2025-11-25", "2025-06-18": "2025-06-18", "2024-11-05": "2025-11-25"} {
		r := h.post(strings.Replace(initialize, "%s", asked, 1), map[string]string{"MCP-Protocol-Version": ""})
		var got struct {
			Result struct {
				ProtocolVersion string         `json:"protocolVersion"`
				Capabilities    map[string]any `json:"capabilities"`
				ServerInfo      map[string]any `json:"serverInfo"`
				Instructions    string         `json:"instructions"`
			} `json:"result"`
		}
		if err := json.Unmarshal(r.body, &got); err != nil || r.status != 200 {
			t.Fatalf("%s: %d %s", asked, r.status, r.body)
		}
		res := got.Result
		if res.ProtocolVersion != agreed || res.ServerInfo["name"] != "coinslot" || res.ServerInfo["version"] != Version ||
			len(res.Capabilities) != 1 || res.Capabilities["tools"] == nil || res.Instructions != mcpInstructions {
			t.Errorf("%s: %+v", asked, res)
		}
		if r.header["MCP-SESSION-ID"] != "" {
			t.Errorf("a stateless server set a session: %v", r.header)
		}
	}
}

func TestMCPTransportRules(t *testing.T) {
	h := newHarness(t)
	ping := `{"jsonrpc":"2.0","id":2,"method":"ping"}`
	batch := `[{"jsonrpc":"2.0","id":5,"method":"ping"},{"jsonrpc":"2.0","id":6,"method":"ping"}]`
	for _, c := range []struct {
		name   string
		body   string
		change map[string]string
		status int
		want   string
	}{
		{"ping", ping, nil, 200, `{"jsonrpc":"2.0","id":2,"result":{}}`},
		{"ping without a version header (2025-03-26)", ping, map[string]string{"MCP-Protocol-Version": ""}, 200, `{"jsonrpc":"2.0","id":2,"result":{}}`},
		{"initialized notification", `{"jsonrpc":"2.0","method":"notifications/initialized"}`, nil, 202, ``},
		{"unknown notification", `{"jsonrpc":"2.0","method":"notifications/no_such_thing"}`, nil, 202, ``},
		{"id past int64", `{"jsonrpc":"2.0","id":123456789012345678901234567890,"method":"ping"}`, nil, 200,
			`{"jsonrpc":"2.0","id":123456789012345678901234567890,"error":{"code":-32600,"message":"Invalid Request: id must be a string or an integer of at most 64 bits"}}`},
		{"fractional id", `{"jsonrpc":"2.0","id":1.5,"method":"ping"}`, nil, 200,
			`{"jsonrpc":"2.0","id":1.5,"error":{"code":-32600,"message":"Invalid Request: id must be a string or an integer of at most 64 bits"}}`},
		{"unknown method", `{"jsonrpc":"2.0","id":"a","method":"resources/list"}`, nil, 200, `{"jsonrpc":"2.0","id":"a","error":{"code":-32601,"message":"Method not found: resources/list"}}`},
		{"stateless-era discovery", `{"jsonrpc":"2.0","id":3,"method":"server/discover"}`, nil, 200, `{"jsonrpc":"2.0","id":3,"error":{"code":-32601,"message":"Method not found: server/discover"}}`},
		{"unknown tool", `{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"no_such_tool","arguments":{}}}`, nil, 200, `{"jsonrpc":"2.0","id":4,"error":{"code":-32602,"message":"unknown tool \"no_such_tool\""}}`},
		{"misspelled tool", `{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"test_ecko","arguments":{}}}`, nil, 200, `{"jsonrpc":"2.0","id":4,"error":{"code":-32602,"message":"unknown tool \"test_ecko\"; did you mean test_echo?"}}`},
		{"malformed JSON", `{"jsonrpc":"2.0","id":5,`, nil, 400, `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error: the body is not valid JSON: unexpected end of JSON input at offset 24 (line 1, column 25)"}}`},
		{"batch in 2025-11-25", batch, nil, 400, `{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request: JSON-RPC batching is not supported in 2025-06-18 and later (request version: 2025-11-25)"}}`},
		{"batch in 2025-03-26", batch, map[string]string{"MCP-Protocol-Version": ""}, 200, `[{"jsonrpc":"2.0","id":5,"result":{}},{"jsonrpc":"2.0","id":6,"result":{}}]`},
		{"no Accept", ping, map[string]string{"Accept": ""}, 400, `{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request: Accept must contain both 'application/json' and 'text/event-stream'"}}`},
		{"Accept without event streams", ping, map[string]string{"Accept": "application/json"}, 400, `{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request: Accept must contain both 'application/json' and 'text/event-stream'"}}`},
		{"unsupported version", ping, map[string]string{"MCP-Protocol-Version": "2024-10-07"}, 400, `{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request: Bad Request: Unsupported protocol version (supported versions: 2025-11-25,2025-06-18,2025-03-26)"}}`},
		{"foreign Origin", ping, map[string]string{"Origin": "https://evil.example"}, 403, `{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request: cross-origin request detected, and/or browser is out of date: Sec-Fetch-Site is missing, and Origin does not match Host"}}`},
		{"own Origin", ping, map[string]string{"Origin": testBase}, 200, `{"jsonrpc":"2.0","id":2,"result":{}}`},
	} {
		r := h.post(c.body, c.change)
		if r.status != c.status || string(byID(r.body)) != c.want {
			t.Errorf("%s: %d %q, want %d %q", c.name, r.status, r.body, c.status, c.want)
		}
	}
	for _, method := range []string{"GET", "DELETE"} {
		if r := h.do(method, "/mcp", "", map[string]string{"Accept": "text/event-stream"}); r.status != 405 || r.header["ALLOW"] != "POST" {
			t.Errorf("%s: %d %v", method, r.status, r.header)
		}
	}
	if n := h.rt.runs.Load(); n != 0 {
		t.Fatalf("%d tool runs", n)
	}
}

// On a loopback listener a foreign Host is a DNS-rebinding attempt.
func TestMCPRefusesRebindingOnLoopback(t *testing.T) {
	h := newHarness(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go (&fasthttp.Server{Handler: h.srv.Handler}).Serve(ln)
	t.Cleanup(func() { ln.Close() })
	for host, status := range map[string]int{"evil.example": 403, ln.Addr().String(): 200, "localhost": 200} {
		req, resp := fasthttp.AcquireRequest(), fasthttp.AcquireResponse()
		req.SetRequestURI("http://" + ln.Addr().String() + "/mcp")
		req.Header.SetMethod("POST")
		req.UseHostHeader = true
		req.Header.SetHost(host)
		req.Header.SetContentType("application/json")
		for k, v := range mcpHeaders {
			req.Header.Set(k, v)
		}
		req.SetBodyString(`{"jsonrpc":"2.0","id":1,"method":"ping"}`)
		if err := fasthttp.Do(req, resp); err != nil {
			t.Fatal(err)
		}
		if resp.StatusCode() != status {
			t.Errorf("Host %s: %d %s", host, resp.StatusCode(), resp.Body())
		}
	}
}

func TestMCPListsEveryTool(t *testing.T) {
	h := newHarness(t)
	r := h.post(`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`, nil)
	var got struct {
		Result struct {
			Tools []struct {
				Name        string          `json:"name"`
				Description string          `json:"description"`
				InputSchema json.RawMessage `json:"inputSchema"`
				Annotations map[string]bool `json:"annotations"`
				Meta        map[string]any  `json:"_meta"`
				Output      json.RawMessage `json:"outputSchema"`
			} `json:"tools"`
			NextCursor string `json:"nextCursor"`
		} `json:"result"`
	}
	if err := json.Unmarshal(r.body, &got); err != nil || r.status != 200 {
		t.Fatalf("%d %s", r.status, r.body)
	}
	all := registry.All()
	if len(got.Result.Tools) != len(all) || got.Result.NextCursor != "" {
		t.Fatalf("%d tools listed (cursor %q), the catalog has %d", len(got.Result.Tools), got.Result.NextCursor, len(all))
	}
	for _, l := range got.Result.Tools {
		tool, ok := registry.Lookup(l.Name)
		if !ok {
			t.Fatalf("listed %s, which is not in the catalog", l.Name)
		}
		schema, _ := json.Marshal(registry.InputSchema(tool))
		var a, b any
		json.Unmarshal(schema, &a)
		json.Unmarshal(l.InputSchema, &b)
		var out, wantOut any
		json.Unmarshal(l.Output, &out)
		outSchema, _ := json.Marshal(registry.MCPOutputSchema(tool))
		json.Unmarshal(outSchema, &wantOut)
		wantDesc := tool.Description + " Price: " + tool.Price + ` USD per call in USDC on Base, paid with x402: a call without payment answers with the terms; repeat it with _meta["x402/payment"] to pay.`
		openWorld := len(tool.Sources) > 0
		if !jsonEqual(a, b) || l.Description != wantDesc || !jsonEqual(out, wantOut) || l.Meta["x402/price_usd"] != tool.Price ||
			!l.Annotations["readOnlyHint"] || l.Annotations["destructiveHint"] || l.Annotations["openWorldHint"] != openWorld {
			t.Errorf("%s: %s %+v %s", l.Name, l.Description, l.Annotations, l.InputSchema)
		}
	}
}

func jsonEqual(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}

// byID orders a batch's responses by id: JSON-RPC lets a server answer a
// batch in any order, and clients match responses by id. Anything else is
// returned as it is.
func byID(body []byte) []byte {
	var batch []json.RawMessage
	if json.Unmarshal(body, &batch) != nil {
		return body
	}
	id := func(m json.RawMessage) string {
		var r struct{ ID json.RawMessage }
		json.Unmarshal(m, &r)
		return string(r.ID)
	}
	slices.SortFunc(batch, func(a, b json.RawMessage) int { return strings.Compare(id(a), id(b)) })
	out, _ := json.Marshal(batch)
	return out
}
