package security

import (
	"testing"

	"github.com/coinslot/coinslot/registry"

	"github.com/coinslot/coinslot/registry/registrytest"
)

func TestCVESearchWantsSomethingToSearchBy(t *testing.T) {
	registrytest.Refused(t, "cve_search", map[string]any{}, registry.FieldError{Name: "keyword", Problem: "give keyword, cve_id or severity"})
}
