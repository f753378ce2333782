package edge

import (
	"context"
	"fmt"
	"strconv"
	"time"
	"unicode/utf8"

	"github.com/coinslot/coinslot/config"
	"github.com/coinslot/coinslot/registry"
	"github.com/valyala/fasthttp"
)

// CatalogSearch searches the public x402 catalog through the runtime's
// supervisor for that source. cmd provides it, so the edge imports no source.
type CatalogSearch func(ctx context.Context, query string, limit int) (*registry.Result, error)

// defaultCatalogLimit is the number of results when the buyer names none;
// maxCatalogQuery is the longest query passed on, the catalog's own bound.
const (
	defaultCatalogLimit = 10
	maxCatalogQuery     = 400
)

// catalogSearch is the proxy to the public x402 catalog,
// /api/x402/catalog/search?query=TEXT&limit=N (limit 1-100), answered as an
// envelope. It is free: it relays the public catalog.
func (s *Server) catalogSearch(ctx *fasthttp.RequestCtx) {
	limit := defaultCatalogLimit
	if raw := ctx.QueryArgs().Peek("limit"); len(raw) > 0 {
		n, err := strconv.Atoi(string(raw))
		if err != nil || n < 1 || n > 100 {
			writeError(ctx, registry.CodeInvalidParams, "limit is out of range",
				[]registry.FieldError{{Name: "limit", Problem: "must be an integer between 1 and 100"}})
			return
		}
		limit = n
	}
	query := string(ctx.QueryArgs().Peek("query"))
	if utf8.RuneCountInString(query) > maxCatalogQuery {
		writeError(ctx, registry.CodeInvalidParams, "query is too long",
			[]registry.FieldError{{Name: "query", Problem: fmt.Sprintf("must be at most %d characters", maxCatalogQuery)}})
		return
	}
	if s.searchCatalog == nil {
		writeError(ctx, registry.CodeUpstreamUnavailable,
			"the x402 catalog search has no upstream connected on this instance", nil)
		return
	}
	c, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	res, err := s.searchCatalog(c, query, limit)
	if err != nil {
		f := toolFailure(catalogSearchTool, err)
		writeError(ctx, f.code, f.message, f.fields)
		return
	}
	body, err := registry.Render(catalogSearchTool, res, s.now(), s.cfg.Load().Mode == config.Sandbox)
	if err != nil {
		writeError(ctx, registry.CodeInternal, "the catalog answer could not be encoded", nil)
		return
	}
	writeJSON(ctx, fasthttp.StatusOK, body)
}

// SearchCatalogWith connects the catalog search proxy to its upstream.
// Call it before serving.
func (s *Server) SearchCatalogWith(f CatalogSearch) { s.searchCatalog = f }

// catalogSearchTool is the catalog search as the answer renderer and the
// failure messages see it: not sold, answered as an envelope.
var catalogSearchTool = &registry.Tool{Name: "x402 catalog search", Shape: registry.Envelope}
