package all

import (
	"go/ast"
	"go/parser"
	"go/token"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/coinslot/coinslot/registry"
)

// family is what every tool of a registry/<family> package shares besides
// its category (the package's registry.Family). Path is the prefix of its
// routes, empty where they differ; Shape is nil where the family's tools
// differ in shape, and shapeExceptions lists the rest.
type family struct {
	path     string
	shape    *registry.Shape
	upstream bool // every tool declares an upstream source
}

var (
	envelope  = registry.Envelope
	object    = registry.Object
	receipted = registry.ReceiptBacked
)

var families = map[string]family{
	"academic":  {"/paid/academic/", &envelope, false},
	"env":       {"/paid/env/", nil, false},
	"finance":   {"/paid/finance/", nil, false},
	"gov":       {"/paid/gov/", nil, false},
	"health":    {"/paid/health/", nil, false},
	"legal":     {"/paid/legal/", &envelope, false},
	"markets":   {"/paid/", &envelope, false},
	"media":     {"/paid/media/", &receipted, false},
	"osint":     {"/paid/osint/", &envelope, true},
	"safety":    {"/paid/", nil, false},
	"security":  {"/paid/security/", nil, false},
	"social":    {"/paid/social/", &envelope, false},
	"utility":   {"/paid/", nil, false},
	"web":       {"", nil, false}, // sold over MCP only
	"x402intel": {"/paid/x402/", &object, false},
}

// shapeExceptions are the tools whose shape differs from their family's.
var shapeExceptions = map[string]registry.Shape{"regulatory_impact_brief": registry.Object}

// declaration is one tool's file as the parser reads it.
type declaration struct {
	family, file string
	name         string
	// sourcePkgs are the upstreams/<source> packages named in Sources;
	// nil when Sources is computed.
	sourcePkgs map[string]bool
	usedPkgs   map[string]token.Pos // upstreams/<source> packages the file uses
	argsRead   map[string]token.Pos // argument names the file reads
	fset       *token.FileSet
}

var (
	declsOnce sync.Once
	decls     []declaration // the files that register a tool
	helpers   []declaration // the other files of registry/<family> packages, nameless
	declsErr  error
)

// declarations parses every registry/<family> file that registers a tool.
func declarations(t *testing.T) []declaration {
	t.Helper()
	declsOnce.Do(func() { decls, helpers, declsErr = parseDeclarations() })
	if declsErr != nil {
		t.Fatal(declsErr)
	}
	return decls
}

func parseDeclarations() (tools, others []declaration, err error) {
	files, err := filepath.Glob(filepath.Join(root, "registry", "*", "*.go"))
	if err != nil {
		return nil, nil, err
	}
	for _, path := range files {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return nil, nil, err
		}
		family, file := filepath.Base(filepath.Dir(path)), filepath.Base(path)
		found := registered(f)
		if len(found) == 0 {
			others = append(others, declaration{family: family, file: file, fset: fset, argsRead: argumentsRead(f)})
		}
		for _, d := range found {
			d.family, d.file, d.fset = family, file, fset
			d.usedPkgs = sourcePackagesUsed(f)
			d.argsRead = argumentsRead(f)
			tools = append(tools, d)
		}
	}
	return tools, others, nil
}

// registered finds the family.Register(&registry.Tool{...}) calls of f: a
// tool registers through its package's family.
func registered(f *ast.File) []declaration {
	var out []declaration
	ast.Inspect(f, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || !isSelector(call.Fun, "family", "Register") || len(call.Args) != 1 {
			return true
		}
		lit, ok := unaddr(call.Args[0]).(*ast.CompositeLit)
		if !ok {
			return true
		}
		d := declaration{sourcePkgs: map[string]bool{}}
		for _, el := range lit.Elts {
			kv, ok := el.(*ast.KeyValueExpr)
			if !ok {
				continue
			}
			switch key, _ := kv.Key.(*ast.Ident); key.Name {
			case "Name":
				d.name = stringLit(kv.Value)
			case "Sources":
				d.sourcePkgs = declaredSourcePackages(kv.Value)
			}
		}
		out = append(out, d)
		return false
	})
	return out
}

