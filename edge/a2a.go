package edge

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/coinslot/coinslot/registry"
	"github.com/valyala/fasthttp"
)

// The A2A v0.3 JSON-RPC binding as /a2a serves it: message/send and
// tasks/get. Tasks complete within the call that pays for them, so the card
// declares no streaming and no push notifications.

// a2aExtensions are the URIs under which a client activates the x402
// extension: the one the card declares, and the one x402's own A2A
// transport names, whose messages are the same.
var a2aExtensions = []string{registry.A2AX402Extension, "https://github.com/google-a2a/a2a-x402/v0.1"}

// The metadata keys of the x402 extension for A2A, and the one that names
// the skill a message calls.
const (
	a2aPaymentStatus   = "x402.payment.status"
	a2aPaymentRequired = "x402.payment.required"
	a2aPaymentPayload  = "x402.payment.payload"
	a2aPaymentReceipts = "x402.payment.receipts"
	a2aPaymentError    = "x402.payment.error"
	a2aSkill           = "skill"
)

// A2A's JSON-RPC error codes beyond JSON-RPC's own.
const a2aTaskNotFound = -32001

// taskWire is a Task as A2A v0.3 writes it.
type taskWire struct {
	Kind      string         `json:"kind"`
	ID        string         `json:"id"`
	ContextID string         `json:"contextId"`
	Status    taskStatus     `json:"status"`
	Artifacts []taskArtifact `json:"artifacts,omitempty"`
}

type taskStatus struct {
	State     string       `json:"state"`
	Message   *messageWire `json:"message,omitempty"`
	Timestamp string       `json:"timestamp,omitempty"`
}

type taskArtifact struct {
	ArtifactID string     `json:"artifactId"`
	Name       string     `json:"name"`
	Parts      []partWire `json:"parts"`
}

// messageWire is a Message, as sent or answered.
type messageWire struct {
	Kind      string                     `json:"kind"`
	MessageID string                     `json:"messageId"`
	Role      string                     `json:"role"`
	Parts     []partWire                 `json:"parts"`
	TaskID    string                     `json:"taskId,omitempty"`
	ContextID string                     `json:"contextId,omitempty"`
	Metadata  map[string]json.RawMessage `json:"metadata,omitempty"`
}

type partWire struct {
	Kind string          `json:"kind"`
	Text string          `json:"text,omitempty"`
	Data json.RawMessage `json:"data,omitempty"`
}

// a2aRequest is one JSON-RPC request to /a2a.
type a2aRequest struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params"`
}

// serveA2A is /a2a: one JSON-RPC request per POST.
func (s *Server) serveA2A(ctx *fasthttp.RequestCtx) {
	if !ctx.IsPost() {
		ctx.Response.Header.Set("Allow", "POST")
		writeError(ctx, registry.CodeMethodNotAllowed, registry.PathA2A+" takes POST with a JSON-RPC request (the agent card is at "+registry.PathAgentCard+")", nil)
		return
	}
	body := bytes.TrimSpace(ctx.PostBody())
	var req a2aRequest
	switch {
	case !json.Valid(body):
		writeRPCError(ctx, fasthttp.StatusBadRequest, nil, -32700, "Parse error: the body is not valid JSON: "+syntaxError(ctx.PostBody()))
		return
	case body[0] == '[':
		writeRPCError(ctx, fasthttp.StatusOK, nil, -32600, "Invalid Request: send one request per POST, not a batch")
		return
	case json.Unmarshal(body, &req) != nil || req.JSONRPC != "2.0" || req.Method == "":
		writeRPCError(ctx, fasthttp.StatusOK, nil, -32600, `Invalid Request: a JSON-RPC 2.0 request object needs "jsonrpc":"2.0", "method" and "id"`)
		return
	case req.ID == nil || !plainID(req.ID):
		writeRPCError(ctx, fasthttp.StatusOK, nil, -32600, "Invalid Request: id must be a string or an integer of at most 64 bits")
		return
	}
	var task *taskWire
	var rpcErr *rpcFault
	switch req.Method {
	case "message/send":
		task, rpcErr = s.a2aSend(ctx, req.Params)
	case "tasks/get":
		task, rpcErr = s.a2aGet(req.Params)
	default:
		rpcErr = &rpcFault{-32601, "Method not found: " + req.Method}
	}
	if rpcErr != nil {
		writeRPCError(ctx, fasthttp.StatusOK, req.ID, rpcErr.code, rpcErr.message)
		return
	}
	b, _ := json.Marshal(struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Result  *taskWire       `json:"result"`
	}{"2.0", req.ID, task})
	// A task may hold a paid answer, the buyer's alone.
	ctx.Response.Header.Set("Cache-Control", "private, no-store")
	writeJSON(ctx, fasthttp.StatusOK, b)
}

// rpcFault is a JSON-RPC error to answer with.
type rpcFault struct {
	code    int
	message string
}

