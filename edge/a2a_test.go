package edge

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/coinslot/coinslot/edge/x402"
	"github.com/coinslot/coinslot/registry"
)

// a2aReply is a JSON-RPC answer of /a2a.
type a2aReply struct {
	Result *taskWire `json:"result"`
	Error  *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

var activation = map[string]string{"X-A2A-Extensions": registry.A2AX402Extension}

// a2aSend sends message/send and reads the task it answers with.
func (h *harness) a2aSend(message map[string]any) *taskWire {
	h.t.Helper()
	message["kind"], message["role"], message["messageId"] = "message", "user", newTaskID()
	r := h.a2aRPC("message/send", map[string]any{"message": message}, activation)
	if r.Error != nil || r.Result == nil {
		h.t.Fatalf("message/send: %+v", r.Error)
	}
	return r.Result
}

func (h *harness) a2aRPC(method string, params any, headers map[string]string) a2aReply {
	h.t.Helper()
	body := mustJSON(h.t, map[string]any{"jsonrpc": "2.0", "id": 7, "method": method, "params": params})
	r := h.do("POST", registry.PathA2A, string(body), headers)
	var out a2aReply
	if r.status != 200 || json.Unmarshal(r.body, &out) != nil {
		h.t.Fatalf("%s: %d %s", method, r.status, r.body)
	}
	return out
}

// call asks for skill with input: a new task.
func (h *harness) a2aCall(skill, input string) *taskWire {
	h.t.Helper()
	return h.a2aSend(map[string]any{"metadata": map[string]any{"skill": skill},
		"parts": []any{map[string]any{"kind": "text", "text": "please"}, map[string]any{"kind": "data", "data": json.RawMessage(input)}}})
}

// a2aPayTask sends payment to the task.
func (h *harness) a2aPayTask(task string, payment any) *taskWire {
	h.t.Helper()
	return h.a2aSend(map[string]any{"taskId": task, "parts": []any{map[string]any{"kind": "text", "text": "paid"}},
		"metadata": map[string]any{a2aPaymentStatus: paymentSubmittedStatus, a2aPaymentPayload: payment}})
}

func metaOf[T any](t *testing.T, task *taskWire, key string) T {
	t.Helper()
	var v T
	if task.Status.Message == nil || json.Unmarshal(task.Status.Message.Metadata[key], &v) != nil {
		t.Fatalf("task %s has no %s: %s", task.ID, key, mustJSON(t, task))
	}
	return v
}

// shapeOf is the error shape a failed task's status message carries.
func shapeOf(t *testing.T, task *taskWire) string {
	t.Helper()
	parts := task.Status.Message.Parts
	if task.Status.State != taskFailed || len(parts) != 2 || parts[1].Kind != "data" {
		t.Fatalf("not a failed task with the error shape: %s", mustJSON(t, task))
	}
	return string(parts[1].Data)
}

// a2aSigned signs a payment for the terms a task asks for.
func (h *harness) a2aSigned(task *taskWire) *x402.Payload {
	h.t.Helper()
	if task.Status.State != taskInputRequired || metaOf[string](h.t, task, a2aPaymentStatus) != paymentRequiredStatus {
		h.t.Fatalf("task does not ask for payment: %s", mustJSON(h.t, task))
	}
	_, p, err := x402.Pay(buyerKey, new(metaOf[x402.PaymentRequired](h.t, task, a2aPaymentRequired)), time.Now())
	if err != nil {
		h.t.Fatal(err)
	}
	return p
}

func TestA2ABuysACallAndRedeliversIt(t *testing.T) {
	h := newHarness(t)
	const input = `{"text":"ab","n":2}`
	asked := h.a2aCall("test_echo", input)
	terms := metaOf[x402.PaymentRequired](t, asked, a2aPaymentRequired)
	route := h.terms(echoPath)
	route.Error = terms.Error
	if !jsonEqual(terms, route) || !strings.HasPrefix(terms.Error, "payment required: test_echo costs 0.05 USD in USDC on Base; send a message to this task") {
		t.Fatalf("A2A terms %+v\nroute terms %+v", terms, route)
	}
	p := h.a2aSigned(asked)
	done := h.a2aPayTask(asked.ID, p)
	receipts := metaOf[[]x402.SettleResponse](t, done, a2aPaymentReceipts)
	if done.Status.State != taskCompleted || done.ID != asked.ID || done.ContextID != asked.ContextID ||
		metaOf[string](t, done, a2aPaymentStatus) != paymentCompletedStatus || len(receipts) != 1 || !receipts[0].Success ||
		receipts[0].Payer != buyer || receipts[0].Network != "eip155:8453" || len(done.Artifacts) != 1 || done.Artifacts[0].Name != "test_echo" {
		t.Fatalf("%s", mustJSON(t, done))
	}
	answer := done.Artifacts[0].Parts[0].Data
	if !strings.Contains(string(answer), `"data":["abab"]`) {
		t.Fatalf("answer %s", answer)
	}
	rec := h.do("GET", "/receipt/"+receipts[0].Transaction, "", nil).json(t)
	if rec["tool"] != "test_echo" || rec["request_sha256"] != digest([]byte(input)) || rec["response_sha256"] != digest(answer) {
		t.Fatalf("receipt %v", rec)
	}
	// tasks/get, the same payment to the task again, and the same payment in
	// a new message all get the answer; one run, one settlement.
	got := h.a2aRPC("tasks/get", map[string]any{"id": asked.ID}, nil).Result
	again := h.a2aPayTask(asked.ID, p)
	fresh := h.a2aSend(map[string]any{"metadata": map[string]any{"skill": "test_echo", a2aPaymentStatus: paymentSubmittedStatus, a2aPaymentPayload: p},
		"parts": []any{map[string]any{"kind": "data", "data": json.RawMessage(`{"n":2, "text":"ab"}`)}}})
	for name, task := range map[string]*taskWire{"tasks/get": got, "retry": again, "new message": fresh} {
		if task.Status.State != taskCompleted || !bytes.Equal(task.Artifacts[0].Parts[0].Data, answer) {
			t.Errorf("%s: %s", name, mustJSON(t, task))
		}
	}
	if fresh.ID == asked.ID || !strings.HasSuffix(fresh.Status.Message.Parts[0].Text, "sent again for a payment settled before") {
		t.Errorf("new message: %s", mustJSON(t, fresh))
	}
	if h.rt.runs.Load() != 1 || h.fac.Settles() != 1 {
		t.Fatalf("runs %d settles %d", h.rt.runs.Load(), h.fac.Settles())
	}
	// Another payment to a completed task is refused, and nothing charged.
	other := h.a2aSigned(h.a2aCall("test_echo", input))
	r := h.a2aRPC("message/send", map[string]any{"message": map[string]any{"kind": "message", "role": "user", "messageId": "m", "taskId": asked.ID,
		"parts": []any{}, "metadata": map[string]any{a2aPaymentPayload: other}}}, activation)
	if r.Error == nil || r.Error.Code != -32600 || !strings.Contains(r.Error.Message, "is completed and takes no other payment") || h.fac.Settles() != 1 {
		t.Fatalf("%+v settles %d", r.Error, h.fac.Settles())
	}
}

func TestA2ARefusesBadInputBeforePayment(t *testing.T) {
	h := newHarness(t)
	for _, c := range []struct{ skill, input, want string }{
		{"test_ecko", `{"text":"ab"}`, `{"error":{"code":"invalid_params","message":"no skill named test_ecko","fields":[{"name":"message.metadata.skill","problem":"names no skill; did you mean test_echo?","did_you_mean":"test_echo"}]}}`},
		{"", `{"text":"ab"}`, `{"error":{"code":"invalid_params","message":"say which skill to call","fields":[{"name":"message.metadata.skill","problem":"is required: the id of a skill of the agent card"}]}}`},
		{"test_echo", `{"n":99}`, `{"error":{"code":"invalid_params","message":"2 field(s) of the request are invalid","fields":[{"name":"text","problem":"is required"},{"name":"n","problem":"must be between 1 and 10"}]}}`},
		{"test_echo", `[1]`, `{"error":{"code":"invalid_json","message":"the body must be a JSON object","fields":[{"name":"body","problem":"must be a JSON object"}]}}`},
		{"test_down", `{}`, `{"error":{"code":"tool_unavailable","message":"test_down is unavailable: its upstream key is not configured"}}`},
	} {
		task := h.a2aCall(c.skill, c.input)
		if got := shapeOf(t, task); got != c.want || task.Status.Message.Metadata != nil {
			t.Errorf("%s %s: %s", c.skill, c.input, mustJSON(t, task))
		}
		if got := h.a2aRPC("tasks/get", map[string]any{"id": task.ID}, nil).Result; got.Status.State != taskFailed {
			t.Errorf("tasks/get %s: %s", task.ID, mustJSON(t, got))
		}
	}
	if h.rt.runs.Load() != 0 || h.fac.Settles() != 0 {
		t.Fatalf("runs %d settles %d", h.rt.runs.Load(), h.fac.Settles())
	}
}

func TestA2AFailedToolIsNeverCharged(t *testing.T) {
	h := newHarness(t)
	const input = `{"kind":"upstream_timeout"}`
	asked := h.a2aCall("test_fail", input)
	p := h.a2aSigned(asked)
	failed := h.a2aPayTask(asked.ID, p)
	receipts := metaOf[[]x402.SettleResponse](t, failed, a2aPaymentReceipts)
	if e := shapeOf(t, failed); !strings.HasPrefix(e, `{"error":{"code":"upstream_timeout","message":`) ||
		metaOf[string](t, failed, a2aPaymentStatus) != paymentFailedStatus || metaOf[string](t, failed, a2aPaymentError) != "upstream_timeout" ||
		len(receipts) != 1 || receipts[0].Success || receipts[0].Transaction != "" || receipts[0].Payer != buyer || len(failed.Artifacts) != 0 {
		t.Fatalf("%s", mustJSON(t, failed))
	}
	// The authorization was released: it buys the call anew in a new message.
	again := h.a2aSend(map[string]any{"metadata": map[string]any{"skill": "test_fail", a2aPaymentPayload: p},
		"parts": []any{map[string]any{"kind": "data", "data": json.RawMessage(input)}}})
	if again.Status.State != taskFailed || h.rt.runs.Load() != 2 || h.fac.Settles() != 0 || len(h.pending()) != 0 {
		t.Fatalf("runs %d settled %d pending %+v: %s", h.rt.runs.Load(), h.fac.Settles(), h.pending(), mustJSON(t, again))
	}
}

func TestA2AUnknownSettlementKeepsTheTaskWorking(t *testing.T) {
	h := newHarness(t)
	h.fac.Hang.Store(int64(3 * time.Second)) // beyond the client's 2 s timeout
	asked := h.a2aCall("test_echo", `{"text":"ab"}`)
	p := h.a2aSigned(asked)
	pending := h.a2aPayTask(asked.ID, p)
	h.fac.Hang.Store(0)
	again := h.a2aPayTask(asked.ID, p) // the same payment: answered as HTTP answers it, never sold twice
	for name, task := range map[string]*taskWire{"first": pending, "retry": again} {
		if task.Status.State != taskWorking || metaOf[string](t, task, a2aPaymentStatus) != paymentSubmittedStatus || len(task.Artifacts) != 0 ||
			!strings.HasPrefix(string(task.Status.Message.Parts[1].Data), `{"error":{"code":"settlement_pending"`) {
			t.Fatalf("%s: %s", name, mustJSON(t, task))
		}
	}
	other := h.a2aSigned(h.a2aCall("test_echo", `{"text":"ab"}`))
	r := h.a2aRPC("message/send", map[string]any{"message": map[string]any{"kind": "message", "role": "user", "messageId": "m", "taskId": asked.ID,
		"parts": []any{}, "metadata": map[string]any{a2aPaymentPayload: other}}}, activation)
	if r.Error == nil || r.Error.Code != -32600 || !strings.Contains(r.Error.Message, "is working and takes no other payment") {
		t.Fatalf("another payment: %+v", r.Error)
	}
	if pend := h.pending(); len(pend) != 1 || pend[0].Receipt.Payer != buyer || h.rt.runs.Load() != 1 {
		t.Fatalf("runs %d, journal %+v", h.rt.runs.Load(), pend)
	}
}

func TestA2ARefusedPaymentFailsTheTask(t *testing.T) {
	h := newHarness(t)
	asked := h.a2aCall("test_echo", `{"text":"ab"}`)
	forged := h.a2aSigned(asked)
	forged.Payload.Signature = "0x" + strings.Repeat("11", 65)
	failed := h.a2aPayTask(asked.ID, forged)
	if failed.Status.State != taskFailed || metaOf[string](t, failed, a2aPaymentStatus) != paymentFailedStatus ||
		!strings.HasPrefix(metaOf[string](t, failed, a2aPaymentError), "invalid_exact_evm_payload_signature") ||
		len(metaOf[x402.PaymentRequired](t, failed, a2aPaymentRequired).Accepts) != 1 {
		t.Fatalf("%s", mustJSON(t, failed))
	}
	rejected := h.a2aCall("test_echo", `{"text":"ab"}`)
	gone := h.a2aSend(map[string]any{"taskId": rejected.ID, "parts": []any{}, "metadata": map[string]any{a2aPaymentStatus: paymentRejectedStatus}})
	if gone.Status.State != taskFailed || metaOf[string](t, gone, a2aPaymentStatus) != paymentRejectedStatus {
		t.Fatalf("%s", mustJSON(t, gone))
	}
	if h.rt.runs.Load() != 0 || h.fac.Settles() != 0 {
		t.Fatalf("runs %d settles %d", h.rt.runs.Load(), h.fac.Settles())
	}
}

func TestA2AJSONRPCErrors(t *testing.T) {
	h := newHarness(t)
	message := map[string]any{"kind": "message", "role": "user", "messageId": "m1", "parts": []any{}, "metadata": map[string]any{"skill": "test_echo"}}
	for name, c := range map[string]struct {
		body    string
		headers map[string]string
		status  int
		want    string
	}{
		"not JSON":       {`{"jsonrpc":`, activation, 400, `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error: the body is not valid JSON: unexpected end of JSON input at offset 11 (line 1, column 12)"}}`},
		"batch":          {`[{"jsonrpc":"2.0","id":1,"method":"tasks/get"}]`, activation, 200, `{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request: send one request per POST, not a batch"}}`},
		"no version":     {`{"id":1,"method":"tasks/get"}`, activation, 200, `{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request: a JSON-RPC 2.0 request object needs \"jsonrpc\":\"2.0\", \"method\" and \"id\""}}`},
		"unknown method": {`{"jsonrpc":"2.0","id":"a","method":"tasks/cancel","params":{"id":"x"}}`, activation, 200, `{"jsonrpc":"2.0","id":"a","error":{"code":-32601,"message":"Method not found: tasks/cancel"}}`},
		"unknown task":   {`{"jsonrpc":"2.0","id":2,"method":"tasks/get","params":{"id":"nope"}}`, nil, 200, `{"jsonrpc":"2.0","id":2,"error":{"code":-32001,"message":"Task not found: \"nope\" is not a task of this instance, or it expired; send the skill, its input and the same payment in a new message to get a paid answer again"}}`},
		"no activation":  {string(mustJSON(t, map[string]any{"jsonrpc": "2.0", "id": 3, "method": "message/send", "params": map[string]any{"message": message}})), nil, 200, `{"jsonrpc":"2.0","id":3,"error":{"code":-32600,"message":"Invalid Request: every skill is paid with x402; activate the extension with the header X-A2A-Extensions: ` + registry.A2AX402Extension + `"}}`},
		"no messageId":   {`{"jsonrpc":"2.0","id":4,"method":"message/send","params":{"message":{"role":"user","parts":[]}}}`, activation, 200, `{"jsonrpc":"2.0","id":4,"error":{"code":-32602,"message":"Invalid params: params.message.messageId is required"}}`},
		"file part":      {`{"jsonrpc":"2.0","id":5,"method":"message/send","params":{"message":{"role":"user","messageId":"m","parts":[{"kind":"file","file":{"uri":"x"}}]}}}`, activation, 200, `{"jsonrpc":"2.0","id":5,"error":{"code":-32602,"message":"Invalid params: params.message.parts[0].kind must be \"data\" (the skill's input) or \"text\""}}`},
	} {
		r := h.do("POST", registry.PathA2A, c.body, c.headers)
		if r.status != c.status || string(r.body) != c.want {
			t.Errorf("%s: %d %s", name, r.status, r.body)
		}
	}
	if r := h.do("GET", registry.PathA2A, "", nil); r.status != 405 || r.header["ALLOW"] != "POST" {
		t.Errorf("GET: %d %s", r.status, r.body)
	}
}

func TestTaskStoreIsBounded(t *testing.T) {
	var s taskStore
	now := time.Now()
	first := s.add(nil, nil, now)
	for range taskLimit {
		s.add(nil, nil, now)
	}
	if s.with(first, now, func(*a2aTask) {}) || len(s.tasks) != taskLimit {
		t.Fatalf("the oldest task was kept: %d tasks", len(s.tasks))
	}
	last := s.order[len(s.order)-1]
	if !s.with(last, now.Add(taskTTL-time.Second), func(*a2aTask) {}) || s.with(last, now.Add(taskTTL), func(*a2aTask) {}) || len(s.tasks) != 0 || s.bytes != 0 {
		t.Fatalf("expiry: %d tasks left, %d bytes", len(s.tasks), s.bytes)
	}
	// An answer counts once the task holds it: the tasks before it go.
	older := s.add(nil, []byte("{}"), now)
	answered := s.add(nil, []byte("{}"), now)
	s.with(answered, now, func(task *a2aTask) {
		task.wire.Artifacts = []taskArtifact{{Parts: []partWire{{Kind: "data", Data: make([]byte, taskBytes-3)}}}}
	})
	if s.with(older, now, func(*a2aTask) {}) || !s.with(answered, now, func(*a2aTask) {}) || s.bytes != taskBytes-1 {
		t.Fatalf("byte budget: %d tasks, %d bytes", len(s.tasks), s.bytes)
	}
}
