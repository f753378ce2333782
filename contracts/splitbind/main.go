// Command splitbind splits an abigen v2 binding by what it holds: the
// contracts' metadata, structs and constructors stay in FILE.go; the
// packing of a contract's calls that only read (view and pure functions)
// goes to FILE_calls.go, of those that change state to
// FILE_transactions.go, its events to FILE_events.go and its errors to
// FILE_errors.go, each with the imports it uses. In a binding of several
// contracts, another contract's parts are named for it (x402uptopermit2proxy_calls.go
// beside permit2.go). It runs after abigen in contracts/generate.sh:
// go run ./contracts/splitbind FILE.go
package main

import (
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/ethereum/go-ethereum/accounts/abi"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: splitbind FILE.go")
		os.Exit(2)
	}
	if err := split(os.Args[1]); err != nil {
		fmt.Fprintln(os.Stderr, "splitbind:", err)
		os.Exit(1)
	}
}

func split(path string) error {
	src, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, src, parser.ParseComments)
	if err != nil {
		return err
	}
	offset := func(p token.Pos) int { return fset.Position(p).Offset }
	// Every part starts with the binding's package clause and imports;
	// withUsedImports keeps those it uses.
	body := 0
	for _, d := range f.Decls {
		if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.IMPORT {
			body = offset(d.End())
		}
	}
	header := string(src[:body])
	contracts, err := contractsOf(f)
	if err != nil {
		return err
	}
	dir, stem := filepath.Split(strings.TrimSuffix(path, ".go"))
	parts := map[string]*strings.Builder{}
	for _, d := range f.Decls {
		start := d.Pos()
		if doc := docOf(d); doc != nil {
			start = doc.Pos()
		}
		if offset(d.End()) <= body {
			continue
		}
		name := stem
		k := kind(d)
		if k != "" {
			c := contracts.owner(d)
			if len(contracts) > 1 {
				name = strings.ToLower(c.name)
			}
			if k == "_calls" && !c.reads[methodOf(d, c.name)] {
				k = "_transactions"
			}
		}
		name = dir + name + k + ".go"
		if parts[name] == nil {
			parts[name] = &strings.Builder{}
		}
		parts[name].WriteString("\n\n")
		parts[name].Write(src[offset(start):offset(d.End())])
	}
	for name, b := range parts {
		out, err := withUsedImports(header + b.String() + "\n")
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		if err := os.WriteFile(name, out, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// contract is one contract of a binding: its Go name and the Go names of
// its functions that only read.
type contract struct {
	name  string
	reads map[string]bool
}

type contracts []contract

// contractsOf reads the contracts of a binding from their metadata
// (NAMEMetaData, whose ABI says each function's state mutability).
func contractsOf(f *ast.File) (contracts, error) {
	var cs contracts
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.VAR {
			continue
		}
		for _, spec := range g.Specs {
			v := spec.(*ast.ValueSpec)
			name, ok := strings.CutSuffix(v.Names[0].Name, "MetaData")
			if !ok || len(v.Values) != 1 {
				continue
			}
			lit, ok := v.Values[0].(*ast.CompositeLit)
			if !ok {
				continue
			}
			for _, e := range lit.Elts {
				kv, ok := e.(*ast.KeyValueExpr)
				if key, _ := kv.Key.(*ast.Ident); !ok || key == nil || key.Name != "ABI" {
					continue
				}
				text, err := strconv.Unquote(kv.Value.(*ast.BasicLit).Value)
				if err != nil {
					return nil, fmt.Errorf("%s's ABI: %w", name, err)
				}
				parsed, err := abi.JSON(strings.NewReader(text))
				if err != nil {
					return nil, fmt.Errorf("%s's ABI: %w", name, err)
				}
				c := contract{name: name, reads: map[string]bool{}}
				for _, m := range parsed.Methods {
					c.reads[abi.ToCamelCase(m.Name)] = m.IsConstant()
				}
				cs = append(cs, c)
			}
		}
	}
	if len(cs) == 0 {
		return nil, fmt.Errorf("no contract metadata (NAMEMetaData) in the binding")
	}
	return cs, nil
}

// owner is the contract a declaration is part of: its receiver's, or the
// one its name begins with (the longest such), else the first.
func (cs contracts) owner(d ast.Decl) contract {
	name := declName(d)
	if fn, ok := d.(*ast.FuncDecl); ok && fn.Recv != nil {
		if star, ok := fn.Recv.List[0].Type.(*ast.StarExpr); ok {
			name = star.X.(*ast.Ident).Name
		}
	}
	best := cs[0]
	found := false
	for _, c := range cs {
		if strings.HasPrefix(name, c.name) && (!found || len(c.name) > len(best.name)) {
			best, found = c, true
		}
	}
	return best
}

// methodOf is the Go name of the function a part of the calls packs or
// unpacks: PackApprove, UnpackApprove and TestUSDCApproveOutput are
// Approve's.
func methodOf(d ast.Decl, contract string) string {
	name := declName(d)
	for _, prefix := range []string{"TryPack", "Pack", "Unpack"} {
		if rest, ok := strings.CutPrefix(name, prefix); ok {
			return rest
		}
	}
	return strings.TrimSuffix(strings.TrimPrefix(name, contract), "Output")
}

// declName is a declaration's function, type or first value name.
func declName(d ast.Decl) string {
	switch d := d.(type) {
	case *ast.FuncDecl:
		return d.Name.Name
	case *ast.GenDecl:
		switch s := d.Specs[0].(type) {
		case *ast.TypeSpec:
			return s.Name.Name
		case *ast.ValueSpec:
			return s.Names[0].Name
		}
	}
	return ""
}

// withUsedImports formats a part, dropping the imports it does not use.
func withUsedImports(src string) ([]byte, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "", src, parser.ParseComments)
	if err != nil {
		return nil, err
	}
	used := map[string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if id, ok := sel.X.(*ast.Ident); ok {
				used[id.Name] = true
			}
		}
		return true
	})
	for _, imp := range f.Imports {
		if !used[importName(imp)] {
			start, end := fset.Position(imp.Pos()).Offset, fset.Position(imp.End()).Offset
			src = src[:start] + strings.Repeat(" ", end-start) + src[end:]
		}
	}
	return format.Source([]byte(src))
}

