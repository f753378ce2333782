package edge

import (
	"maps"
	"slices"
	"strings"

	"github.com/coinslot/coinslot/lexical"
	"github.com/coinslot/coinslot/registry"
)

// maxMeant bounds the last element of a path that is no route for which a
// route is suggested: the distance costs the product of two lengths, and
// no route's element is near this long.
const maxMeant = 64

// routeMeant is the route a path that is none most likely misspells, or ""
// when none is close. Last elements are compared, not whole paths, since
// every paid path begins alike and that likeness would make any two look
// close; of the routes whose element is the closest, the nearest whole path.
func (g *Generation) routeMeant(path string) string {
	element := lastElement(path)
	if len(element) > maxMeant {
		return ""
	}
	paths := append(slices.Sorted(maps.Keys(g.routes)), registry.PathMCP)
	elements := make([]string, len(paths))
	for i, p := range paths {
		elements[i] = lastElement(p)
	}
	best := lexical.Closest(element, elements)
	if best == "" {
		return ""
	}
	meant := ""
	for i, p := range paths {
		if elements[i] == best && (meant == "" || lexical.Distance(path, p) < lexical.Distance(path, meant)) {
			meant = p
		}
	}
	return meant
}

// lastElement is a path's last element, a trailing slash aside.
func lastElement(path string) string {
	path = strings.TrimSuffix(path, "/")
	return path[strings.LastIndexByte(path, '/')+1:]
}
