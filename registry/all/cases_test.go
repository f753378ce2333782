package all

import (
	"maps"
	"path/filepath"
	"slices"
	"testing"

	"github.com/coinslot/coinslot/registry/registrytest"
	"github.com/coinslot/coinslot/upstreams"
)

// familyCase is a case folder and the family whose testdata holds it.
type familyCase struct {
	family string
	registrytest.Case
}

// allCases lists every family's case folders, registry/<family>/testdata/<tool>/<case>/.
func allCases(t *testing.T) []familyCase {
	t.Helper()
	var out []familyCase
	for _, family := range slices.Sorted(maps.Keys(families)) {
		cases, err := registrytest.Cases(filepath.Join("..", family, "testdata"))
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cases {
			out = append(out, familyCase{family, c})
		}
	}
	return out
}

// Every case folder's tool, run on its request against the recorded
// fixtures, answers its expected.json or fails with its expected.err.
// Regenerate with: go test ./registry/all -run Cases -update
func TestCases(t *testing.T) {
	for _, c := range allCases(t) {
		t.Run(c.family+"/"+c.Tool+"/"+c.Name, func(t *testing.T) {
			c.Check(t, upstreams.Replay)
		})
	}
}