func invalidParams(format string, a ...any) *rpcFault {
	return &rpcFault{-32602, "Invalid params: " + fmt.Sprintf(format, a...)}
}

// a2aGet is tasks/get.
func (s *Server) a2aGet(raw json.RawMessage) (*taskWire, *rpcFault) {
	var p struct {
		ID string `json:"id"`
	}
	if json.Unmarshal(raw, &p) != nil || p.ID == "" {
		return nil, invalidParams(`params.id must name a task`)
	}
	var out taskWire
	if !s.tasks.with(p.ID, s.now(), func(t *a2aTask) { out = t.wire }) {
		return nil, taskNotFound(p.ID)
	}
	return &out, nil
}

func taskNotFound(id string) *rpcFault {
	return &rpcFault{a2aTaskNotFound, fmt.Sprintf("Task not found: %q is not a task of this instance, or it expired; "+
		"send the skill, its input and the same payment in a new message to get a paid answer again", id)}
}

// a2aSend is message/send. A message without taskId calls the skill its
// metadata names with the input of its data part; one with taskId pays
// the task (or rejects paying it).
func (s *Server) a2aSend(ctx *fasthttp.RequestCtx, raw json.RawMessage) (*taskWire, *rpcFault) {
	var p struct {
		Message *messageWire `json:"message"`
	}
	if err := json.Unmarshal(raw, &p); err != nil || p.Message == nil {
		return nil, invalidParams("params.message must be a Message object")
	}
	m := p.Message
	switch {
	case m.MessageID == "":
		return nil, invalidParams("params.message.messageId is required")
	case m.Role != "user":
		return nil, invalidParams(`params.message.role must be "user"`)
	case !activated(string(ctx.Request.Header.Peek("X-A2A-Extensions"))):
		return nil, &rpcFault{-32600, "Invalid Request: every skill is paid with x402; activate the extension with the header X-A2A-Extensions: " + registry.A2AX402Extension}
	}
	ctx.Response.Header.Set("X-A2A-Extensions", registry.A2AX402Extension)
	var status string
	if v := m.Metadata[a2aPaymentStatus]; v != nil && json.Unmarshal(v, &status) != nil {
		return nil, invalidParams("params.message.metadata[%q] must be a string", a2aPaymentStatus)
	}
	payload := m.Metadata[a2aPaymentPayload]
	if m.TaskID != "" {
		return s.a2aPay(ctx, m.TaskID, status, payload)
	}
	var skill string
	if v := m.Metadata[a2aSkill]; v != nil && json.Unmarshal(v, &skill) != nil {
		return nil, invalidParams("params.message.metadata.skill must be a string")
	}
	input, fault := dataPart(m.Parts)
	if fault != nil {
		return nil, fault
	}
	t, f := skillOf(skill)
	id := s.tasks.add(t, input, s.now())
	var out taskWire
	s.tasks.with(id, s.now(), func(task *a2aTask) {
		switch {
		case f != nil:
			task.wire.Status = failedStatus(task.wire, f)
		case payload != nil:
			task.paid, task.wire.Status = paymentDigest(payload), submitted(task.wire)
		}
		out = task.wire
	})
	if f != nil {
		accessOf(ctx).code = f.code
		return &out, nil
	}
	return s.a2aCall(ctx, out, t, input, payload)
}

// activated says whether the X-A2A-Extensions header names the x402
// extension.
func activated(header string) bool {
	for uri := range strings.SplitSeq(header, ",") {
		for _, known := range a2aExtensions {
			if strings.TrimSpace(uri) == known {
				return true
			}
		}
	}
	return false
}

// dataPart is the input a message carries: its one data part, or nothing.
func dataPart(parts []partWire) ([]byte, *rpcFault) {
	var input []byte
	for i, part := range parts {
		switch part.Kind {
		case "text":
		case "data":
			if input != nil {
				return nil, invalidParams("params.message.parts[%d]: a message carries one data part, the skill's input", i)
			}
			if input = part.Data; input == nil {
				return nil, invalidParams("params.message.parts[%d].data is required", i)
			}
		default:
			return nil, invalidParams(`params.message.parts[%d].kind must be "data" (the skill's input) or "text"`, i)
		}
	}
	return input, nil
}

// skillOf is the tool a message's skill names, or why it names none, in
// the one error shape.
func skillOf(name string) (*registry.Tool, *failure) {
	const field = "message.metadata.skill"
	if name == "" {
		return nil, &failure{code: registry.CodeInvalidParams, message: "say which skill to call",
			fields: []registry.FieldError{{Name: field, Problem: "is required: the id of a skill of the agent card"}}}
	}
	t, ok := registry.Lookup(name)
	if !ok {
		return nil, &failure{code: registry.CodeInvalidParams, message: "no skill named " + name,
			fields: []registry.FieldError{registry.Misnamed(field, name, "names no skill", registry.Names())}}
	}
	return t, nil
}
