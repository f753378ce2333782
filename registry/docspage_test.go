package registry

import (
	"bytes"
	"testing"
)

// A sandbox's docs page says which day its recorded answers take as today,
// where a buyer reads that no real money moves; a production page does not.
func TestDocsPageNamesTheSandboxsToday(t *testing.T) {
	const today = "Its answers come from upstream responses recorded on 20 November 2026, and it answers as of that day."
	sandbox := testSite
	sandbox.Sandbox = true
	if d := buildSamples(t, sandbox); !bytes.Contains(d.Docs, []byte("a sandbox, no real money moves.\n"+today)) {
		t.Errorf("the sandbox docs page does not say %q", today)
	}
	if d := buildSamples(t, testSite); bytes.Contains(d.Docs, []byte("recorded on")) {
		t.Error("a production docs page speaks of recorded answers")
	}
}
