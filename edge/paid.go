package edge

import (
	"github.com/coinslot/coinslot/registry"
	"github.com/valyala/fasthttp"
)

func (s *Server) servePaid(ctx *fasthttp.RequestCtx, t *registry.Tool) {
	writeError(ctx, fasthttp.StatusServiceUnavailable, "tool_unavailable", t.Name+" is not available yet", nil)
}

func (s *Server) serveReceipt(ctx *fasthttp.RequestCtx, tx string) {
	writeError(ctx, fasthttp.StatusNotFound, "not_found", "no receipt for "+tx, nil)
}
