// Command ceiling is the benchmark's ceiling: a bare fasthttp server that
// answers every request with one fixed 402, the same bytes coinslot sends.
package main

import (
	"flag"
	"log"
	"os"

	"github.com/valyala/fasthttp"
)

func main() {
	listen := flag.String("listen", "127.0.0.1:8403", "listen address")
	bodyFile := flag.String("body", "", "file holding the 402 body")
	headerFile := flag.String("payment-required", "", "file holding the PAYMENT-REQUIRED value")
	flag.Parse()
	body, err := os.ReadFile(*bodyFile)
	if err != nil {
		log.Fatal(err)
	}
	required, err := os.ReadFile(*headerFile)
	if err != nil {
		log.Fatal(err)
	}
	handler := func(ctx *fasthttp.RequestCtx) {
		ctx.Response.Header.SetBytesV("PAYMENT-REQUIRED", required)
		ctx.SetContentType("application/json")
		ctx.SetStatusCode(fasthttp.StatusPaymentRequired)
		ctx.SetBody(body)
	}
	// Its write buffer holds the whole 402, as coinslot's does, so both
	// send it in one write.
	srv := &fasthttp.Server{Handler: handler, Name: "ceiling", WriteBufferSize: len(required) + len(body) + 1<<10}
	log.Fatal(srv.ListenAndServe(*listen))
}
