package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"text/tabwriter"

	"github.com/coinslot/coinslot/registry"
)

func runTools(args []string) int {
	fs := flag.NewFlagSet("tools", flag.ContinueOnError)
	asJSON := fs.Bool("json", false, "print the catalog as JSON")
	if err := fs.Parse(args); err != nil {
		return 2
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
