package edge

import (
	"github.com/coinslot/coinslot/config"
	"github.com/valyala/fasthttp"
)

// buildRoutes builds the exact-path routes and the documents they serve.
func (s *Server) buildRoutes(cfg *config.Config) (map[string]fasthttp.RequestHandler, error) {
	routes := map[string]fasthttp.RequestHandler{
		"/healthz": func(ctx *fasthttp.RequestCtx) { writeJSON(ctx, 200, []byte(`{"status":"ok"}`)) },
	}
	return routes, nil
}
