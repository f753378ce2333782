package edge

import (
	"errors"
	"sync/atomic"

	"github.com/coinslot/coinslot/config"
	"github.com/valyala/fasthttp"
)

// Generation is everything the server serves from one configuration: its
// documents and routes, every tool's payment terms and /mcp. A generation is
// built whole before it is served, and replaced whole.
type Generation struct {
	cfg    *config.Config
	routes map[string]fasthttp.RequestHandler // exact paths
	// templates holds each route's path as a string of its own, to label
	// a request with without copying its path.
	templates map[string]string
	offers    map[string]*offer // every tool's terms by tool name
	mcp       fasthttp.RequestHandler
}

// Prepare builds the generation for cfg without serving it. It reports every
// part that cannot be built, and changes nothing.
func (s *Server) Prepare(cfg *config.Config) (*Generation, error) {
	g := &Generation{cfg: cfg}
	var errs [3]error
	g.offers, errs[1] = s.buildOffers(cfg)
	g.routes, errs[0] = s.buildRoutes(cfg, g.offers)
	g.mcp, errs[2] = s.buildMCP(cfg)
	if err := errors.Join(errs[:]...); err != nil {
		return nil, err
	}
	g.templates = make(map[string]string, len(g.routes))
	for path := range g.routes {
		g.templates[path] = path
	}
	return g, nil
}

// Apply serves g from now on; it cannot fail. A request finds its route
// or /mcp in one generation and keeps that handler to the end; every read
// of the configuration or the terms sees a whole generation.
func (s *Server) Apply(g *Generation) { s.gen.Store(g) }

// readGenerations points the server's views at its generation in service.
func (s *Server) readGenerations() {
	s.cfg = current[config.Config]{&s.gen, func(g *Generation) *config.Config { return g.cfg }}
}

// current reads one part of the generation in service, so that code written
// against a single atomic value sees whole generations.
type current[T any] struct {
	gen  *atomic.Pointer[Generation]
	part func(*Generation) *T
}

func (c current[T]) Load() *T {
	if g := c.gen.Load(); g != nil {
		return c.part(g)
	}
	return nil
}
