package registry

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"html/template"
	"strings"
	"unicode"

	"github.com/coinslot/coinslot/upstreams"
)

//go:embed docs.html.tmpl
var docsHTML string

var docsTemplate = template.Must(template.New("docs").Parse(docsHTML))

type docsPage struct {
	Site        Site
	Description string
	Asset       string
	Receipt     string
	Count       int
	Finder      string // the route finder, relative to the page
	Icon        string // the icon, relative to the page
	Today       string // the day a sandbox's recorded answers take as today
	Groups      []docsGroup
	Links       []siteLink
}

type docsGroup struct {
	Name, ID string
	Tools    []docsTool
}

type docsTool struct {
	Name, Price, Description, Expected, Endpoint, Quote, Example string
	Upto                                                         string // a metered tool's rule, in a sentence
	Fetch, CLI                                                   string // copy-paste paid calls
	Sample, SampleLabel                                          string // a recorded answer, indented
	MCPOnly, BodyRequired                                        bool
	Params                                                       []docsParam
}

type docsParam struct {
	Name, Type, Hint string
	Required         bool
}

func docsParams(t *Tool) []docsParam {
	out := make([]docsParam, len(t.Params))
	for i, p := range t.Params {
		ty := string(p.Type)
		if p.Type == Array {
			ty += " of " + string(p.Items)
		}
		out[i] = docsParam{p.Name, ty, p.Hint(), p.Required}
	}
	return out
}

// buildDocs is the HTML page at /docs: every tool by category, with its
// price, parameters, an example call and a sample answer. It loads nothing
// from elsewhere.
func buildDocs(s Site, tools []*Tool, answers map[*Tool]*Sample) ([]byte, error) {
	page := docsPage{
		Site: s, Description: Description, Asset: AssetName, Receipt: s.URL(PathReceiptSchema), Count: len(tools),
		Links: siteLinks(s),
		// Relative, so that the page searches the service it was read from
		// whatever address the browser reached it at; /docs sits at the root.
		Finder: "." + PathRouteFinder,
		Icon:   "." + PathIcon,
		Today:  upstreams.RecordedAt.Format("2 January 2006"),
	}
	for _, g := range byCategory(tools) {
		dg := docsGroup{Name: g.Name, ID: categoryID(g.Name)}
		for _, t := range g.Tools {
			ex, err := curl(s, t)
			if err != nil {
				return nil, err
			}
			body, err := compact(example(t))
			if err != nil {
				return nil, err
			}
			var sample, label string
			if a := answers[t]; a != nil {
				var b bytes.Buffer
				if err := json.Indent(&b, a.Body, "", "  "); err != nil {
					return nil, err
				}
				sample, label = b.String(), a.Label()
			}
			dg.Tools = append(dg.Tools, docsTool{
				Name: t.Name, Price: t.Price, Description: t.Description, Expected: t.Expected, Upto: t.UptoNote(),
				Endpoint: s.Endpoint(t), Quote: s.QuoteURL(t), Example: ex,
				Fetch: fetchSnippet(s, t, body), CLI: cliSnippet(s, t, body), Sample: sample, SampleLabel: label,
				MCPOnly: !t.Paid(), BodyRequired: t.BodyRequired, Params: docsParams(t),
			})
		}
		page.Groups = append(page.Groups, dg)
	}
	var b bytes.Buffer
	if err := docsTemplate.Execute(&b, page); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// categoryID is a category's anchor: "Web & Leads" → "cat-web-leads".
func categoryID(name string) string {
	return "cat-" + strings.Join(strings.FieldsFunc(strings.ToLower(name), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	}), "-")
}

// curl is an example call; unpaid, it answers with the payment terms.
func curl(s Site, t *Tool) (string, error) {
	body, err := compact(example(t))
	if err != nil {
		return "", err
	}
	headers := " \\\n  -H 'Content-Type: application/json'"
	if !t.Paid() {
		headers += " \\\n  -H 'Accept: application/json, text/event-stream'"
		call, err := compact(map[string]any{
			"jsonrpc": "2.0", "id": 1, "method": "tools/call",
			"params": map[string]any{"name": t.Name, "arguments": example(t)},
		})
		if err != nil {
			return "", err
		}
		body = call
	}
	return "curl -i -X POST " + s.Endpoint(t) + headers + " \\\n  -d '" +
		strings.ReplaceAll(body, "'", `'\''`) + "'", nil
}

// fetchSnippet pays for one call with the @x402/fetch client; MCP-only
// tools have no route for it.
func fetchSnippet(s Site, t *Tool, body string) string {
	if !t.Paid() {
		return ""
	}
	return `import { wrapFetchWithPayment, x402Client } from "@x402/fetch";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { privateKeyToAccount } from "viem/accounts";

const client = new x402Client();
client.register("` + s.Network + `", new ExactEvmScheme(privateKeyToAccount(process.env.COINSLOT_BUYER_KEY)));
const pay = wrapFetchWithPayment(fetch, client);
const res = await pay("` + s.Endpoint(t) + `", {
  method: "POST",
  headers: { "Content-Type": "application/json" },
  body: JSON.stringify(` + body + `),
});
console.log(await res.json()); // ` + t.Price + ` USD`
}

// cliSnippet buys one call with the service's own client, which checks the
// buyer contract before it pays.
func cliSnippet(s Site, t *Tool, body string) string {
	return "COINSLOT_BUYER_KEY=... coinslot call " + t.Name + " --url " + strings.TrimRight(s.BaseURL, "/") +
		" --max-usd " + t.Price + " \\\n  --data '" + strings.ReplaceAll(body, "'", `'\''`) + "'"
}
