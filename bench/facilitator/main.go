// Command facilitator is the benchmark's facilitator double: it accepts
// every payment and settles it without a chain, so that both sellers under
// test pay the same, near-zero facilitator cost on loopback. Payers listed
// in --unfunded are refused for their balance, as an empty wallet is; GET
// /stats counts the verifies and settles it answered.
package main

import (
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

	supported := fmt.Appendf(nil, `{"kinds":[{"x402Version":2,"scheme":"exact","network":%q},{"x402Version":1,"scheme":"exact","network":"base"}],"extensions":[],"signers":{}}`, *network)
	valid := []byte(`{"isValid":true}`)
	var settled, verified atomic.Uint64
	handler := func(ctx *fasthttp.RequestCtx) {
		ctx.SetContentType("application/json")
		switch string(ctx.Path()) {
		case "/supported":
			ctx.SetBody(supported)
		case "/verify":
			verified.Add(1)
			if payer := payerOf(ctx.PostBody()); unfunded[payer] {
				ctx.SetBody(fmt.Appendf(nil, `{"isValid":false,"invalidReason":"insufficient_funds","payer":%q}`, payer))
				return
			}
			ctx.SetBody(valid)
		case "/stats":
			ctx.SetBody(fmt.Appendf(nil, `{"verifies":%d,"settles":%d}`, verified.Load(), settled.Load()))
		case "/settle":
			// A distinct transaction per settlement: receipts are keyed by it.
			ctx.SetBody(fmt.Appendf(nil, `{"success":true,"transaction":"0x%064x","network":%q}`, settled.Add(1), *network))
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
