package edge

import (
	"encoding/json"
	"testing"

	"github.com/coinslot/coinslot/registry"
	_ "github.com/coinslot/coinslot/registry/all"
)

// FuzzParseAndValidate sends any body to any tool's validation, as a paid
// route or tools/call does before payment is asked for. It must not panic;
// a refusal names fields that exist (the tool's or the body's) with a
// problem each; accepted arguments hold only the tool's parameters, every
// required one, and encode as JSON. Seeds: every tool's example, and
// testdata/fuzz.
func FuzzParseAndValidate(f *testing.F) {
	tools := registry.All()
	for i, t := range tools {
		b, err := json.Marshal(t.Example)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b, uint16(i))
	}
	f.Fuzz(func(t *testing.T, body []byte, which uint16) {
		tool := tools[int(which)%len(tools)]
		in, problem := parseObject(body, tool)
		if in == nil {
			if problem == "" {
				t.Fatal("refused without a problem")
			}
			return
		}
		args, fail := validate(tool, in)
		if fail != nil {
			if fail.status() != 400 || len(fail.fields) == 0 {
				t.Fatalf("%s: refused as %+v", tool.Name, fail)
			}
			for _, fe := range fail.fields {
				_, param := tool.Param(fe.Name)
				_, sent := in[fe.Name]
				if fe.Problem == "" || !param && !sent {
					t.Fatalf("%s: field error %+v names nothing sent or taken", tool.Name, fe)
				}
			}
			return
		}
		for name := range args {
			if _, ok := tool.Param(name); !ok {
				t.Fatalf("%s: accepted argument %q is not a parameter", tool.Name, name)
			}
		}
		for _, p := range tool.Params {
			if _, ok := args[p.Name]; p.Required && !ok {
				t.Fatalf("%s: accepted without required %s", tool.Name, p.Name)
			}
		}
		if _, err := json.Marshal(args); err != nil {
			t.Fatalf("%s: accepted arguments do not encode: %v", tool.Name, err)
		}
	})
}
