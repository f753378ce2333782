package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
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

--online also asks each of a production file's facilitators (facilitator_url,
then every facilitators entry) for its /supported and prints what each settles,
then, for each configured network, which of them settle exact there (one none
does is not offered at start) and where batch-settlement would be offered; an
unsettled network or an unreadable /supported exits 1.

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
	// Every facilitator is asked, facilitator_url first: payments go to
	// those that list their network, so a network is offered when any of
	// them settles it.
	code := 0
	all := &x402.Supported{}
	var asked []askedFacilitator
	ask := func(key, url string, f *x402.HTTPFacilitator, err error) {
		if err != nil { // its auth, whose error names its key
			fmt.Printf("%s: %v\n", file, err)
			code = 1
			return
		}
		doc, err := f.Supported(ctx)
		if err != nil {
			fmt.Printf("%s: %s: %s: %v\n", file, key, hostOf(url), err)
			code = 1
			return
		}
		asked = append(asked, askedFacilitator{key, hostOf(url), doc})
		all.Kinds = append(all.Kinds, doc.Kinds...)
	}
	primary, err := remoteFacilitator(cfg)
	ask("facilitator_url", cfg.FacilitatorURL, primary, err)
	for i, c := range cfg.Facilitators {
		key := fmt.Sprintf("facilitators[%d]", i)
		f, err := fallback(c, key)
		ask(key, c.URL, f, err)
	}
	for _, a := range asked {
		var settles, not []string
		for _, n := range nets {
			if a.doc.Lists(x402.SchemeExact, n.ID) {
				settles = append(settles, networkLabel(n))
			} else {
				not = append(not, networkLabel(n))
			}
		}
		line := "settles exact on " + cmp.Or(strings.Join(settles, ", "), "none of the networks")
		if len(settles) > 0 && len(not) > 0 {
			line += "; not on " + strings.Join(not, ", ") + " (calls there never go to it)"
		}
		fmt.Printf("%s: %s: %s: %s\n", file, a.key, a.host, line)
	}
	var offered []x402.Network
	for i, n := range nets {
		var by []string
		for _, a := range asked {
			if a.doc.Lists(x402.SchemeExact, n.ID) {
				by = append(by, a.key)
			}
		}
		if len(by) == 0 {
			fmt.Printf("%s: network[%d]: %s: no facilitator settles exact there (x402 v2); it would not be offered\n", file, i, networkLabel(n))
			code = 1
			continue
		}
		offered = append(offered, n)
		fmt.Printf("%s: network[%d]: %s: settled (exact) by %s\n", file, i, networkLabel(n), strings.Join(by, ", "))
	}
	if cfg.BatchSettlement.Enabled && len(offered) > 0 {
		if terms, err := batchTerms(cfg, offered, all); err != nil {
			fmt.Printf("%s: batch_settlement: not offered: %v\n", file, err)
		} else {
			fmt.Printf("%s: batch_settlement: offered on %s, receiver authorizer %s\n", file, terms.Network, terms.ReceiverAuthorizer.Hex())
		}
	}
	return code
}

// askedFacilitator is a facilitator that answered config check --online:
// its config key, its host and its /supported.
type askedFacilitator struct {
	key, host string
	doc       *x402.Supported
}

// networkLabel names n for a person: its id, and its name when it has
// another than the id (a custom network has none).
func networkLabel(n x402.Network) string {
	if n.Name == "" || n.Name == n.ID {
		return n.ID
	}
	return n.ID + " (" + n.Name + ")"
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
