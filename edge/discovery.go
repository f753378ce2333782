package edge

import (
	"crypto/ecdsa"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/coinslot/coinslot/config"
	"github.com/coinslot/coinslot/lexical"
	"github.com/coinslot/coinslot/registry"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/valyala/fasthttp"
)

// cdpCatalog is the public catalog of payable resources the info document
// points buyers to.
const cdpCatalog = "https://api.cdp.coinbase.com/platform/v2/x402/discovery/resources"

// Content types of the discovery documents.
const (
	contentJSON     = "application/json"
	contentHTML     = "text/html; charset=utf-8"
	contentText     = "text/plain; charset=utf-8"
	contentSVG      = "image/svg+xml"
	contentMarkdown = "text/markdown; charset=utf-8"
)

// documentCache lets clients and proxies keep a document for five minutes;
// documents change only on a config reload or a new release.
const documentCache = "public, max-age=300"

// site states what the documents say about this service: the payment
// networks come from the payments setup (the configured networks, or the
// sandbox chain), each with the schemes its 402 offers.
func (s *Server) site(cfg *config.Config) registry.Site {
	payTo := cfg.PayTo
	if common.IsHexAddress(payTo) {
		payTo = common.HexToAddress(payTo).Hex() // as the 402 terms state it
	}
	var nets []registry.PayNetwork
	for _, n := range s.pay.Networks {
		asset := ""
		if n.Asset != (common.Address{}) {
			asset = n.Asset.Hex()
		}
		nets = append(nets, registry.PayNetwork{Network: n.ID, NetworkName: n.Name, AssetContract: asset, Schemes: s.pay.schemesOn(n)})
	}
	if len(nets) == 0 { // refused by the checks that follow: paid routes need a network
		nets = []registry.PayNetwork{{}}
	}
	return registry.Site{
		BaseURL:           cfg.BaseURL,
		Version:           Version,
		Service:           registry.ServiceName,
		Network:           nets[0].Network,
		NetworkName:       nets[0].NetworkName,
		AssetContract:     nets[0].AssetContract,
		Schemes:           nets[0].Schemes,
		More:              nets[1:],
		PayTo:             payTo,
		Facilitator:       cfg.FacilitatorURL,
		CatalogURL:        cdpCatalog,
		Sandbox:           cfg.Mode == config.Sandbox,
		MaxTimeoutSeconds: cfg.MaxTimeoutSeconds,
		OfferSigner:       offerSigner(s.pay.OfferKey),
	}
}

// offerSigner is the address whose signatures on offers and receipts a
// verifier accepts for this seller, "" when nothing is signed.
func offerSigner(key *ecdsa.PrivateKey) string {
	if key == nil {
		return ""
	}
	return crypto.PubkeyToAddress(key.PublicKey).Hex()
}

// readOnly answers GET and HEAD with h and anything else with 405.
func readOnly(h fasthttp.RequestHandler) fasthttp.RequestHandler {
	return func(ctx *fasthttp.RequestCtx) {
		if !ctx.IsGet() && !ctx.IsHead() {
			ctx.Response.Header.Set("Allow", "GET, HEAD")
			writeError(ctx, registry.CodeMethodNotAllowed,
				fmt.Sprintf("%s takes GET or HEAD, not %s", ctx.Path(), ctx.Method()), nil)
			return
		}
		h(ctx)
	}
}

// document serves prebuilt bytes. They are never modified (a reload builds
// new ones), so they are sent without a copy.
func document(contentType string, body []byte) fasthttp.RequestHandler {
	return func(ctx *fasthttp.RequestCtx) {
		ctx.SetContentType(contentType)
		ctx.Response.Header.Set("Cache-Control", documentCache)
		ctx.Response.Header.Set("Access-Control-Allow-Origin", "*")
		ctx.Response.SetBodyRaw(body)
	}
}

// root sends a browser, which asks for HTML, to the docs page, and answers
// anything else with the index of the service's documents.
func root(docs *registry.Documents) fasthttp.RequestHandler {
	index := document(contentJSON, docs.Index)
	return func(ctx *fasthttp.RequestCtx) {
		if strings.Contains(string(ctx.Request.Header.Peek("Accept")), "text/html") {
			ctx.Redirect(registry.PathDocs, fasthttp.StatusFound)
			return
		}
		index(ctx)
	}
}

// quote serves /api/quote?tool=NAME.
func quote(docs *registry.Documents) fasthttp.RequestHandler {
	return func(ctx *fasthttp.RequestCtx) {
		name := strings.TrimSpace(string(ctx.QueryArgs().Peek("tool")))
		if name == "" {
			writeError(ctx, registry.CodeInvalidParams, "say which tool to quote: ?tool=NAME",
				[]registry.FieldError{{Name: "tool", Problem: "is required"}})
			return
		}
		body, ok := docs.Quote(name)
		if !ok {
			f := registry.Misnamed("tool", name, "names no tool", registry.Names())
			writeError(ctx, registry.CodeNotFound, "no tool named "+name+lexical.DidYouMean(f.Suggestion), []registry.FieldError{f})
			return
		}
		document(contentJSON, body)(ctx)
	}
}

// maxQuery bounds a route-finder query; no tool needs more words to be found.
const maxQuery = 200

// find serves the route finder, /api/routes/find?q=TEXT.
func find(docs *registry.Documents) fasthttp.RequestHandler {
	return func(ctx *fasthttp.RequestCtx) {
		q := string(ctx.QueryArgs().Peek("q"))
		if utf8.RuneCountInString(q) > maxQuery {
			writeError(ctx, registry.CodeInvalidParams, "the query is too long",
				[]registry.FieldError{{Name: "q", Problem: fmt.Sprintf("must be at most %d characters", maxQuery)}})
			return
		}
		body, err := docs.Find(q)
		if err != nil {
			writeError(ctx, registry.CodeInternal, "the route finder failed", nil)
			return
		}
		document(contentJSON, body)(ctx)
	}
}
