package facilitator

import (
	"context"
	"encoding/json"
	"net/http"

	"github.com/coinslot/coinslot/edge/x402"
)

// maxRequestBytes bounds a /verify or /settle body; a real one is about 2 KiB.
const maxRequestBytes = 64 << 10

// request is the body of POST /verify and POST /settle, v1 and v2 alike.
type request struct {
	X402Version         int             `json:"x402Version"`
	PaymentPayload      json.RawMessage `json:"paymentPayload"`
	PaymentRequirements json.RawMessage `json:"paymentRequirements"`
}

// HTTPHandler serves the facilitator API: POST /verify, POST /settle and
// GET /supported. Verdicts are 200s, valid or not; a body that cannot be
// read is a 400 and a chain that cannot be reached a 500, both with a reason.
func (f *Facilitator) HTTPHandler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /verify", f.serveVerify)
	mux.HandleFunc("POST /settle", f.serveSettle)
	mux.HandleFunc("GET /supported", f.serveSupported)
	// Clients read JSON, also when they ask for what is not here.
	for path, allowed := range map[string]string{"/verify": "POST", "/settle": "POST", "/supported": "GET"} {
		mux.HandleFunc(path, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Allow", allowed)
			writeError(w, http.StatusMethodNotAllowed, "method_not_allowed", path+" takes "+allowed+", not "+r.Method)
		})
	}
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusNotFound, "not_found", "this facilitator serves POST /verify, POST /settle and GET /supported")
	})
	return mux
}

// writeError answers in the service's one error shape.
func writeError(w http.ResponseWriter, status int, code, message string) {
	type detail struct {
		Code    string `json:"code"`
		Message string `json:"message"`
	}
	writeJSON(w, status, struct {
		Error detail `json:"error"`
	}{detail{code, message}})
}

// Supported lists what this facilitator settles and the address it settles
// from, which an upto payment's witness must name, and that it submits a
// buyer's EIP-2612 permit for Permit2.
func (f *Facilitator) Supported() *x402.Supported {
	s := &x402.Supported{
		Kinds:   []x402.SupportedKind{{X402Version: 2, Scheme: "exact", Network: f.network.ID}},
		Signers: map[string][]string{"eip155:*": {f.Address().Hex()}},
	}
	if f.permit2 {
		s.Extensions = []string{x402.EIP2612GasSponsoring}
		s.Kinds = append(s.Kinds, x402.SupportedKind{X402Version: 2, Scheme: x402.SchemeUpto, Network: f.network.ID,
			Extra: map[string]any{"facilitatorAddress": f.Address().Hex()}})
	}
	s.Kinds = append(s.Kinds, x402.SupportedKind{X402Version: 2, Scheme: x402.SchemeBatch, Network: f.network.ID,
		Extra: map[string]any{"receiverAuthorizer": f.Address().Hex()}})
	if f.network.V1Name != "" {
		s.Kinds = append(s.Kinds, x402.SupportedKind{X402Version: 1, Scheme: "exact", Network: f.network.V1Name})
	}
	return s
}

func (f *Facilitator) serveVerify(w http.ResponseWriter, r *http.Request) {
	p, req, _, refusal := f.decodeRequest(w, r)
	if refusal != nil {
		writeJSON(w, http.StatusBadRequest, x402.VerifyResponse{InvalidReason: refusal.Reason, InvalidMessage: refusal.Message})
		return
	}
	resp, err := f.Verify(r.Context(), p, req)
	if err != nil {
		writeJSON(w, http.StatusInternalServerError, x402.VerifyResponse{InvalidReason: x402.ReasonUnexpectedVerify, InvalidMessage: err.Error(), Payer: claimedPayer(p)})
		return
	}
	writeJSON(w, http.StatusOK, resp)
}

