package all

import (
	"sort"
	"testing"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/registrytest"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// goldenFiles are every golden answer of the families with its tool.
func goldenFiles(t *testing.T) map[string]*registry.Tool {
	files, err := registrytest.GoldenFiles("..")
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func readGolden(t *testing.T, path string) registrytest.GoldenAnswer {
	g, err := registrytest.ReadGolden(path)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// outputSchemas compiles every tool's published answer schema.
func outputSchemas(t *testing.T) map[*registry.Tool]*jsonschema.Schema {
	schemas := map[*registry.Tool]*jsonschema.Schema{}
	c := jsonschema.NewCompiler()
	for _, tool := range registry.All() {
		s, err := registrytest.CompileSchema(c, tool.Name+".json", registry.OutputSchema(tool))
		if err != nil {
			t.Fatalf("%s: %v", tool.Name, err)
		}
		schemas[tool] = s
	}
	return schemas
}

// goldenAnswers are each tool's golden files, sorted: a file belongs to the
// first tool it may belong to whose schema its answer validates against.
// Files that belong to none are reported.
func goldenAnswers(t *testing.T) map[*registry.Tool][]string {
	schemas := outputSchemas(t)
	out := map[*registry.Tool][]string{}
	for f, tool := range goldenFiles(t) {
		body, err := registrytest.GoldenBody(tool, readGolden(t, f))
		if err == nil {
			err = registrytest.ValidateJSON(schemas[tool], body)
		}
		if err != nil {
			t.Errorf("%s: %v", f, err)
			continue
		}
		out[tool] = append(out[tool], f)
	}
	for _, files := range out {
		sort.Strings(files)
	}
	return out
}

// Every golden answer validates against the answer schema its tool
// publishes, and every tool has at least one golden answer.
func TestGoldenAnswersMatchPublishedSchemas(t *testing.T) {
	answered := goldenAnswers(t)
	for _, tool := range registry.All() {
		if len(answered[tool]) == 0 {
			t.Errorf("%s: no golden answer validates against its schema", tool.Name)
		}
	}
}
