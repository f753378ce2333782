package registry

// Discovery and metadata addresses, relative to the base URL. The edge serves
// them and the documents link to them, from these names only.
const (
	PathRoot          = "/"
	PathMCP           = "/mcp"
	PathA2A           = "/a2a"
	PathMCPManifest   = "/.well-known/mcp.json"
	PathInfo          = "/api/info"
	PathSystemInfo    = "/api/system/info"
	PathAgent         = "/.well-known/agent.json"
	PathAgentCard     = "/.well-known/agent-card.json"
	PathX402          = "/.well-known/x402"
	PathX402JSON      = "/.well-known/x402.json"
	PathQuote         = "/api/quote"
	PathRouteFinder   = "/api/routes/find"
	PathReceipt       = "/receipt/"
	PathPayments      = "/payments"
	PathReceiptSchema = "/svc-receipt-v1.md"
	PathDocs          = "/docs"
	PathDiscovery     = "/discovery"
	PathLLMs          = "/llms.txt"
	PathLLMsFull      = "/llms-full.txt"
	PathOpenAPI       = "/openapi.json"
	PathOpenAPIAlias  = "/api/openapi.json"
	PathCatalogSearch = "/api/x402/catalog/search"
	PathHealth        = "/healthz"
	PathReady         = "/readyz"
	PathIcon          = "/icon.svg"
	PathFavicon       = "/favicon.ico" // the icon again, where browsers look for one unasked
)

// endpointKeys are the keys of the info document's endpoints object, in the
// interface's order, with the address each names (templates keep their
// placeholders).
var endpointKeys = []field{
	{"mcp", PathMCP},
	{"mcp_manifest", PathMCPManifest},
	{"info", PathInfo},
	{"system_info", PathSystemInfo},
	{"agent", PathAgent},
	{"agent_manifest", PathAgent},
	{"agent_card", PathAgentCard},
	{"x402", PathX402},
	{"x402_json", PathX402JSON},
	{"quote", PathQuote + "?tool=<tool_name>"},
	{"route_finder", PathRouteFinder + "?q=<text>"},
	{"receipt", PathReceipt + "{tx}"},
	{"receipt_schema", PathReceiptSchema},
	{"docs", PathDocs},
	{"discovery", PathDiscovery},
	{"llms", PathLLMs},
	{"llms_full", PathLLMsFull},
	{"openapi", PathOpenAPI},
	{"openapi_alias", PathOpenAPIAlias},
	{"bazaar_search", PathCatalogSearch + "?query=<text>&limit=<integer>"},
}

// QuoteURL is the address of a tool's quote.
func (s Site) QuoteURL(t *Tool) string { return s.URL(PathQuote + "?tool=" + t.Name) }

// ToolPage is the tool's section of the human docs.
func (s Site) ToolPage(t *Tool) string { return s.URL(PathDocs + "#" + t.Name) }