func (f *Facilitator) serveSettle(w http.ResponseWriter, r *http.Request) {
	p, req, version, refusal := f.decodeRequest(w, r)
	network := f.network.ID
	if version == 1 {
		network = f.network.V1Name
	}
	if refusal != nil {
		writeJSON(w, http.StatusBadRequest, x402.SettleResponse{ErrorReason: refusal.Reason, ErrorMessage: refusal.Message, Network: network})
		return
	}
	// A settlement finishes even if the caller hangs up: its transaction
	// may already be out. SettleTimeout bounds the wait.
	resp, err := f.Settle(context.WithoutCancel(r.Context()), p, req)
	if err != nil {
		writeJSON(w, http.StatusInternalServerError, x402.SettleResponse{ErrorReason: x402.ReasonUnexpectedSettle, ErrorMessage: err.Error(), Payer: claimedPayer(p), Network: network})
		return
	}
	resp.Network = network
	writeJSON(w, http.StatusOK, resp)
}

func (f *Facilitator) serveSupported(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, http.StatusOK, f.Supported())
}

// decodeRequest reads a v1 or v2 request; the version is the payload's.
// A v1 request is converted to the v2 form Verify and Settle take.
func (f *Facilitator) decodeRequest(w http.ResponseWriter, r *http.Request) (*x402.Payload, *x402.Requirements, int, *x402.Refusal) {
	var body request
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxRequestBytes)).Decode(&body); err != nil {
		return nil, nil, 0, refuse(x402.ReasonInvalidPayload, "the body is not a JSON request: %v", err)
	}
	var probe struct {
		X402Version int `json:"x402Version"`
	}
	if err := json.Unmarshal(body.PaymentPayload, &probe); err != nil {
		return nil, nil, 0, refuse(x402.ReasonInvalidPayload, "paymentPayload is not a JSON object: %v", err)
	}
	switch probe.X402Version {
	case 2:
		var p x402.Payload
		var req x402.Requirements
		if refusal := decodeParts(body, &p, &req); refusal != nil {
			return nil, nil, 2, refusal
		}
		return &p, &req, 2, nil
	case 1:
		var p x402.PayloadV1
		var req x402.RequirementsV1
		if refusal := decodeParts(body, &p, &req); refusal != nil {
			return nil, nil, 1, refusal
		}
		pv2, reqv2 := f.fromV1(&p, &req)
		return pv2, reqv2, 1, nil
	}
	return nil, nil, 0, refuse(x402.ReasonInvalidVersion, "paymentPayload.x402Version is %d, not 1 or 2", probe.X402Version)
}

func decodeParts(body request, payload, requirements any) *x402.Refusal {
	if err := json.Unmarshal(body.PaymentPayload, payload); err != nil {
		return refuse(x402.ReasonInvalidPayload, "paymentPayload: %v", err)
	}
	if err := json.Unmarshal(body.PaymentRequirements, requirements); err != nil {
		return refuse(x402.ReasonInvalidRequirements, "paymentRequirements: %v", err)
	}
	return nil
}

// fromV1 converts a v1 payment: the v1 network name becomes the CAIP-2 id
// and maxAmountRequired the amount.
func (f *Facilitator) fromV1(p *x402.PayloadV1, r *x402.RequirementsV1) (*x402.Payload, *x402.Requirements) {
	network := func(name string) string {
		if name != "" && name == f.network.V1Name {
			return f.network.ID
		}
		return name
	}
	req := &x402.Requirements{
		Scheme: r.Scheme, Network: network(r.Network), Amount: r.MaxAmountRequired, Asset: r.Asset,
		PayTo: r.PayTo, MaxTimeoutSeconds: r.MaxTimeoutSeconds, Extra: r.Extra,
	}
	payload := &x402.Payload{
		X402Version: 1,
		Accepted:    x402.Requirements{Scheme: p.Scheme, Network: network(p.Network)},
		Payload:     x402.SchemePayload{ExactPayload: &p.Payload},
	}
	return payload, req
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v) // the response types always encode
}
