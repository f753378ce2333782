package all

import (
	"go/build"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/coinslot/coinslot"

// root is the repository, two folders up from registry/all.
const root = "../.."

// door is one line of the doors block in docs/architecture.md: the packages
// from may import.
type door struct {
	from string
	to   []string // "everything" allows all
}

// readDoors parses the fenced block under "## Doors" in docs/architecture.md,
// so the document is the one declaration of what may import what.
func readDoors(t *testing.T) []door {
	t.Helper()
	doc, err := os.ReadFile(filepath.Join(root, "docs/architecture.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(doc), "## Doors")
	if !ok {
		t.Fatal("docs/architecture.md has no Doors section")
	}
	parts := strings.SplitN(section, "```", 3)
	if len(parts) < 3 {
		t.Fatal("the Doors section has no fenced block")
	}
	var doors []door
	for line := range strings.Lines(parts[1]) {
		from, to, ok := strings.Cut(line, "→")
		if !ok {
			continue
		}
		d := door{from: strings.TrimSpace(from)}
		for name := range strings.SplitSeq(to, ",") {
			if name = strings.TrimSpace(name); name != "nothing" {
				d.to = append(d.to, name)
			}
		}
		doors = append(doors, d)
	}
	if len(doors) == 0 {
		t.Fatal("the Doors block declares no door")
	}
	return doors
}

// matches reports whether pattern names pkg: a placeholder such as <source>
// stands for any one path element.
func matches(pattern, pkg string) bool {
	p, q := strings.Split(pattern, "/"), strings.Split(pkg, "/")
	if len(p) != len(q) {
		return false
	}
	for i := range p {
		if p[i] != q[i] && !(strings.HasPrefix(p[i], "<") && strings.HasSuffix(p[i], ">")) {
			return false
		}
	}
	return true
}

// governing is the rule for pkg: the one naming it or its nearest ancestor,
// an exact name before a placeholder.
func governing(doors []door, pkg string) (door, bool) {
	for at := pkg; at != "."; at = filepath.Dir(at) {
		for _, exact := range []bool{true, false} {
			for _, d := range doors {
				if (d.from == at) == exact && matches(d.from, at) {
					return d, true
				}
			}
		}
	}
	return door{}, false
}

func allowed(d door, imp string) bool {
	for _, to := range d.to {
		if to == "everything" || matches(to, imp) {
			return true
		}
	}
	return false
}

// projectPackages maps every package of the module (by its path in the
// repository) to the project packages its non-test files import.
func projectPackages(t *testing.T) map[string][]string {
	t.Helper()
	pkgs := map[string][]string{}
	err := filepath.WalkDir(root, func(path string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !e.IsDir() {
			return nil
		}
		if n := e.Name(); path != root && (strings.HasPrefix(n, ".") || n == "testdata" || n == "node_modules") {
			return filepath.SkipDir
		}
		p, err := build.ImportDir(path, 0)
		if err != nil {
			if _, none := err.(*build.NoGoError); none {
				return nil
			}
			return err
		}
		rel, _ := filepath.Rel(root, path)
		var own []string
		for _, imp := range p.Imports {
			if after, ok := strings.CutPrefix(imp, module+"/"); ok {
				own = append(own, after)
			}
		}
		pkgs[filepath.ToSlash(rel)] = own
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return pkgs
}

// Every package imports only through the doors docs/architecture.md lists.
func TestImportsGoThroughTheDocumentedDoors(t *testing.T) {
	doors := readDoors(t)
	pkgs := projectPackages(t)
	if len(pkgs) < 10 {
		t.Fatalf("found only %d packages: %v", len(pkgs), pkgs)
	}
	used := map[string]bool{}
	for _, pkg := range slices.Sorted(maps.Keys(pkgs)) {
		d, ok := governing(doors, pkg)
		if !ok {
			t.Errorf("%s: no door in docs/architecture.md governs it", pkg)
			continue
		}
		used[d.from] = true
		for _, imp := range pkgs[pkg] {
			if !allowed(d, imp) {
				t.Errorf("%s imports %s: not a door of %q in docs/architecture.md", pkg, imp, d.from)
			}
		}
	}
	for _, d := range doors {
		if !used[d.from] {
			t.Errorf("door %q in docs/architecture.md governs no package", d.from)
		}
	}
}

// The checker itself refuses what the doors forbid.
func TestDoorsRefuseWhatTheyDoNotList(t *testing.T) {
	doors := []door{
		{from: "registry", to: []string{"upstreams"}},
		{from: "registry/<family>", to: []string{"registry", "upstreams/<source>"}},
		{from: "registry/all", to: []string{"registry/<family>"}},
		{from: "edge/x402"},
	}
	cases := []struct {
		pkg, imp string
		want     bool
	}{
		{"registry", "upstreams", true},
		{"registry", "upstreams/arxiv", false},
		{"registry/web", "upstreams/arxiv", true},
		{"registry/web", "edge", false},
		{"registry/all", "registry/web", true},
		{"registry/all", "upstreams", false},
		{"edge/x402", "registry", false},
		{"registry", "registry/all", false},
	}
	for _, c := range cases {
		d, ok := governing(doors, c.pkg)
		if !ok {
			t.Fatalf("%s: no rule", c.pkg)
		}
		if got := allowed(d, c.imp); got != c.want {
			t.Errorf("%s → %s allowed %v, want %v", c.pkg, c.imp, got, c.want)
		}
	}
	if _, ok := governing(doors, "actors"); ok {
		t.Error("actors is governed by a rule that does not name it")
	}
}
