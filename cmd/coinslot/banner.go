package main

import (
	"fmt"
	"io"
	"log/slog"
	"time"

	"github.com/coinslot/coinslot/config"
	"github.com/coinslot/coinslot/edge/facilitator"
	"github.com/coinslot/coinslot/upstreams"
)

// sandboxBanner tells how to buy from the sandbox: its chain, its test
// USDC, the seller, the funded buyers' keys and the day its recorded
// answers take as today. With log.format json it is
// one JSON event, as every other line on stderr is; it is written whatever
// the log level, as the text banner is.
func sandboxBanner(w io.Writer, format string, sb *facilitator.Sandbox, cfg *config.Config) {
	buy := fmt.Sprintf("COINSLOT_BUYER_KEY=%s go run ./cmd/coinslot call business_days --url %s --data '{}'", sb.Buyers[0].KeyHex, cfg.BaseURL)
	if format == "json" {
		buyers := make([]sandboxBuyer, len(sb.Buyers))
		for i, b := range sb.Buyers {
			buyers[i] = sandboxBuyer{b.Address.Hex(), b.KeyHex}
		}
		slog.New(slog.NewJSONHandler(w, nil)).Info("coinslot sandbox: funded buyer keys (test only; each holds 1000 test USDC)",
			"network", sb.Network.ID, "network_name", sb.Network.Name, "usdc", sb.Network.Asset.Hex(), "seller", cfg.PayTo,
			"buyers", buyers, "buy", buy, "today", upstreams.RecordedAt.Format(time.RFC3339), "today_why", recordedToday)
		return
	}
	fmt.Fprintf(w, "\ncoinslot sandbox: network %s (%s), test USDC %s, seller %s\n",
		sb.Network.ID, sb.Network.Name, sb.Network.Asset.Hex(), cfg.PayTo)
	fmt.Fprintf(w, "today is %s in every answer: %s\n", upstreams.RecordedAt.Format("2006-01-02 15:04 MST"), recordedToday)
	fmt.Fprintln(w, "funded buyer keys (test only; each holds 1000 test USDC):")
	for _, b := range sb.Buyers {
		fmt.Fprintf(w, "  %s  %s\n", b.Address.Hex(), b.KeyHex)
	}
	fmt.Fprintf(w, "buy a call:  %s\n\n", buy)
}

// recordedToday says why the sandbox's clock stands still.
const recordedToday = "the upstream answers were recorded then, and the sandbox answers as of that moment"

// sandboxBuyer is a funded buyer in the JSON banner.
type sandboxBuyer struct {
	Address string `json:"address"`
	Key     string `json:"key"`
}
