package registrytest

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// recorder notes the failures a helper reports instead of failing the test.
type recorder struct {
	testing.TB
	failures []string
}

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, args ...any) {
	r.failures = append(r.failures, fmt.Sprintf(format, args...))
}

func TestGoldenComparesIndentedJSONWithTheFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.golden.json")
	if err := os.WriteFile(path, []byte("{\n  \"a\": 1\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	same := &recorder{TB: t}
	Golden(same, path, map[string]int{"a": 1})
	if same.failures != nil {
		t.Errorf("equal output reported %q", same.failures)
	}
	differs := &recorder{TB: t}
	Golden(differs, path, map[string]int{"a": 2})
	want := "result differs from " + path + ":\n{\n  \"a\": 2\n}\n"
	if len(differs.failures) != 1 || differs.failures[0] != want {
		t.Errorf("different output reported %q, want %q", differs.failures, want)
	}
}
