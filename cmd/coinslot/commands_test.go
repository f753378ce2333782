package main

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The top-level usage and each command's --help write the command the same
// way, and its synopsis names exactly the flags the command takes: the
// required ones bare, the optional ones in brackets.
func TestUsageAndHelpAgreeOnEveryCommand(t *testing.T) {
	_, top, _ := output(t, "--help")
	defined := regexp.MustCompile(`(?m)^  -([a-z][a-z-]*)`)
	named := regexp.MustCompile(`--([a-z][a-z-]*)`)
	for _, c := range commands() {
		code, help, _ := output(t, c.name, "--help")
		first, _, _ := strings.Cut(help, "\n")
		if code != 0 || first != "Usage: "+c.usageLine() {
			t.Errorf("coinslot %s --help: exit %d, first line %q, want %q", c.name, code, first, "Usage: "+c.usageLine())
		}
		if !strings.Contains(top, "\n  "+c.usageLine()+" ") && !strings.Contains(top, "\n  "+c.usageLine()+"\n") {
			t.Errorf("the usage does not write %q", c.usageLine())
		}
		var flags, inSynopsis []string
		for _, m := range defined.FindAllStringSubmatch(help, -1) {
			flags = append(flags, m[1])
		}
		for _, m := range named.FindAllStringSubmatch(c.synopsis, -1) {
			inSynopsis = append(inSynopsis, m[1])
		}
		slices.Sort(flags)
		slices.Sort(inSynopsis)
		if !slices.Equal(flags, slices.Compact(inSynopsis)) {
			t.Errorf("coinslot %s takes %v, its synopsis names %v", c.name, flags, inSynopsis)
		}
	}
}
