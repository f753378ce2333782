package edge

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"

	"github.com/coinslot/coinslot/edge/x402"
	"github.com/coinslot/coinslot/registry"
	"github.com/valyala/fasthttp"
)

// a2aPay takes a payment, or its rejection, for task id. A task asking for
// payment takes the first one sent; afterwards only that payment again is
// answered, as the ledger answers a retry: sold again while its call may
// still be settling, the task as it ended once it has.
func (s *Server) a2aPay(ctx *fasthttp.RequestCtx, id, status string, payload json.RawMessage) (*taskWire, *rpcFault) {
	var (
		out     taskWire
		fault   *rpcFault
		sell    bool
		t       *registry.Tool
		request []byte
	)
	paid := paymentDigest(payload)
	found := s.tasks.with(id, s.now(), func(task *a2aTask) {
		state := task.wire.Status.State
		switch {
		case payload == nil && status == paymentRejectedStatus && state == taskInputRequired:
			task.wire.Status = taskStatus{State: taskFailed, Message: agentMessage(task.wire, "the payment was rejected; nothing was charged", nil,
				map[string]any{a2aPaymentStatus: paymentRejectedStatus})}
		case payload == nil: // nothing to pay with: the task as it stands
		case state == taskInputRequired:
			task.paid, task.wire.Status, sell = paid, submitted(task.wire), true
		case paid != task.paid:
			fault = &rpcFault{-32600, fmt.Sprintf("Invalid Request: task %s is %s and takes no other payment; send the skill and its input in a new message to buy again", id, state)}
		case state == taskWorking:
			sell = true
		}
		out, t, request = task.wire, task.tool, task.request
	})
	if t != nil {
		accessOf(ctx).tool = t.Name
	}
	switch {
	case !found:
		return nil, taskNotFound(id)
	case fault != nil:
		return nil, fault
	case !sell:
		return &out, nil
	}
	return s.a2aCall(ctx, out, t, request, payload)
}

// submitted is the state of a task whose payment is being sold.
func submitted(task taskWire) taskStatus {
	return taskStatus{State: taskWorking, Message: agentMessage(task, "the payment is being verified and the skill run", nil,
		map[string]any{a2aPaymentStatus: paymentSubmittedStatus})}
}

// paymentDigest identifies a payment as sent, whatever its spacing.
func paymentDigest(payload json.RawMessage) string {
	if payload == nil {
		return ""
	}
	var b bytes.Buffer
	if json.Compact(&b, payload) != nil {
		return digest(payload)
	}
	return digest(b.Bytes())
}

// a2aCall is the call of task: admitted as on every transport, then sold;
// this file only reads the payment from the message's metadata and writes
// the task's state.
func (s *Server) a2aCall(ctx *fasthttp.RequestCtx, task taskWire, t *registry.Tool, request []byte, payload json.RawMessage) (*taskWire, *rpcFault) {
	rec := accessOf(ctx)
	rec.tool = t.Name
	task.Artifacts = nil
	var f *failure
	if payload != nil {
		f = s.guard.address(ctx.RemoteIP())
	}
	g := s.gen.Load()
	var a *admission
	if f == nil {
		a, f = s.admit(g, t, request, a2aPayment(payload))
	}
	switch {
	case f != nil && (f.code.Payment() || payload != nil):
		rec.sold(t.Name, nil, &sale{failure: f})
		task.Status = s.a2aFailed(task, a, nil, f, nil)
	case f != nil:
		rec.code = f.code
		task.Status = failedStatus(task, f)
	case a.payment == nil:
		rec.required()
		terms := a.offer.terms.Required
		terms.Error = "payment required: " + s.price(t) + "; send a message to this task with metadata " + a2aPaymentPayload +
			" set to a signed x402 PaymentPayload and " + a2aPaymentStatus + ` "` + paymentSubmittedStatus + `"`
		task.Status = taskStatus{State: taskInputRequired, Message: agentMessage(task, terms.Error, nil,
			map[string]any{a2aPaymentStatus: paymentRequiredStatus, a2aPaymentRequired: terms})}
	default:
		a.trace = rec.trace.header()
		sold := &sale{failure: s.guard.payer(a.payment)}
		if sold.failure == nil {
			rec.giveTurn() // while the tool and the settlement run
			sold = s.sell(g.cfg, a)
		}
		rec.sold(t.Name, a.payment, sold)
		if sold.failure != nil {
			task.Status = s.a2aFailed(task, a, a.payment, sold.failure, sold.settlement)
			break
		}
		text := "payment completed: the answer is the artifact " + t.Name
		if sold.redelivered {
			text += ", sent again for a payment settled before"
		}
		task.Status = taskStatus{State: taskCompleted, Message: agentMessage(task, text, nil,
			map[string]any{a2aPaymentStatus: paymentCompletedStatus, a2aPaymentReceipts: []*x402.SettleResponse{sold.settlement}})}
		task.Artifacts = []taskArtifact{{ArtifactID: "answer", Name: t.Name, Parts: []partWire{{Kind: "data", Data: sold.body}}}}
	}
	s.tasks.with(task.ID, s.now(), func(stored *a2aTask) { stored.wire = task })
	return &task, nil
}

