package safety

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// callNow is a fixed call time.
var callNow = time.Date(2025, time.March, 10, 18, 30, 0, 0, time.UTC)

func readFile(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func readJSON(t *testing.T, name string) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(readFile(t, name)), &m); err != nil {
		t.Fatal(err)
	}
	return m
}
