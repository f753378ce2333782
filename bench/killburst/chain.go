package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"math/big"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"time"

	"github.com/coinslot/coinslot/edge/facilitator"
	"github.com/coinslot/coinslot/edge/facilitator/usdc"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
)

// chain is the sandbox chain and its facilitator, in this process: they
// outlive the coinslot that is killed, as a real chain and facilitator do.
// It counts /settle outcomes per authorization, so a second charge shows.
type chain struct {
	sb *facilitator.Sandbox

	mu      sync.Mutex
	settled map[string]int       // payer|nonce → successful /settle answers
	asked   map[string]time.Time // payer|nonce → when the successful /settle was received
	refused map[string]int       // payer|nonce → /settle refused because the authorization was used
}

func newChain(ctx context.Context) (*chain, error) {
	sb, err := facilitator.NewSandbox(ctx, 10, 1337)
	if err != nil {
		return nil, err
	}
	return &chain{sb: sb, settled: map[string]int{}, asked: map[string]time.Time{}, refused: map[string]int{}}, nil
}

func key(from, nonce string) string { return strings.ToLower(from + "|" + nonce) }

// handler serves /sandbox/rpc and /facilitator/, as a sandbox coinslot does.
func (c *chain) handler() http.Handler {
	fac := http.StripPrefix("/facilitator", c.sb.Facilitator.HTTPHandler())
	mux := http.NewServeMux()
	mux.Handle("/sandbox/rpc", c.sb.RPCHandler())
	mux.Handle("/facilitator/", fac)
	mux.HandleFunc("POST /facilitator/settle", func(w http.ResponseWriter, r *http.Request) {
		asked := time.Now()
		body, _ := io.ReadAll(r.Body)
		var req struct {
			PaymentPayload x402.Payload `json:"paymentPayload"`
		}
		json.Unmarshal(body, &req)
		a := req.PaymentPayload.Payload.Exact().Authorization
		r.Body = io.NopCloser(bytes.NewReader(body))
		rec := httptest.NewRecorder()
		fac.ServeHTTP(rec, r)
		var resp x402.SettleResponse
		json.Unmarshal(rec.Body.Bytes(), &resp)
		c.mu.Lock()
		switch {
		case resp.Success:
			c.settled[key(a.From, a.Nonce)]++
			c.asked[key(a.From, a.Nonce)] = asked
		case resp.ErrorReason == facilitator.ReasonNonceUsed:
			c.refused[key(a.From, a.Nonce)]++
		}
		c.mu.Unlock()
		for k, v := range rec.Header() {
			w.Header()[k] = v
		}
		w.WriteHeader(rec.Code)
		w.Write(rec.Body.Bytes())
	})
	return mux
}

// used reports whether the token has spent the authorization.
func (c *chain) used(ctx context.Context, from, nonce string) (bool, error) {
	token := usdc.NewTestUSDC()
	asset := c.sb.Network.Asset
	out, err := c.sb.Client().CallContract(ctx, ethereum.CallMsg{To: &asset, Data: token.PackAuthorizationState(common.HexToAddress(from), common.HexToHash(nonce))}, nil)
	if err != nil {
		return false, err
	}
	return token.UnpackAuthorizationState(out)
}

// transfers counts the token's AuthorizationUsed events per authorization,
// over the whole chain: more than one for an authorization is a double
// charge.
func (c *chain) transfers(ctx context.Context) (map[string]int, error) {
	token := usdc.NewTestUSDC()
	logs, err := c.sb.Client().FilterLogs(ctx, ethereum.FilterQuery{
		FromBlock: big.NewInt(0), Addresses: []common.Address{c.sb.Network.Asset},
		Topics: [][]common.Hash{{token.GetABI().Events[usdc.TestUSDCAuthorizationUsedEventName].ID}},
	})
	if err != nil {
		return nil, err
	}
	n := map[string]int{}
	for _, l := range logs {
		n[key(common.BytesToAddress(l.Topics[1].Bytes()).Hex(), l.Topics[2].Hex())]++
	}
	return n, nil
}