// importName is the name an import is used by: its alias, or its path's
// last element before a major version suffix (bind/v2 is bind).
func importName(imp *ast.ImportSpec) string {
	if imp.Name != nil {
		return imp.Name.Name
	}
	elems := strings.Split(strings.Trim(imp.Path.Value, `"`), "/")
	name := elems[len(elems)-1]
	if len(elems) > 1 && len(name) > 1 && name[0] == 'v' && strings.Trim(name[1:], "0123456789") == "" {
		name = elems[len(elems)-2]
	}
	return name
}

// kind says which part a declaration belongs to: "_calls" for the packing
// and unpacking of a call, "_events" for an event's type, name and
// unpacking, "_errors" for an error's, "" for the rest.
func kind(d ast.Decl) string {
	var name string
	switch d := d.(type) {
	case *ast.FuncDecl:
		name = d.Name.Name
		if d.Recv != nil && name == "ContractEventName" {
			return "_events"
		}
		if d.Recv != nil && (strings.HasPrefix(name, "Pack") || strings.HasPrefix(name, "TryPack")) {
			return "_calls"
		}
	case *ast.GenDecl:
		switch s := d.Specs[0].(type) {
		case *ast.TypeSpec:
			if st, ok := s.Type.(*ast.StructType); ok && hasRaw(st) {
				return "_events"
			}
			if isErrorType(d) {
				return "_errors"
			}
			if strings.HasSuffix(s.Name.Name, "Output") { // a call's results
				return "_calls"
			}
			return ""
		case *ast.ValueSpec:
			name = s.Names[0].Name
		}
	}
	switch {
	case strings.HasSuffix(name, "EventName"), strings.HasPrefix(name, "Unpack") && strings.HasSuffix(name, "Event"):
		return "_events"
	case name == "UnpackError", strings.HasSuffix(name, "ErrorID"), strings.HasPrefix(name, "Unpack") && strings.HasSuffix(name, "Error"):
		return "_errors"
	case strings.HasPrefix(name, "Unpack"):
		return "_calls"
	}
	return ""
}

// hasRaw says whether a struct is an event's: abigen gives events their log.
func hasRaw(st *ast.StructType) bool {
	for _, f := range st.Fields.List {
		if len(f.Names) == 1 && f.Names[0].Name == "Raw" {
			return true
		}
	}
	return false
}

// isErrorType says whether a type is a contract error's, as abigen's doc
// comment states it.
func isErrorType(d *ast.GenDecl) bool {
	return d.Doc != nil && strings.Contains(d.Doc.Text(), " error raised by the ")
}

func docOf(d ast.Decl) *ast.CommentGroup {
	switch d := d.(type) {
	case *ast.FuncDecl:
		return d.Doc
	case *ast.GenDecl:
		return d.Doc
	}
	return nil
}
