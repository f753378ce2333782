package registry

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
)

// byCategory groups tools in the order of Categories, skipping empty ones.
func byCategory(tools []*Tool) []categoryGroup {
	var groups []categoryGroup
	for _, c := range Categories {
		g := categoryGroup{Name: c}
		for _, t := range tools {
			if t.Category == c {
				g.Tools = append(g.Tools, t)
			}
		}
		if len(g.Tools) > 0 {
			groups = append(groups, g)
		}
	}
	return groups
}

type categoryGroup struct {
	Name  string
	Tools []*Tool
}

// llmsHeader is the part llms.txt and llms-full.txt share: title, summary and
// how to pay.
func llmsHeader(b *bytes.Buffer, s Site, tools []*Tool) {
	routes := 0
	for _, t := range tools {
		if t.Paid() {
			routes++
		}
	}
	fmt.Fprintf(b, "# %s\n\n", s.Service)
	fmt.Fprintf(b, "> Pay-per-call data and analysis tools for software agents: %d tools, each paid per call in %s "+
		"over x402 on %s (%s). No account and no API key.\n\n", len(tools), AssetName, s.NetworkName, s.Network)
	if s.Sandbox {
		b.WriteString("This instance is a sandbox: payments settle on an in-process test chain and move no real money.\n\n")
	}
	fmt.Fprintf(b, "How to buy:\n\n"+
		"- %d tools are HTTP routes: `POST %s/paid/...` with a JSON object body. Tools sold over MCP only (%d) are called with `tools/call` at %s.\n"+
		"- A call without payment answers HTTP 402 with the terms in the `PAYMENT-REQUIRED` header (x402 v2). "+
		"Sign an EIP-3009 authorization for the exact price and retry with `PAYMENT-SIGNATURE`; "+
		"a wallet without gas pays the `permit2` entry with an EIP-2612 permit (`eip2612GasSponsoring`), "+
		"and a tool marked upto settles what it delivered, at most its price.\n"+
		"- Before paying, check the terms against the tool's buyer contract (%s?tool=NAME): network `%s`, "+
		"asset contract `%s`, payTo `%s`, maxPayment equal to the price, and the resource path.\n"+
		"- Input is checked before payment is asked for: a bad field is a 400 that costs nothing.\n"+
		"- Every settled payment has a receipt at %s{tx} (schema: %s).\n\n",
		routes, s.URL(""), len(tools)-routes, s.URL(PathMCP), s.URL(PathQuote), s.Network, s.AssetContract, s.PayTo,
		s.URL(PathReceipt), s.URL(PathReceiptSchema))
	fmt.Fprintf(b, "## API\n\n"+
		"- [OpenAPI 3.1](%s): every HTTP route with request and response schemas and prices\n"+
		"- [Catalog](%s): every tool with price, parameters and example\n"+
		"- [Route finder](%s?q=TEXT): tools ranked for a query, with buyer contracts\n"+
		"- [x402 discovery](%s): paid resources and their terms\n"+
		"- [MCP server card](%s): MCP endpoint and tool list\n"+
		"- [Agent card](%s): A2A card with one skill per tool\n"+
		"- [Receipt schema](%s): the fields of a payment receipt\n"+
		"- [Docs](%s): the catalog for people\n\n",
		s.URL(PathOpenAPI), s.URL(PathInfo), s.URL(PathRouteFinder), s.URL(PathX402), s.URL(PathMCPManifest),
		s.URL(PathAgentCard), s.URL(PathReceiptSchema), s.URL(PathDocs))
}

// buildLLMs is /llms.txt (llmstxt.org): one link per tool, by category.
func buildLLMs(s Site, tools []*Tool) []byte {
	var b bytes.Buffer
	llmsHeader(&b, s, tools)
	for _, g := range byCategory(tools) {
		fmt.Fprintf(&b, "## %s\n\n", g.Name)
		for _, t := range g.Tools {
			fmt.Fprintf(&b, "- [%s](%s): %s USD. %s\n", t.Name, s.QuoteURL(t), t.Price, strings.TrimSpace(t.Description+" "+t.UptoNote()))
		}
		b.WriteByte('\n')
	}
	fmt.Fprintf(&b, "## Optional\n\n- [Full reference](%s): every tool with its parameters, an example call and what it returns\n", s.URL(PathLLMsFull))
	return b.Bytes()
}

// buildLLMsFull is /llms-full.txt: the same, with each tool written out.
func buildLLMsFull(s Site, tools []*Tool) ([]byte, error) {
	var b bytes.Buffer
	llmsHeader(&b, s, tools)
	for _, g := range byCategory(tools) {
		fmt.Fprintf(&b, "## %s\n\n", g.Name)
		for _, t := range g.Tools {
			fmt.Fprintf(&b, "### %s\n\n%s\n\n", t.Name, t.Description)
			fmt.Fprintf(&b, "- Price: %s USD (%s atomic %s)\n", t.Price, strconv.FormatInt(t.PriceAtomic(), 10), AssetName)
			if t.Metered != nil {
				fmt.Fprintf(&b, "- %s\n", t.UptoNote())
			}
			if t.Paid() {
				fmt.Fprintf(&b, "- Endpoint: `POST %s`\n", s.URL(t.Path))
			} else {
				fmt.Fprintf(&b, "- Endpoint: MCP `tools/call` name `%s` at %s (no HTTP route)\n", t.Name, s.URL(PathMCP))
			}
			fmt.Fprintf(&b, "- Quote and buyer contract: %s\n", s.QuoteURL(t))
			fmt.Fprintf(&b, "- Returns: %s\n\n", t.Expected)
			if len(t.Params) == 0 {
				b.WriteString("Parameters: none.\n\n")
			} else {
				b.WriteString("Parameters:\n\n")
				for _, p := range t.Params {
					fmt.Fprintf(&b, "- `%s`: %s\n", p.Name, p.Hint())
				}
				b.WriteByte('\n')
			}
			ex, err := compact(example(t))
			if err != nil {
				return nil, err
			}
			fmt.Fprintf(&b, "Example body:\n\n```json\n%s\n```\n\n", ex)
		}
	}
	return b.Bytes(), nil
}
