package registry

import "fmt"

// Family is a package of tools, named by the category it sells under. A
// tool registers through its family, which gives it that category: the
// category is declared once per family, not once per tool.
type Family string

// Register adds a tool of the family to the catalog.
func (f Family) Register(t *Tool) {
	if t.Category != "" {
		panic(fmt.Sprintf("tool %s: its category is its family's (%s), not declared again", t.Name, f))
	}
	t.Category = string(f)
	Register(t)
}
