package edge

import (
	"strconv"

	"github.com/coinslot/coinslot/registry"
	"github.com/valyala/fasthttp"
)

// catalogSearch is the proxy to the public x402 catalog,
// /api/x402/catalog/search?query=TEXT&limit=N (limit 1-100). Its input is
// checked now; it answers 503 until an upstream adapter serves it.
func (s *Server) catalogSearch(ctx *fasthttp.RequestCtx) {
	if raw := ctx.QueryArgs().Peek("limit"); len(raw) > 0 {
		if n, err := strconv.Atoi(string(raw)); err != nil || n < 1 || n > 100 {
			writeError(ctx, fasthttp.StatusBadRequest, "invalid_params", "limit is out of range",
				[]registry.FieldError{{Name: "limit", Problem: "must be an integer between 1 and 100"}})
			return
		}
	}
	writeError(ctx, fasthttp.StatusServiceUnavailable, "upstream_unavailable",
		"the x402 catalog search has no upstream connected on this instance", nil)
}