// declaredSourcePackages reads Sources: []string{pkg.Source.Name, ...} as
// the set of pkg; nil when the list is computed.
func declaredSourcePackages(e ast.Expr) map[string]bool {
	lit, ok := e.(*ast.CompositeLit)
	if !ok {
		return nil
	}
	pkgs := map[string]bool{}
	for _, el := range lit.Elts {
		pkg := rootIdent(el)
		if _, ok := el.(*ast.SelectorExpr); !ok || pkg == "" {
			return nil
		}
		pkgs[pkg] = true
	}
	return pkgs
}

// sourcePackagesUsed lists the upstreams/<source> packages f refers to
// outside its Sources declaration, by their name in f.
func sourcePackagesUsed(f *ast.File) map[string]token.Pos {
	names := map[string]bool{}
	for _, imp := range f.Imports {
		p, _ := strconv.Unquote(imp.Path.Value)
		src, ok := strings.CutPrefix(p, module+"/upstreams/")
		if !ok {
			continue
		}
		name := filepath.Base(src)
		if imp.Name != nil {
			name = imp.Name.Name
		}
		names[name] = true
	}
	used := map[string]token.Pos{}
	ast.Inspect(f, func(n ast.Node) bool {
		if kv, ok := n.(*ast.KeyValueExpr); ok {
			if key, ok := kv.Key.(*ast.Ident); ok && key.Name == "Sources" {
				return false
			}
		}
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if id, ok := sel.X.(*ast.Ident); ok && names[id.Name] {
				if _, seen := used[id.Name]; !seen {
					used[id.Name] = sel.Pos()
				}
			}
		}
		return true
	})
	return used
}

// argsMethods are the registry.Args accessors that take a field name.
var argsMethods = map[string]bool{"Has": true, "String": true, "Int": true, "Float": true, "Bool": true, "Strings": true, "Raw": true}

// argumentsRead lists the field names f reads from registry.Args: through
// c.Args.M("name") or a registry.Args parameter a.M("name"), a["name"], and
// registry.Parsed[T](args, "name").
func argumentsRead(f *ast.File) map[string]token.Pos {
	read := map[string]token.Pos{}
	note := func(e ast.Expr) {
		if name := stringLit(e); name != "" {
			if _, seen := read[name]; !seen {
				read[name] = e.Pos()
			}
		}
	}
	for _, decl := range f.Decls {
		fn, ok := decl.(*ast.FuncDecl)
		if !ok || fn.Body == nil {
			continue
		}
		argsVars := map[string]bool{}
		for _, p := range fn.Type.Params.List {
			if isSelector(p.Type, "registry", "Args") {
				for _, n := range p.Names {
					argsVars[n.Name] = true
				}
			}
		}
		isArgs := func(e ast.Expr) bool {
			switch e := e.(type) {
			case *ast.SelectorExpr:
				return e.Sel.Name == "Args"
			case *ast.Ident:
				return argsVars[e.Name]
			}
			return false
		}
		ast.Inspect(fn.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				if sel, ok := n.Fun.(*ast.SelectorExpr); ok && argsMethods[sel.Sel.Name] && isArgs(sel.X) && len(n.Args) == 1 {
					note(n.Args[0])
				}
				if idx, ok := n.Fun.(*ast.IndexExpr); ok && isSelector(idx.X, "registry", "Parsed") && len(n.Args) == 2 && isArgs(n.Args[0]) {
					note(n.Args[1])
				}
			case *ast.IndexExpr:
				if isArgs(n.X) {
					note(n.Index)
				}
			}
			return true
		})
	}
	return read
}

func isSelector(e ast.Expr, pkg, name string) bool {
	sel, ok := e.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != name {
		return false
	}
	id, ok := sel.X.(*ast.Ident)
	return ok && id.Name == pkg
}

func unaddr(e ast.Expr) ast.Expr {
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		return u.X
	}
	return e
}

func stringLit(e ast.Expr) string {
	lit, ok := e.(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return ""
	}
	s, _ := strconv.Unquote(lit.Value)
	return s
}

// rootIdent is the leftmost name of a selector chain such as pkg.Source.Name.
func rootIdent(e ast.Expr) string {
	for {
		switch x := e.(type) {
		case *ast.SelectorExpr:
			e = x.X
		case *ast.Ident:
			return x.Name
		default:
			return ""
		}
	}
}

