package main

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/coinslot/coinslot/config"
	"github.com/coinslot/coinslot/edge/facilitator"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/coinslot/coinslot/upstreams"
)

// The banner a sandbox prints at start is where a buyer first reads that
// its answers take the recording's day as today.
func TestSandboxBannerNamesItsToday(t *testing.T) {
	sb := &facilitator.Sandbox{Network: x402.Network{ID: "eip155:1337", Name: "coinslot sandbox"},
		Buyers: []facilitator.Buyer{{KeyHex: "0x01"}}}
	cfg := &config.Config{BaseURL: "http://127.0.0.1:8080", PayTo: "0x02"}
	var text bytes.Buffer
	sandboxBanner(&text, "text", sb, cfg)
	want := "today is " + upstreams.RecordedAt.Format("2006-01-02 15:04 MST") + " in every answer: " + recordedToday + "\n"
	if !strings.Contains(text.String(), "\n"+want) {
		t.Errorf("text banner:\n%s\nwant a line %q", text.String(), want)
	}
	var js bytes.Buffer
	sandboxBanner(&js, "json", sb, cfg)
	if !strings.Contains(js.String(), `"today":"`+upstreams.RecordedAt.Format(time.RFC3339)+`","today_why":"`+recordedToday+`"`) {
		t.Errorf("JSON banner: %s", js.String())
	}
}
