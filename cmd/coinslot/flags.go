package main

import (
	"flag"
	"fmt"
	"os"
	"slices"
)

// newFlags is the flag set of the command called name; its help is the
// command's usage line, then text, which ends where the flags' own
// descriptions follow.
func newFlags(name, text string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	c, _ := commandNamed(name)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: %s\n\n%s", c.usageLine(), text)
		fs.PrintDefaults()
	}
	return fs
}

// parse parses args. When ok is false the command ends with code: 0 after
// --help (printed on stdout), 2 after a usage error.
func parse(fs *flag.FlagSet, args []string) (code int, ok bool) {
	if wantsHelp(args) {
		fs.SetOutput(os.Stdout)
		fs.Usage()
		return 0, false
	}
	if err := fs.Parse(args); err != nil {
		return 2, false
	}
	return 0, true
}

// wantsHelp says whether args ask for help before any "--".
func wantsHelp(args []string) bool {
	if i := slices.Index(args, "--"); i >= 0 {
		args = args[:i]
	}
	return slices.ContainsFunc(args, func(a string) bool { return a == "-h" || a == "-help" || a == "--help" })
}

// flagGiven says whether the flag called name was set on the command line.
func flagGiven(fs *flag.FlagSet, name string) bool {
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == name })
	return given
}
