// Command splitbind splits an abigen v2 binding by what it holds: the
// contract's metadata, structs and constructor stay in FILE.go, the packing
// of its calls goes to FILE_calls.go, its events to FILE_events.go and its
// errors to FILE_errors.go, each with the imports it uses. It runs after
// abigen in contracts/generate.sh: go run ./contracts/splitbind FILE.go
package main

import (
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"os"
	"strings"
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
	parts := map[string]*strings.Builder{"": {}, "_calls": {}, "_events": {}, "_errors": {}}
	for _, d := range f.Decls {
		start := d.Pos()
		if doc := docOf(d); doc != nil {
			start = doc.Pos()
		}
		if offset(d.End()) <= body {
			continue
		}
		b := parts[kind(d)]
		b.WriteString("\n\n")
		b.Write(src[offset(start):offset(d.End())])
	}
	stem := strings.TrimSuffix(path, ".go")
	for suffix, b := range parts {
		if b.Len() == 0 {
			continue
		}
		out, err := withUsedImports(header + b.String() + "\n")
		if err != nil {
			return fmt.Errorf("%s%s.go: %w", stem, suffix, err)
		}
		if err := os.WriteFile(stem+suffix+".go", out, 0o644); err != nil {
			return err
		}
	}
	return nil
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