// Every tool is declared in its own file, named after it, in a family this
// test knows, and every tool of the catalog is found that way.
func TestOneToolPerFileNamedAfterIt(t *testing.T) {
	files := map[string]string{}
	for _, d := range declarations(t) {
		where := d.family + "/" + d.file
		switch {
		case d.name == "":
			t.Errorf("%s: registers a tool whose Name is not a string literal", where)
		case d.file != d.name+".go":
			t.Errorf("%s: declares %s; a tool's file is named after it", where, d.name)
		}
		if prev, ok := files[where]; ok {
			t.Errorf("%s: declares both %s and %s", where, prev, d.name)
		}
		files[where] = d.name
	}
	if got, want := len(files), len(registry.All()); got != want {
		t.Errorf("%d tool files, %d tools registered", got, want)
	}
}

// A family's tools share its route prefix and shape, and no two families
// sell under one category.
func TestFamilies(t *testing.T) {
	seen := map[string]bool{}
	byCategory := map[string]string{}
	for _, d := range declarations(t) {
		fam, ok := families[d.family]
		if !ok {
			t.Errorf("registry/%s: a family this test does not know; add it to families", d.family)
			continue
		}
		seen[d.family] = true
		tool, ok := registry.Lookup(d.name)
		if !ok {
			t.Errorf("%s: not registered", d.name)
			continue
		}
		if other, ok := byCategory[tool.Category]; ok && other != d.family {
			t.Errorf("%s: families %s and %s both sell under %q", d.name, other, d.family, tool.Category)
		}
		byCategory[tool.Category] = d.family
		if fam.path == "" && tool.Path != "" || !strings.HasPrefix(tool.Path, fam.path) {
			t.Errorf("%s: path %q, want one under %q", d.name, tool.Path, fam.path)
		}
		if fam.upstream && len(tool.Sources) == 0 {
			t.Errorf("%s: declares no upstream source", d.name)
		}
		want, ok := shapeExceptions[d.name]
		if !ok && fam.shape != nil {
			want, ok = *fam.shape, true
		}
		if ok && tool.Shape != want {
			t.Errorf("%s: shape %s, want %s", d.name, tool.Shape, want)
		}
	}
	for name := range families {
		if !seen[name] {
			t.Errorf("family %s declares no tool", name)
		}
	}
}

// Expected says in one sentence what a buyer gets; the fields themselves
// are the output schema's, derived from the result type, so none is listed.
func TestExpectedIsOneSentence(t *testing.T) {
	sentenceBreak := regexp.MustCompile(`[a-z0-9)]\. +[A-Z]`)
	for _, tool := range registry.All() {
		e := tool.Expected
		switch {
		case !strings.HasSuffix(e, "."):
			t.Errorf("%s: Expected does not end a sentence: %q", tool.Name, e)
		case sentenceBreak.MatchString(e):
			t.Errorf("%s: Expected is more than one sentence: %q", tool.Name, e)
		case strings.ContainsAny(e, "{["):
			t.Errorf("%s: Expected lists fields; the output schema holds them: %q", tool.Name, e)
		}
	}
}

// Every tool says what people call it (the route finder matches questions
// through these words): at least three synonyms, each lower case, of at
// most five words, said once, and bringing a word the tool's name lacks.
func TestEveryToolDeclaresItsSynonyms(t *testing.T) {
	for _, tool := range registry.All() {
		if len(tool.Synonyms) < 3 {
			t.Errorf("%s: %d synonyms, want at least 3", tool.Name, len(tool.Synonyms))
		}
		name := strings.Split(strings.ToLower(tool.Name), "_")
		seen := map[string]bool{}
		for _, s := range tool.Synonyms {
			ws := strings.Fields(s)
			switch {
			case s != strings.ToLower(s) || s != strings.Join(ws, " "):
				t.Errorf("%s: synonym %q is not lower case words single-spaced", tool.Name, s)
			case len(ws) == 0 || len(ws) > 5:
				t.Errorf("%s: synonym %q is not one to five words", tool.Name, s)
			case seen[s]:
				t.Errorf("%s: synonym %q is said twice", tool.Name, s)
			case !slices.ContainsFunc(ws, func(w string) bool { return !slices.Contains(name, w) }):
				t.Errorf("%s: synonym %q only repeats the name", tool.Name, s)
			}
			seen[s] = true
		}
	}
}

