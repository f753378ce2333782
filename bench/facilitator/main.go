// Command facilitator is the benchmark's facilitator double: it accepts
// every payment and settles it without a chain, so that both sellers under
// test pay the same, near-zero facilitator cost on loopback.
package main

import (
	"flag"
	"fmt"
	"log"
	"sync/atomic"

	"github.com/valyala/fasthttp"
)

func main() {
	listen := flag.String("listen", "127.0.0.1:8402", "listen address")
	network := flag.String("network", "eip155:8453", "the CAIP-2 network it claims to settle on")
	flag.Parse()

	supported := fmt.Appendf(nil, `{"kinds":[{"x402Version":2,"scheme":"exact","network":%q},{"x402Version":1,"scheme":"exact","network":"base"}],"extensions":[],"signers":{}}`, *network)
	valid := []byte(`{"isValid":true}`)
	var settled atomic.Uint64
	handler := func(ctx *fasthttp.RequestCtx) {
		ctx.SetContentType("application/json")
		switch string(ctx.Path()) {
		case "/supported":
			ctx.SetBody(supported)
		case "/verify":
			ctx.SetBody(valid)
		case "/settle":
			// A distinct transaction per settlement: receipts are keyed by it.
			ctx.SetBody(fmt.Appendf(nil, `{"success":true,"transaction":"0x%064x","network":%q}`, settled.Add(1), *network))
		default:
			ctx.SetStatusCode(fasthttp.StatusNotFound)
		}
	}
	log.Fatal((&fasthttp.Server{Handler: handler, Name: "facilitator-double"}).ListenAndServe(*listen))
}
