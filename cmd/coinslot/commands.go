package main

import (
	"fmt"
	"strings"
)

// command is one coinslot command. Its synopsis is both its line in the
// top-level usage and the first line of its --help, so the two cannot
// disagree on what is required.
type command struct {
	name     string
	synopsis string // the arguments after "coinslot NAME"
	summary  string
	run      func(args []string) int
}

// commands are coinslot's commands in the order the usage lists them. A
// function, not a variable: each command's run reads its own synopsis here.
func commands() []command {
	return []command{
		{"serve", "[--config FILE] [--listen ADDR]", "run the service (sandbox when no config says otherwise)", runServe},
		{"call", "TOOL --data JSON [--url BASE] [--key-file FILE] [--max-usd X] [--network ID] [--pay exact|permit2|upto] [--rpc URL]", "buy one call, checking the terms before paying", runCall},
		{"canary", "[--url BASE] [--tool TOOL] [--rpc URL]... [--key-file FILE] [--max-usd X] [--metrics-file FILE]", "buy one call per offered network and scheme, checking it end to end", runCanary},
		{"tools", "[--json]", "list the catalog", runTools},
		{"sources", "[--config FILE] [--wide | --json]", "list the upstream sources, their settings, keys and tools", runSources},
		{"config", "check [--online] FILE", "print every problem in a config file", runConfig},
		{"facilitator", "--rpc URL [--listen ADDR] [--asset ADDRESS | --deploy-test-usdc]", "run a self-hosted x402 facilitator", runFacilitator},
		{"record", "[--root DIR] [--user-agent UA] SOURCE...", "re-record sources' fixtures from the live upstreams", runRecord},
		{"version", "", "print the interface version", runVersion},
	}
}

// usageLine is how a command is written: "coinslot NAME SYNOPSIS".
func (c command) usageLine() string {
	return strings.TrimSpace("coinslot " + c.name + " " + c.synopsis)
}

// synopsisColumn is the width of the usage's first column; a longer
// command line has its summary on the next line.
const synopsisColumn = 50

// usage is the top-level help.
func usage() string {
	var b strings.Builder
	b.WriteString("coinslot sells data and analysis tools to agents, paid per call in USDC over x402.\n\nUsage:\n")
	for _, c := range commands() {
		line := c.usageLine()
		if len(line) > synopsisColumn {
			fmt.Fprintf(&b, "  %s\n  %-*s %s\n", line, synopsisColumn, "", c.summary)
			continue
		}
		fmt.Fprintf(&b, "  %-*s %s\n", synopsisColumn, line, c.summary)
	}
	b.WriteString("\ncoinslot COMMAND --help describes a command and the environment variables it reads.\n")
	return b.String()
}

// commandNamed is the command called name.
func commandNamed(name string) (command, bool) {
	for _, c := range commands() {
		if c.name == name {
			return c, true
		}
	}
	return command{}, false
}
