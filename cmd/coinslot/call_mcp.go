package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"

	"github.com/coinslot/coinslot/edge/x402"
)

// mcpToolName is the tool the bazaar extension of a 402 describes: for a
// tool sold over MCP the resource is the MCP endpoint, shared by every tool.
func mcpToolName(extensions json.RawMessage) string {
	var ext struct {
		Bazaar struct {
			Info struct {
				Input struct {
					Type     string `json:"type"`
					ToolName string `json:"toolName"`
				} `json:"input"`
			} `json:"info"`
		} `json:"bazaar"`
	}
	if json.Unmarshal(extensions, &ext) != nil || ext.Bazaar.Info.Input.Type != "mcp" {
		return ""
	}
	return ext.Bazaar.Info.Input.ToolName
}

// mcpProtocol is the MCP version coinslot call speaks.
const mcpProtocol = "2025-06-18"

// mcpSeller buys a tool over the service's /mcp endpoint: tools/call without
// payment answers with the terms, and again with params._meta["x402/payment"].
type mcpSeller struct {
	b    *buyer
	tool string
}

// toolResult is the part of a tools/call result a buyer reads.
type toolResult struct {
	IsError           bool            `json:"isError"`
	StructuredContent json.RawMessage `json:"structuredContent"`
	Content           []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	} `json:"content"`
	Meta map[string]json.RawMessage `json:"_meta"`
}

func (m *mcpSeller) terms(data []byte) (*x402.PaymentRequired, string, error) {
	res, err := m.call(data, nil)
	if err != nil {
		return nil, "", err
	}
	var terms x402.PaymentRequired
	if !res.IsError || json.Unmarshal(res.StructuredContent, &terms) != nil || len(terms.Accepts) == 0 {
		return nil, resultFailure(res), nil
	}
	return &terms, "", nil
}

func (m *mcpSeller) pay(data []byte, _ string, payload *x402.Payload) ([]byte, *x402.SettleResponse, *paidFailure, error) {
	res, err := m.call(data, payload)
	if err != nil {
		return nil, nil, nil, err
	}
	var settled x402.SettleResponse
	if res.IsError || json.Unmarshal(res.Meta["x402/payment-response"], &settled) != nil || !settled.Success {
		code, _, _ := errorOf(res.StructuredContent)
		return nil, nil, &paidFailure{line: resultFailure(res), code: code}, nil
	}
	if len(res.StructuredContent) == 0 && len(res.Content) > 0 {
		return []byte(res.Content[0].Text), &settled, nil, nil
	}
	return res.StructuredContent, &settled, nil, nil
}

// resultFailure is the one line an error result says.
func resultFailure(res *toolResult) string {
	if len(res.StructuredContent) > 0 {
		return failureLine(http.StatusPaymentRequired, res.StructuredContent)
	}
	if len(res.Content) > 0 {
		return res.Content[0].Text
	}
	return "the tool answered with no content"
}

// call is one tools/call of the tool with data as its arguments and, when
// given, a payment.
func (m *mcpSeller) call(data []byte, payment *x402.Payload) (*toolResult, error) {
	params := map[string]any{"name": m.tool, "arguments": json.RawMessage(data)}
	if payment != nil {
		params["_meta"] = map[string]any{"x402/payment": payment}
	}
	body, err := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": params})
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequest(http.MethodPost, m.b.base+"/mcp", bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("MCP-Protocol-Version", mcpProtocol)
	resp, err := m.b.http.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 16<<20))
	if err != nil {
		return nil, err
	}
	var reply struct {
		Result *toolResult `json:"result"`
		Error  *struct {
			Message string `json:"message"`
		} `json:"error"`
	}
	switch {
	case json.Unmarshal(raw, &reply) != nil:
		return nil, fmt.Errorf("/mcp answered HTTP %d: %.200s", resp.StatusCode, raw)
	case reply.Error != nil:
		return nil, fmt.Errorf("/mcp: %s", reply.Error.Message)
	case reply.Result == nil:
		return nil, fmt.Errorf("/mcp answered with no result")
	}
	return reply.Result, nil
}