// a2aPayment is the payment of metadata["x402.payment.payload"].
func a2aPayment(payload json.RawMessage) carrier {
	return func() (*x402.Payment, bool, error) {
		if payload == nil {
			return nil, false, nil
		}
		p, err := x402.DecodePaymentObject(payload, `metadata["`+a2aPaymentPayload+`"]`)
		return p, true, err
	}
}

// a2aFailed is the state of a task whose payment was refused or whose paid
// call failed: nothing was charged. A call whose payment is still settling
// or in use stays working, for the same payment to be sent again.
func (s *Server) a2aFailed(task taskWire, a *admission, p *x402.Payment, f *failure, settled *x402.SettleResponse) taskStatus {
	shape, _ := json.Marshal(errorBody{errorDetail{Code: f.code, Message: f.message, Reason: f.reason, Fields: f.fields}})
	if f.code == registry.CodeSettlementPending || f.code == registry.CodePaymentInProgress {
		return taskStatus{State: taskWorking, Message: agentMessage(task, f.message+"; send the same payment to this task again", shape,
			map[string]any{a2aPaymentStatus: paymentSubmittedStatus})}
	}
	why := cmp.Or(f.reason, string(f.code))
	if settled == nil {
		settled = &x402.SettleResponse{ErrorReason: why, ErrorMessage: f.message, Network: s.pay.Networks[0].ID} // the default network, when no payment chose one
		if p != nil {
			settled.Network, settled.Payer = networkFor(p, a.offer.terms), p.Payer()
		}
	}
	meta := map[string]any{a2aPaymentStatus: paymentFailedStatus, a2aPaymentError: why, a2aPaymentReceipts: []*x402.SettleResponse{settled}}
	if f.code.Payment() && a != nil && a.offer != nil {
		terms := a.offer.terms.Required
		if f.required != nil {
			terms = *f.required
		}
		terms.Error = why
		meta[a2aPaymentRequired] = terms // to pay anew, in a new message
	}
	return taskStatus{State: taskFailed, Message: agentMessage(task, f.message, shape, meta)}
}

// failedStatus is a call refused before any payment, in the one error shape.
func failedStatus(task taskWire, f *failure) taskStatus {
	shape, _ := json.Marshal(errorBody{errorDetail{Code: f.code, Message: f.message, Reason: f.reason, Fields: f.fields}})
	return taskStatus{State: taskFailed, Message: agentMessage(task, f.message, shape, nil)}
}

// agentMessage is the agent's message of a task's status: text, the data
// part when there is one, and the extension's metadata.
func agentMessage(task taskWire, text string, data []byte, meta map[string]any) *messageWire {
	m := &messageWire{Kind: "message", MessageID: newTaskID(), Role: "agent", TaskID: task.ID, ContextID: task.ContextID,
		Parts: []partWire{{Kind: "text", Text: text}}}
	if data != nil {
		m.Parts = append(m.Parts, partWire{Kind: "data", Data: data})
	}
	if len(meta) > 0 {
		m.Metadata = make(map[string]json.RawMessage, len(meta))
		for k, v := range meta {
			m.Metadata[k], _ = json.Marshal(v) // built from marshalable values
		}
	}
	return m
}
