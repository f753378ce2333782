package all

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/registrytest"
)

// A call that cannot be served for a reason in its input is refused by
// Validate, which the edge runs before it asks for payment: every case
// folder Validate refuses names the tool's own fields, and each Check
// refuses at least one case that the parameters alone admit.
func TestEveryRefusalIsRefusedBeforePayment(t *testing.T) {
	checked := map[string]bool{}
	for _, c := range allCases(t) {
		tool := registrytest.Tool(t, c.Tool)
		in := c.Request(t)
		_, errs := tool.Validate(in)
		for _, e := range errs {
			if _, ok := tool.Param(e.Name); !ok {
				t.Errorf("%s: refused on %q, not a parameter", c.Dir, e.Name)
			}
		}
		bare := *tool
		bare.Check = nil
		if _, bareErrs := bare.Validate(in); errs != nil && bareErrs == nil {
			checked[tool.Name] = true
		}
	}
	checks := 0
	for _, tool := range registry.All() {
		switch {
		case tool.Check != nil && !checked[tool.Name]:
			t.Errorf("%s: no case folder exercises its Check", tool.Name)
		case tool.Check != nil:
			checks++
		}
	}
	if checks == 0 {
		t.Error("no tool declares a Check")
	}
}

// handlerRefusals are the input errors a handler may still raise, each for
// a reason Validate cannot know: the upstream's answer or the call's clock.
var handlerRefusals = map[string]string{
	"business_days.go:startDate":          "end_date and days_ahead against a start_date that defaults to the call's day",
	"currency_rates.go:requireKnown":      "the ECB's currency list, read from the source",
	"extract_contacts.go:extractContacts": "the content type the page answered with",
	"awards.go:resolveAgency":             "USAspending's list of top-tier agencies, read from the source",
}

// Handlers keep no input check of their own: every input error a function
// of a tool family raises is one of handlerRefusals (Checks return
// FieldErrors and raise none).
func TestHandlersRefuseOnlyWhatTheCallReveals(t *testing.T) {
	files, err := filepath.Glob("../*/*.go")
	if err != nil {
		t.Fatal(err)
	}
	found := map[string]bool{}
	for _, path := range files {
		if strings.HasSuffix(path, "_test.go") || strings.Contains(path, "registrytest") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok {
				continue
			}
			ast.Inspect(fn, func(n ast.Node) bool {
				if raisesInputError(n) {
					site := filepath.Base(path) + ":" + fn.Name.Name
					found[site] = true
					if _, ok := handlerRefusals[site]; !ok {
						t.Errorf("%s refuses input in its handler; declare the check in the tool's Check", site)
					}
				}
				return true
			})
		}
	}
	for site := range handlerRefusals {
		if !found[site] {
			t.Errorf("%s is listed but raises no input error", site)
		}
	}
}

// raisesInputError reports a call of registry.Invalid or a registry.InputError literal.
func raisesInputError(n ast.Node) bool {
	var sel ast.Expr
	switch n := n.(type) {
	case *ast.CallExpr:
		sel = n.Fun
	case *ast.CompositeLit:
		sel = n.Type
	}
	s, ok := sel.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	pkg, ok := s.X.(*ast.Ident)
	return ok && pkg.Name == "registry" && (s.Sel.Name == "Invalid" || s.Sel.Name == "InputError")
}
