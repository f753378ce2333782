package main

import (
	"errors"
	"fmt"
	"os"

	"github.com/coinslot/coinslot/config"
	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
)

const configUsage = `Usage: coinslot config check FILE

Prints every problem in FILE, with the environment applied as serve would,
each as FILE:LINE:COLUMN: KEY: PROBLEM (problems from the environment or from
rules across keys have no line; a YAML syntax error has no column). Exits 1
when there is any, 0 when the file is good. A file with no keys is refused:
without a config file the defaults apply.

Environment:
  COINSLOT_<KEY_PATH>    any config key, e.g. COINSLOT_MODE, COINSLOT_PAY_TO;
                         a list is written a,b. One that names no key is
                         printed first as "warning: VARIABLE: ...", and does
                         not change the exit code

Flags:
`

func runConfig(args []string) int {
	fs := newFlags("config", configUsage)
	if code, ok := parse(fs, args); !ok {
		return code
	}
	if fs.NArg() != 2 || fs.Arg(0) != "check" {
		fs.Usage()
		return 2
	}
	file := fs.Arg(1)
	for _, p := range config.UnknownVariables(os.Environ(), sourceNames()) {
		fmt.Println("warning: " + p.String())
	}
	_, err := config.Load(file, config.Options{Upstreams: sourceNames(), PaidTools: paidToolNames(), Networks: networkNames()})
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
	return 0
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
