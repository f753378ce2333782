// Command coinslot serves the catalog of paid tools, and buys from it.
package main

import (
	"fmt"
	"os"

	"github.com/coinslot/coinslot/edge"
)

const usage = `coinslot sells data and analysis tools to agents, paid per call in USDC over x402.

Usage:
  coinslot serve [--config FILE] [--listen ADDR]   run the service (sandbox when no config says otherwise)
  coinslot call TOOL --data JSON [flags]           buy one call, checking the terms before paying
  coinslot canary [--url BASE] [flags]             buy one call per offered network and scheme, checking it end to end
  coinslot tools [--json]                          list the catalog
  coinslot sources [--config FILE] [--wide|--json] list the upstream sources, their settings, keys and tools
  coinslot config check FILE                       print every problem in a config file
  coinslot facilitator [--rpc URL] [--listen ADDR] run a self-hosted x402 facilitator
  coinslot record SOURCE...                        re-record sources' fixtures from the live upstreams
  coinslot version                                 print the interface version

coinslot COMMAND --help describes a command and the environment variables it reads.
`

func main() {
	os.Exit(run(os.Args[1:]))
}

func runVersion(args []string) int {
	fs := newFlags("version", "Usage: coinslot version\n\nPrints the interface version.\n\nEnvironment: none.\n")
	if code, ok := parse(fs, args); !ok {
		return code
	}
	if fs.NArg() > 0 {
		fs.Usage()
		return 2
	}
	fmt.Println(edge.Version)
	return 0
}

func run(args []string) int {
	if len(args) == 0 {
		fmt.Fprint(os.Stderr, usage)
		return 2
	}
	cmd, rest := args[0], args[1:]
	switch cmd {
	case "serve":
		return runServe(rest)
	case "call":
		return runCall(rest)
	case "tools":
		return runTools(rest)
	case "sources":
		return runSources(rest)
	case "config":
		return runConfig(rest)
	case "facilitator":
		return runFacilitator(rest)
	case "record":
		return runRecord(rest)
	case "canary":
		return runCanary(rest)
	case "version":
		return runVersion(rest)
	case "help", "-h", "--help":
		fmt.Print(usage)
		return 0
	}
	fmt.Fprintf(os.Stderr, "coinslot: unknown command %q\n\n%s", cmd, usage)
	return 2
}
