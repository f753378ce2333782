// Command coinslot serves the catalog of paid tools, and buys from it.
package main

import (
	"fmt"
	"os"

	"github.com/coinslot/coinslot/edge"
)

func main() {
	os.Exit(run(os.Args[1:]))
}

func runVersion(args []string) int {
	fs := newFlags("version", "Prints the interface version.\n\nEnvironment: none.\n")
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
		fmt.Fprint(os.Stderr, usage())
		return 2
	}
	cmd, rest := args[0], args[1:]
	if c, ok := commandNamed(cmd); ok {
		return c.run(rest)
	}
	switch cmd {
	case "help", "-h", "--help":
		fmt.Print(usage())
		return 0
	}
	fmt.Fprintf(os.Stderr, "coinslot: unknown command %q\n\n%s", cmd, usage())
	return 2
}
