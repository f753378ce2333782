package registry

// siteLink is one of the documents a reader starts from.
type siteLink struct {
	Name string `json:"name"`
	URL  string `json:"url"`
}

// siteLinks are the documents a reader starts from: the docs page's header
// lists them and the index at / answers them.
func siteLinks(s Site) []siteLink {
	return []siteLink{
		{"OpenAPI 3.1", s.URL(PathOpenAPI)}, {"Catalog (JSON)", s.URL(PathInfo)},
		{"Route finder", s.URL(PathRouteFinder) + "?q=markets"}, {"x402 discovery", s.URL(PathX402)},
		{"MCP server card", s.URL(PathMCPManifest)}, {"Agent card", s.URL(PathAgentCard)},
		{"llms.txt", s.URL(PathLLMs)}, {"Receipt schema", s.URL(PathReceiptSchema)},
	}
}

// index is what GET / answers a client that does not ask for HTML (a
// browser is sent to the docs page): what the service is and where to read
// more.
type index struct {
	Service     string     `json:"service"`
	Version     string     `json:"version"`
	Description string     `json:"description"`
	Docs        string     `json:"docs"`
	MCP         string     `json:"mcp"`
	Links       []siteLink `json:"links"`
}

func buildIndex(s Site) index {
	return index{s.Service, s.Version, Description, s.URL(PathDocs), s.URL(PathMCP), siteLinks(s)}
}
