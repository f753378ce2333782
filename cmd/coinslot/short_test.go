package main

import "testing"

// slow skips a test under -short (make test-short): it runs whole services
// and chains for many seconds, and make test runs it.
func slow(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("runs whole services for seconds; make test runs it")
	}
}
