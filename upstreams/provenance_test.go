package upstreams_test

import (
	"encoding/json"
	"io/fs"
	"slices"
	"strings"
	"testing"

	"github.com/coinslot/coinslot/upstreams"
)

// Every source with fixtures says where each came from, in a manifest that
// lists exactly its fixture files: recorded live (with the request, date and
// status) or written by hand in the source's format; besides them it lists
// the files derived from one of them, with the edit that made each.
func TestEveryFixtureHasProvenance(t *testing.T) {
	for _, src := range upstreams.Sources() {
		if src.Recorded == nil || len(src.Fixtures) == 0 || strings.HasPrefix(src.Name, "test_") { // test_: declared by tests
			continue
		}
		raw, err := fs.ReadFile(src.Recorded, upstreams.ProvenanceFile(src))
		if err != nil {
			t.Errorf("%s: no manifest: %v", src.Name, err)
			continue
		}
		var m upstreams.Provenance
		if err := json.Unmarshal(raw, &m); err != nil || m.Source != src.Name {
			t.Errorf("%s: manifest for %q: %v", src.Name, m.Source, err)
			continue
		}
		var want, got []string
		for _, f := range src.Fixtures {
			if !slices.Contains(want, f.File) {
				want = append(want, f.File)
			}
		}
		for _, f := range m.Fixtures {
			if f.Origin == upstreams.OriginDerived {
				if _, err := fs.Stat(src.Recorded, f.File); err != nil || !slices.Contains(want, f.From) || f.Note == "" {
					t.Errorf("%s: derived %s (from %q, note %q): %v", src.Name, f.File, f.From, f.Note, err)
				}
				continue
			}
			got = append(got, f.File)
			switch f.Origin {
			case upstreams.OriginLive:
				if f.URL == "" || f.Recorded == "" || f.Status == 0 {
					t.Errorf("%s: %s is live without its request, date or status", src.Name, f.File)
				}
			case upstreams.OriginHand, upstreams.OriginUnrecorded:
			default:
				t.Errorf("%s: %s has origin %q", src.Name, f.File, f.Origin)
			}
		}
		slices.Sort(want)
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Errorf("%s: manifest lists\n %v\nfixtures are\n %v", src.Name, got, want)
		}
	}
}
