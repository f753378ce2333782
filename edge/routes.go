package edge

import (
	"encoding/json"
	"fmt"

	"github.com/coinslot/coinslot/config"
	"github.com/coinslot/coinslot/registry"
	"github.com/valyala/fasthttp"
)

// buildRoutes builds the documents of the catalog for cfg and the exact-path
// routes that serve them. Every route here is read-only. Quotes repeat the
// bazaar extension of each tool's offer.
func (s *Server) buildRoutes(cfg *config.Config, offers map[string]*offer) (map[string]fasthttp.RequestHandler, error) {
	site := s.site(cfg)
	site.Discovery = func(t *registry.Tool) json.RawMessage {
		if o := offers[t.Name]; o != nil {
			return o.terms.Discovery()
		}
		return nil
	}
	docs, err := registry.BuildDocuments(site, registry.All())
	if err != nil {
		return nil, fmt.Errorf("discovery documents: %w", err)
	}
	routes := map[string]fasthttp.RequestHandler{
		registry.PathRoot:          root(docs),
		registry.PathInfo:          document(contentJSON, docs.Info),
		registry.PathOpenAPI:       document(contentJSON, docs.OpenAPI),
		registry.PathOpenAPIAlias:  document(contentJSON, docs.OpenAPI),
		registry.PathDiscovery:     document(contentJSON, docs.Discovery),
		registry.PathX402:          document(contentJSON, docs.X402),
		registry.PathX402JSON:      document(contentJSON, docs.X402),
		registry.PathAgent:         document(contentJSON, docs.AgentCard),
		registry.PathAgentCard:     document(contentJSON, docs.AgentCard),
		registry.PathMCPManifest:   document(contentJSON, docs.MCPManifest),
		registry.PathLLMs:          document(contentText, docs.LLMs),
		registry.PathLLMsFull:      document(contentText, docs.LLMsFull),
		registry.PathDocs:          document(contentHTML, docs.Docs),
		registry.PathReceiptSchema: document(contentMarkdown, ReceiptSchemaDoc),
		registry.PathIcon:          document(contentSVG, registry.Icon),
		registry.PathFavicon:       document(contentSVG, registry.Icon),
		registry.PathQuote:         quote(docs),
		registry.PathRouteFinder:   find(docs),
		registry.PathSystemInfo:    s.systemInfo,
		registry.PathHealth:        health,
		registry.PathReady:         s.readiness,
		registry.PathCatalogSearch: s.catalogSearch,
	}
	for path, h := range routes {
		routes[path] = readOnly(h)
	}
	routes[registry.PathA2A] = s.serveA2A
	routes[registry.PathPayments] = s.servePayerStatus // read-only, and preflighted for browsers
	// The paid routes join them: finding any route is one lookup.
	for _, t := range registry.All() {
		if t.Paid() {
			routes[t.Path] = func(ctx *fasthttp.RequestCtx) { s.servePaid(ctx, t) }
		}
	}
	return routes, nil
}
