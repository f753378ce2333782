package facilitator

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/rpc"
)

// maxRPCBytes bounds one JSON-RPC request body, a batch included.
const maxRPCBytes = 1 << 20

// rpcNamespaces are the method prefixes served over HTTP: the chain's reads
// and raw transactions. The node's own endpoint also answers admin_ and
// debug_ methods, some of which write files; those stay inside.
var rpcNamespaces = []string{"eth_", "net_", "web3_"}

// atPresent are the methods that simulate or send a transaction: the head
// is brought to the present first, as on a live chain whose head is seconds
// old, so an authorization valid from a minute ago is not judged against a
// block sealed an hour ago.
var atPresent = map[string]bool{"eth_sendRawTransaction": true, "eth_estimateGas": true, "eth_call": true}

// JSON-RPC 2.0 error codes.
const (
	rpcParseError     = -32700
	rpcInvalidRequest = -32600
	rpcNoMethod       = -32601
	rpcInvalidParams  = -32602
)

type rpcRequest struct {
	ID     json.RawMessage `json:"id,omitempty"`
	Method string          `json:"method"`
	Params json.RawMessage `json:"params,omitempty"`
}

type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
	Data    any    `json:"data,omitempty"`
}

type rpcResponse struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Result  json.RawMessage `json:"result,omitempty"`
	Error   *rpcError       `json:"error,omitempty"`
}

// RPCHandler serves the chain's JSON-RPC over HTTP (POST, single calls and
// batches) so that ethclient, viem and ethers reach the sandbox chain like
// any node. A transaction sent with eth_sendRawTransaction is sealed before
// its hash is answered: the simulated chain produces blocks only on demand.
func (s *Sandbox) RPCHandler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			w.Header().Set("Allow", http.MethodPost)
			http.Error(w, "JSON-RPC is served on POST", http.StatusMethodNotAllowed)
			return
		}
		body, err := readAll(w, r)
		if err != nil {
			writeRPC(w, rpcResponse{JSONRPC: "2.0", ID: json.RawMessage("null"), Error: &rpcError{Code: rpcParseError, Message: err.Error()}})
			return
		}
		if trimmed := bytes.TrimSpace(body); len(trimmed) > 0 && trimmed[0] == '[' {
			var batch []json.RawMessage
			if err := json.Unmarshal(trimmed, &batch); err != nil || len(batch) == 0 {
				writeRPC(w, rpcResponse{JSONRPC: "2.0", ID: json.RawMessage("null"), Error: &rpcError{Code: rpcInvalidRequest, Message: "a batch is a non-empty JSON array of requests"}})
				return
			}
			out := []rpcResponse{}
			for _, one := range batch {
				if resp, answer := s.serveRPC(r.Context(), one); answer {
					out = append(out, resp)
				}
			}
			writeRPC(w, out)
			return
		}
		if resp, answer := s.serveRPC(r.Context(), body); answer {
			writeRPC(w, resp)
			return
		}
		w.WriteHeader(http.StatusNoContent) // a notification has no answer
	})
}

// serveRPC answers one request through the node's own endpoint; a
// notification (no id) is run and not answered.
func (s *Sandbox) serveRPC(ctx context.Context, raw json.RawMessage) (rpcResponse, bool) {
	var req rpcRequest
	if err := json.Unmarshal(raw, &req); err != nil || req.Method == "" {
		return rpcResponse{JSONRPC: "2.0", ID: json.RawMessage("null"), Error: &rpcError{Code: rpcInvalidRequest, Message: "a request is an object with a method"}}, true
	}
	resp := rpcResponse{JSONRPC: "2.0", ID: req.ID}
	result, rerr := s.call(ctx, req)
	resp.Result, resp.Error = result, rerr
	return resp, len(req.ID) > 0
}

func (s *Sandbox) call(ctx context.Context, req rpcRequest) (json.RawMessage, *rpcError) {
	if !served(req.Method) {
		return nil, &rpcError{Code: rpcNoMethod, Message: "the method " + req.Method + " is not served; the sandbox serves eth_, net_ and web3_ methods"}
	}
	var params []json.RawMessage
	if len(req.Params) > 0 && string(req.Params) != "null" {
		if err := json.Unmarshal(req.Params, &params); err != nil {
			return nil, &rpcError{Code: rpcInvalidParams, Message: "params must be an array"}
		}
	}
	if atPresent[req.Method] {
		if err := s.Advance(ctx); err != nil {
			return nil, &rpcError{Code: -32000, Message: err.Error()}
		}
	}
	args := make([]any, len(params))
	for i, p := range params {
		args[i] = p
	}
	var result json.RawMessage
	if err := s.rpc.CallContext(ctx, &result, req.Method, args...); err != nil {
		return nil, asRPCError(err)
	}
	if req.Method == "eth_sendRawTransaction" {
		var hash common.Hash
		if json.Unmarshal(result, &hash) == nil {
			// The pool holds the transaction: its hash is the answer even if
			// it cannot be included now (a nonce gap), as on any node. It is
			// sealed even if the sender hangs up, as a live chain would.
			_ = s.Mine(context.WithoutCancel(ctx), hash)
		}
	}
	return result, nil
}

func served(method string) bool {
	for _, ns := range rpcNamespaces {
		if strings.HasPrefix(method, ns) {
			return true
		}
	}
	return false
}

// asRPCError keeps the node's code and data (a revert's reason), so clients
// decode them as from any node.
func asRPCError(err error) *rpcError {
	e := &rpcError{Code: -32000, Message: err.Error()}
	var coded rpc.Error
	if errors.As(err, &coded) {
		e.Code = coded.ErrorCode()
	}
	var data rpc.DataError
	if errors.As(err, &data) {
		e.Data = data.ErrorData()
	}
	return e
}

func readAll(w http.ResponseWriter, r *http.Request) ([]byte, error) {
	var buf bytes.Buffer
	_, err := buf.ReadFrom(http.MaxBytesReader(w, r.Body, maxRPCBytes))
	return buf.Bytes(), err
}

func writeRPC(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(v) // responses are built from valid JSON
}
