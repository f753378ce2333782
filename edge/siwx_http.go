package edge

import (
	"github.com/coinslot/coinslot/config"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/coinslot/coinslot/registry"
	"github.com/valyala/fasthttp"
)

// serveSignedIn answers an HTTP call that carries a SIGN-IN-WITH-X header
// and no payment. It returns false, having written nothing, when the call
// has none or sign-in-with-x is off.
func (s *Server) serveSignedIn(ctx *fasthttp.RequestCtx, cfg *config.Config, rec *access, a *admission) bool {
	v := ctx.Request.Header.Peek(x402.HeaderSignInWithX)
	if v == nil || !cfg.SIWx.Enabled {
		return false
	}
	proof, err := x402.DecodeSIWx(string(v))
	payer, body, f := s.signedIn(cfg, a, proof, err)
	rec.signedIn(a.offer.tool.Name, payer, f)
	switch {
	case f != nil && f.code == registry.CodePaymentRequired:
		writeRefusal(ctx, a.offer, f) // with a new challenge, to sign or to pay
		return true
	case f != nil:
		writeFailure(ctx, a.offer, f)
		return true
	}
	ctx.Response.Header.Set("Cache-Control", "private, no-store")
	writeJSON(ctx, fasthttp.StatusOK, body)
	return true
}
