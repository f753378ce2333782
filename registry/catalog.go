package registry

import (
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
)

var (
	mu     sync.RWMutex
	byName = map[string]*Tool{}
	byPath = map[string]*Tool{}
)

var snakeCase = regexp.MustCompile(`^[a-z][a-zA-Z0-9]*(_[a-zA-Z0-9]+)*$`)

// Register adds a tool to the catalog. A declaration that breaks a catalog rule
// is a bug, so Register panics with a message naming the tool.
func Register(t *Tool) {
	if err := check(t); err != nil {
		panic(fmt.Sprintf("tool %s: %v", t.Name, err))
	}
	mu.Lock()
	defer mu.Unlock()
	if _, dup := byName[t.Name]; dup {
		panic(fmt.Sprintf("tool %s: registered twice", t.Name))
	}
	if t.Path != "" {
		if other, dup := byPath[t.Path]; dup {
			panic(fmt.Sprintf("tool %s: path %s already belongs to %s", t.Name, t.Path, other.Name))
		}
		byPath[t.Path] = t
	}
	byName[t.Name] = t
}

func check(t *Tool) error {
	if !snakeCase.MatchString(t.Name) {
		return fmt.Errorf("name is not snake_case")
	}
	atomic, err := ParseUSD(t.Price)
	if err != nil {
		return err
	}
	if atomic < 10_000 || atomic > 150_000 {
		return fmt.Errorf("price %s is outside 0.01-0.15", t.Price)
	}
	t.atomic = atomic
	if t.Path != "" && !strings.HasPrefix(t.Path, "/paid/") {
		return fmt.Errorf("path %s is not under /paid/", t.Path)
	}
	if !slices.Contains(Categories, t.Category) {
		return fmt.Errorf("category %q is not in the closed list", t.Category)
	}
	if t.Description == "" || t.Expected == "" {
		return fmt.Errorf("description and expected result are required")
	}
	if t.Handler != nil && t.Result == nil {
		return fmt.Errorf("result type is not declared")
	}
	seen := map[string]bool{}
	for _, p := range t.Params {
		if seen[p.Name] {
			return fmt.Errorf("parameter %s declared twice", p.Name)
		}
		seen[p.Name] = true
		if p.Default != nil {
			if _, problem := p.coerce(p.Default); problem != "" {
				return fmt.Errorf("default of %s %s", p.Name, problem)
			}
		}
	}
	if _, errs := t.Validate(t.Example); len(errs) > 0 {
		return fmt.Errorf("example does not validate: %v", errs)
	}
	return t.checkMetered()
}

// Names are the names of every tool in the catalog, in All's order: what a
// "did you mean" chooses among.
func Names() []string {
	var names []string
	for _, t := range All() {
		names = append(names, t.Name)
	}
	return names
}

// Lookup finds a tool by name.
func Lookup(name string) (*Tool, bool) {
	mu.RLock()
	defer mu.RUnlock()
	t, ok := byName[name]
	return t, ok
}

// ByPath finds a paid tool by its route path.
func ByPath(path string) (*Tool, bool) {
	mu.RLock()
	defer mu.RUnlock()
	t, ok := byPath[path]
	return t, ok
}

// All returns every tool in document order: by category as listed in
// Categories, then by name.
func All() []*Tool {
	mu.RLock()
	out := make([]*Tool, 0, len(byName))
	for _, t := range byName {
		out = append(out, t)
	}
	mu.RUnlock()
	sort.Slice(out, func(i, j int) bool {
		ci, cj := slices.Index(Categories, out[i].Category), slices.Index(Categories, out[j].Category)
		if ci != cj {
			return ci < cj
		}
		return out[i].Name < out[j].Name
	})
	return out
}
