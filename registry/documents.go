package registry

import "fmt"

// Documents are every discovery document of one catalog on one site, built
// once and served as bytes. Quotes and route-finder answers depend on the
// request and are assembled from prebuilt parts.
type Documents struct {
	Index       []byte // /, for clients that do not ask for HTML
	Info        []byte // /api/info
	OpenAPI     []byte // /openapi.json and /api/openapi.json
	Discovery   []byte // /discovery: the route-finder shape for the whole catalog
	X402        []byte // /.well-known/x402 and /.well-known/x402.json
	AgentCard   []byte // /.well-known/agent.json and /.well-known/agent-card.json
	MCPManifest []byte // /.well-known/mcp.json
	LLMs        []byte // /llms.txt
	LLMsFull    []byte // /llms-full.txt
	Docs        []byte // /docs

	quotes map[string][]byte
	finder *finder
}

// BuildDocuments builds every document for tools (in the order given, which
// is the order documents list them) on site.
func BuildDocuments(site Site, tools []*Tool) (*Documents, error) {
	if err := site.check(); err != nil {
		return nil, err
	}
	for _, t := range tools {
		if t.PriceAtomic() == 0 {
			return nil, fmt.Errorf("tool %s is not registered", t.Name)
		}
	}
	d := &Documents{quotes: make(map[string][]byte, len(tools))}
	var err error
	if d.finder, err = newFinder(site, tools); err != nil {
		return nil, err
	}
	answers := make(map[*Tool]*Sample, len(tools))
	for _, t := range tools {
		if answers[t], err = ToolSample(site, t); err != nil {
			return nil, err
		}
	}
	card, err := buildAgentCard(site, tools)
	if err != nil {
		return nil, err
	}
	for _, doc := range []struct {
		dst *[]byte
		v   any
	}{
		{&d.Index, buildIndex(site)},
		{&d.Info, buildInfo(site, tools)},
		{&d.OpenAPI, buildOpenAPI(site, tools, answers)},
		{&d.Discovery, d.finder.find("")},
		{&d.X402, buildX402(site, tools)},
		{&d.AgentCard, card},
		{&d.MCPManifest, buildMCPManifest(site, tools)},
	} {
		if *doc.dst, err = indent(doc.v); err != nil {
			return nil, err
		}
	}
	for _, t := range tools {
		if d.quotes[t.Name], err = indent(buildQuote(site, t)); err != nil {
			return nil, err
		}
	}
	d.LLMs = buildLLMs(site, tools)
	if d.LLMsFull, err = buildLLMsFull(site, tools); err != nil {
		return nil, err
	}
	if d.Docs, err = buildDocs(site, tools, answers); err != nil {
		return nil, err
	}
	return d, nil
}

// Quote is the quote document of the named tool.
func (d *Documents) Quote(name string) ([]byte, bool) {
	b, ok := d.quotes[name]
	return b, ok
}

// Find is the route-finder answer for q.
func (d *Documents) Find(q string) ([]byte, error) {
	return indent(d.finder.find(q))
}