// A market tool's numbers change meaning near a market's end, on an empty
// book and when the venue leaves a field out: its Expected says what they
// mean then.
func TestMarketToolsSayTheirEdges(t *testing.T) {
	edges := map[string]*regexp.Regexp{
		"near expiry":     regexp.MustCompile(`\b(end|ends|end date|end_date|close_time|closed|book_time)\b`),
		"zero liquidity":  regexp.MustCompile(`liquidity|empty|no order|nobody traded`),
		"a missing field": regexp.MustCompile(`\bnull\b|left out|missing|could not be read`),
	}
	for _, tool := range registry.All() {
		if tool.Category != "Prediction Markets" {
			continue
		}
		for edge, says := range edges {
			if !says.MatchString(tool.Expected) {
				t.Errorf("%s: Expected does not say what its numbers mean %s: %q", tool.Name, edge, tool.Expected)
			}
		}
	}
}

// A tool file uses only the upstream sources its declaration lists, and reads
// only the arguments it declares (TestEveryExampleRunsOnFixtures checks the
// sources its example asks at run time).
func TestHandlersUseOnlyDeclaredSourcesAndArguments(t *testing.T) {
	for _, d := range declarations(t) {
		tool, ok := registry.Lookup(d.name)
		if !ok {
			continue
		}
		if d.sourcePkgs != nil {
			for pkg, pos := range d.usedPkgs {
				if !d.sourcePkgs[pkg] {
					t.Errorf("%s: uses upstreams/%s, which its Sources do not list", d.fset.Position(pos), pkg)
				}
			}
		}
		for name, pos := range d.argsRead {
			if _, ok := tool.Param(name); !ok {
				t.Errorf("%s: reads argument %q, which %s does not declare", d.fset.Position(pos), name, d.name)
			}
		}
	}
}

// A family's shared files read only arguments some tool of the family
// declares: a helper cannot read a field no request carries.
func TestFamilyHelpersReadOnlyDeclaredArguments(t *testing.T) {
	declared := map[string]map[string]bool{}
	for _, d := range declarations(t) {
		if declared[d.family] == nil {
			declared[d.family] = map[string]bool{}
		}
		if tool, ok := registry.Lookup(d.name); ok {
			for _, p := range tool.Params {
				declared[d.family][p.Name] = true
			}
		}
	}
	for _, h := range helpers {
		if declared[h.family] == nil {
			continue // not a family: registrytest, tidy, all
		}
		for name, pos := range h.argsRead {
			if !declared[h.family][name] {
				t.Errorf("%s: reads argument %q, which no %s tool declares", h.fset.Position(pos), name, h.family)
			}
		}
	}
}

// The checks above see what they must: a file that reads an undeclared
// argument or uses an undeclared source is caught.
func TestPresubmitSeesViolations(t *testing.T) {
	const src = `package fam
import (
	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams/arxiv"
	"github.com/coinslot/coinslot/upstreams/pubmed"
)
func init() {
	family.Register(&registry.Tool{Name: "bad_tool", Sources: []string{arxiv.Source.Name}, Check: check, Handler: handle})
}
func check(a registry.Args) []registry.FieldError { a["parsed"] = 1; return nil }
func handle(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	_ = c.Args.String("query") + c.Args.String("hidden")
	_ = registry.Parsed[int](c.Args, "when")
	_ = pubmed.Search(arxiv.Query())
	return nil, nil
}`
	f, err := parser.ParseFile(token.NewFileSet(), "bad_tool.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	d := registered(f)
	if len(d) != 1 || d[0].name != "bad_tool" || !d[0].sourcePkgs["arxiv"] || len(d[0].sourcePkgs) != 1 {
		t.Fatalf("declarations = %+v", d)
	}
	used := sourcePackagesUsed(f)
	if _, ok := used["pubmed"]; !ok || len(used) != 2 {
		t.Errorf("sources used = %v, want arxiv and pubmed", used)
	}
	read := slices.Sorted(maps.Keys(argumentsRead(f)))
	if got, want := strings.Join(read, ","), "hidden,parsed,query,when"; got != want {
		t.Errorf("arguments read = %s, want %s", got, want)
	}
}

// The README's prose counts the catalog as registered, not as once written.
func TestReadmeCountsTheCatalog(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	counts := regexp.MustCompile(`(?:holds|has all) (\d+) tools`).FindAllSubmatch(readme, -1)
	if len(counts) == 0 {
		t.Fatal("README.md no longer counts the tools; drop this test with the count")
	}
	for _, c := range counts {
		if n, _ := strconv.Atoi(string(c[1])); n != len(registry.All()) {
			t.Errorf("README.md says %q; %d tools are registered", c[0], len(registry.All()))
		}
	}
}
