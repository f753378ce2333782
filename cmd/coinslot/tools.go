package main

import (
	"encoding/json"
	"fmt"
	"os"
	"text/tabwriter"

	"github.com/coinslot/coinslot/registry"
)

const toolsUsage = `Lists the catalog this binary sells: every tool's name, price, category and
route (or "MCP only" for a tool sold only over /mcp).

Environment: none.

Flags:
`

func runTools(args []string) int {
	fs := newFlags("tools", toolsUsage)
	asJSON := fs.Bool("json", false, "print the catalog as JSON")
	if code, ok := parse(fs, args); !ok {
		return code
	}
	tools := registry.All()
	if *asJSON {
		type row struct {
			Name     string `json:"name"`
			Path     string `json:"http_path,omitempty"`
			Price    string `json:"price_usd"`
			Category string `json:"category"`
			Shape    string `json:"shape"`
			Ready    bool   `json:"implemented"`
		}
		rows := make([]row, len(tools))
		for i, t := range tools {
			rows[i] = row{t.Name, t.Path, t.Price, t.Category, t.Shape.String(), t.Handler != nil}
		}
		out, _ := json.MarshalIndent(rows, "", "  ")
		fmt.Println(string(out))
		return 0
	}
	w := tabwriter.NewWriter(os.Stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(w, "NAME\tPRICE\tCATEGORY\tPATH")
	for _, t := range tools {
		path := t.Path
		if path == "" {
			path = "(MCP only)"
		}
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\n", t.Name, t.Price, t.Category, path)
	}
	w.Flush()
	return 0
}
