package web

import (
	"encoding/json"
	"maps"
	"slices"
	"strings"
)

// organization is the first schema.org Organization (or a subtype) found in
// a page's JSON-LD, at any depth (a WebSite's publisher, an @graph member).
type organization struct {
	Name      string
	Email     string
	Telephone string
	Address   string
	SameAs    []string
}

// organizationTypes are the schema.org types read as the site's owner,
// besides every type whose name ends in "Organization".
var organizationTypes = map[string]bool{"Corporation": true, "LocalBusiness": true, "OnlineBusiness": true, "OnlineStore": true, "Store": true}

func organizationOf(p *page) *organization {
	for _, block := range p.JSONLD {
		var v any
		if json.Unmarshal([]byte(block), &v) != nil {
			continue
		}
		if o := findOrganization(v); o != nil {
			return o
		}
	}
	return nil
}

func findOrganization(v any) *organization {
	switch v := v.(type) {
	case []any:
		for _, item := range v {
			if o := findOrganization(item); o != nil {
				return o
			}
		}
	case map[string]any:
		if isOrganization(v["@type"]) {
			return &organization{Name: str(v["name"]), Email: strings.TrimPrefix(str(v["email"]), "mailto:"),
				Telephone: str(v["telephone"]), Address: postalAddress(v["address"]), SameAs: strs(v["sameAs"])}
		}
		for _, k := range slices.Sorted(maps.Keys(v)) {
			if o := findOrganization(v[k]); o != nil {
				return o
			}
		}
	}
	return nil
}

func isOrganization(t any) bool {
	for _, name := range strs(t) {
		if strings.HasSuffix(name, "Organization") || organizationTypes[name] {
			return true
		}
	}
	return false
}

// postalAddress flattens a PostalAddress (or a plain string) to one line.
func postalAddress(v any) string {
	a, ok := v.(map[string]any)
	if !ok {
		return str(v)
	}
	country := str(a["addressCountry"])
	if c, ok := a["addressCountry"].(map[string]any); ok {
		country = str(c["name"])
	}
	var parts []string
	for _, part := range []string{str(a["streetAddress"]), str(a["postalCode"]) + " " + str(a["addressLocality"]), str(a["addressRegion"]), country} {
		if part = strings.TrimSpace(part); part != "" {
			parts = append(parts, part)
		}
	}
	return strings.Join(parts, ", ")
}

func str(v any) string {
	s, _ := v.(string)
	return strings.TrimSpace(s)
}

// strs reads a JSON-LD value that may be one string or a list of them.
func strs(v any) []string {
	switch v := v.(type) {
	case string:
		return []string{v}
	case []any:
		var out []string
		for _, item := range v {
			if s := str(item); s != "" {
				out = append(out, s)
			}
		}
		return out
	}
	return nil
}
