// Command facilitator is the benchmark's facilitator double: it accepts
// every payment and settles it without a chain, so that both sellers under
// test pay the same, near-zero facilitator cost on loopback. Payers listed
// in --unfunded are refused for their balance, as an empty wallet is; GET
// /stats counts the verifies and settles it answered.
//
// It also answers batch-settlement, still without a chain or any channel
// state: /supported names a receiver authorizer, a deposit verifies and
// settles as if the channel held exactly the deposit, and claims and sweeps
// succeed as exact settlements do. No signature is checked and no balance
// is kept, so a seller must verify vouchers itself, as coinslot does while
// its mirrored channel state is fresh.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"os"
	"strings"
	"sync/atomic"

	"github.com/valyala/fasthttp"
)

func main() {
	listen := flag.String("listen", "127.0.0.1:8402", "listen address")
	network := flag.String("network", "eip155:8453", "the CAIP-2 network it claims to settle on")
	authorizer := flag.String("receiver-authorizer", "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC", "the batch-settlement receiver authorizer it advertises")
	unfundedFile := flag.String("unfunded", "", "file of payer addresses, one a line, to refuse for insufficient funds")
	flag.Parse()
	unfunded := map[string]bool{}
	if *unfundedFile != "" {
		b, err := os.ReadFile(*unfundedFile)
		if err != nil {
			log.Fatal(err)
		}
		for _, a := range strings.Fields(string(b)) {
			unfunded[strings.ToLower(a)] = true
		}
	}

	supported := fmt.Appendf(nil, `{"kinds":[{"x402Version":2,"scheme":"exact","network":%q},{"x402Version":2,"scheme":"batch-settlement","network":%q,"extra":{"receiverAuthorizer":%q}},{"x402Version":1,"scheme":"exact","network":"base"}],"extensions":[],"signers":{}}`,
		*network, *network, *authorizer)
	valid := []byte(`{"isValid":true}`)
	var settled, verified atomic.Uint64
	handler := func(ctx *fasthttp.RequestCtx) {
		ctx.SetContentType("application/json")
		switch string(ctx.Path()) {
		case "/supported":
			ctx.SetBody(supported)
		case "/verify":
			verified.Add(1)
			if d := depositOf(ctx.PostBody()); d != nil {
				ctx.SetBody(mustJSON(map[string]any{"isValid": true, "payer": d.payer, "extra": d.state()}))
				return
			}
			if payer := payerOf(ctx.PostBody()); unfunded[payer] {
				ctx.SetBody(fmt.Appendf(nil, `{"isValid":false,"invalidReason":"insufficient_funds","payer":%q}`, payer))
				return
			}
			ctx.SetBody(valid)
		case "/stats":
			ctx.SetBody(fmt.Appendf(nil, `{"verifies":%d,"settles":%d}`, verified.Load(), settled.Load()))
		case "/settle":
			// A distinct transaction per settlement: receipts are keyed by it.
			tx := fmt.Sprintf("0x%064x", settled.Add(1))
			if d := depositOf(ctx.PostBody()); d != nil {
				ctx.SetBody(mustJSON(map[string]any{"success": true, "payer": d.payer, "transaction": tx, "network": *network,
					"amount": d.amount, "extra": map[string]any{"channelState": d.state()}}))
				return
			}
			ctx.SetBody(fmt.Appendf(nil, `{"success":true,"transaction":%q,"network":%q}`, tx, *network))
		default:
			ctx.SetStatusCode(fasthttp.StatusNotFound)
		}
	}
	log.Fatal((&fasthttp.Server{Handler: handler, Name: "facilitator-double"}).ListenAndServe(*listen))
}

// payerOf is the lower-case payer of a /verify request's exact payment.
func payerOf(body []byte) string {
	var req struct {
		PaymentPayload struct {
			Payload struct {
				Authorization struct{ From string }
			}
		}
	}
	json.Unmarshal(body, &req)
	return strings.ToLower(req.PaymentPayload.Payload.Authorization.From)
}

// deposit is a batch-settlement deposit as the double reads it.
type deposit struct {
	channel, payer, amount string
}

// state is the channel as the double reports it: holding the deposit alone,
// nothing claimed, no withdrawal or refund.
func (d *deposit) state() map[string]any {
	return map[string]any{"channelId": d.channel, "balance": d.amount, "totalClaimed": "0", "withdrawRequestedAt": 0, "refundNonce": "0"}
}

// depositOf reads a request's batch-settlement deposit, nil for any other
// payment. Exact payments never contain the word, so most requests skip
// the decoding.
func depositOf(body []byte) *deposit {
	if !bytes.Contains(body, []byte(`"deposit"`)) {
		return nil
	}
	var req struct {
		PaymentPayload struct {
			Payload struct {
				Type          string
				ChannelConfig struct{ Payer string }
				Voucher       struct{ ChannelID string }
				Deposit       struct{ Amount string }
			}
		}
	}
	if json.Unmarshal(body, &req) != nil || req.PaymentPayload.Payload.Type != "deposit" {
		return nil
	}
	p := req.PaymentPayload.Payload
	return &deposit{channel: p.Voucher.ChannelID, payer: p.ChannelConfig.Payer, amount: p.Deposit.Amount}
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}
