package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/coinslot/coinslot/edge/x402"

	"github.com/coinslot/coinslot/config"
	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
)

const configUsage = `Prints every problem in FILE, with the environment applied as serve would,
each as FILE:LINE:COLUMN: KEY: PROBLEM (problems from the environment or from
rules across keys have no line; a YAML syntax error has no column). Exits 1
when there is any, 0 when the file is good. A file with no keys is refused:
without a config file the defaults apply.

--online also asks a production file's facilitator for its /supported and
prints, for each configured network, whether it settles exact there (one it
does not is not offered at start) and where batch-settlement would be
offered; an unsettled network or an unreadable /supported exits 1.

Environment:
  COINSLOT_<KEY_PATH>    any config key, e.g. COINSLOT_MODE, COINSLOT_PAY_TO;
                         a list is written a,b. One that names no key is
                         printed first as "warning: VARIABLE: ...", and does
                         not change the exit code

Flags:
`

func runConfig(args []string) int {
	fs := newFlags("config", configUsage)
	online := fs.Bool("online", false, "also ask the facilitator whether it settles every configured network")
	if len(args) > 0 && args[0] == "check" {
		args = args[1:]
	}
	if code, ok := parse(fs, args); !ok {
		return code
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return 2
	}
	file := fs.Arg(0)
	for _, p := range config.UnknownVariables(os.Environ(), sourceNames()) {
		fmt.Println("warning: " + p.String())
	}
	cfg, err := config.Load(file, config.Options{Upstreams: sourceNames(), PaidTools: paidToolNames(), Networks: networkNames()})
	var problems config.Problems
	switch {
	case errors.As(err, &problems):
		for _, p := range problems {
			fmt.Println(file + ":" + p.String())
		}
		return 1
	case err != nil:
		fmt.Fprintln(os.Stderr, "coinslot:", err)
		return 1
	}
	fmt.Println(file + ": ok")
	if *online {
		return checkOnline(file, cfg)
	}
	return 0
}

// checkOnline tells, before a deploy, what a start would offer: each
// configured network some facilitator's /supported lists for exact, the
// network batch-settlement would go on, and which networks each fallback
// takes calls on.
func checkOnline(file string, cfg *config.Config) int {
	if cfg.Mode != config.Production {
		fmt.Println(file + ": --online: a sandbox settles on its own chain; nothing to ask")
		return 0
	}
	nets, err := configuredNetworks(cfg)
	if err != nil {
		fmt.Println(file + ": network: " + err.Error())
		return 1
	}
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	remote, err := remoteFacilitator(cfg)
	if err != nil {
		fmt.Println(file + ": " + err.Error())
		return 1
	}
	doc, err := remote.Supported(ctx)
	if err != nil {
		fmt.Printf("%s: facilitator_url: %s: %v\n", file, cfg.FacilitatorURL, err)
		return 1
	}
	code := 0
	// Payments go to the facilitators that list their network, so a
	// network is offered when any of them settles it.
	all := &x402.Supported{Kinds: doc.Kinds}
	fallbacks := make([]*x402.Supported, len(cfg.Facilitators))
	for i, c := range cfg.Facilitators {
		key := fmt.Sprintf("facilitators[%d]", i)
		f, err := fallback(c, key)
		if err != nil {
			fmt.Println(file + ": " + err.Error())
			code = 1
			continue
		}
		if fallbacks[i], err = f.Supported(ctx); err != nil {
			fmt.Printf("%s: %s: %s: %v\n", file, key, hostOf(c.URL), err)
			code = 1
			continue
		}
		all.Kinds = append(all.Kinds, fallbacks[i].Kinds...)
	}
	var offered []x402.Network
	for i, n := range nets {
		if !all.Lists(x402.SchemeExact, n.ID) {
			fmt.Printf("%s: network[%d]: %s (%s): no facilitator settles exact there (x402 v2); it would not be offered\n", file, i, n.ID, n.Name)
			code = 1
			continue
		}
		offered = append(offered, n)
		fmt.Printf("%s: network[%d]: %s (%s): settled (exact)\n", file, i, n.ID, n.Name)
	}
	if cfg.BatchSettlement.Enabled && len(offered) > 0 {
		if terms, err := batchTerms(cfg, offered, all); err != nil {
			fmt.Printf("%s: batch_settlement: not offered: %v\n", file, err)
		} else {
			fmt.Printf("%s: batch_settlement: offered on %s, receiver authorizer %s\n", file, terms.Network, terms.ReceiverAuthorizer.Hex())
		}
	}
	// A network a fallback does not settle has no failover through it.
	for i, doc := range fallbacks {
		if doc == nil {
			continue
		}
		for _, n := range offered {
			if !doc.Lists(x402.SchemeExact, n.ID) {
				fmt.Printf("%s: facilitators[%d]: %s (%s): does not settle exact there; calls on it never go to it\n", file, i, n.ID, n.Name)
				continue
			}
			fmt.Printf("%s: facilitators[%d]: %s (%s): settled (exact)\n", file, i, n.ID, n.Name)
		}
	}
	return code
}

// paidToolNames are the tools payment_identifier_required may name.
func paidToolNames() []string {
	var names []string
	for _, t := range registry.All() {
		if t.Paid() {
			names = append(names, t.Name)
		}
	}
	return names
}

// sourceNames are the upstream sources a config may tune.
func sourceNames() []string {
	var names []string
	for _, s := range upstreams.Sources() {
		names = append(names, s.Name)
	}
	return names
}
