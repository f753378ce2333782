package main

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// commandInCode is a coinslot command as code writes one, run directly or
// with go run ./cmd/coinslot.
var (
	commandInCode = regexp.MustCompile(`(?:^|[\s/])coinslot ([a-z][a-z-]*)`)
	codeSpan      = regexp.MustCompile("`[^`\n]+`")
)

// codeOf is the code in a markdown text: its fenced blocks and code spans.
func codeOf(markdown string) []string {
	var code []string
	for i, part := range strings.Split(markdown, "```") {
		if i%2 == 1 {
			code = append(code, strings.Split(part, "\n")...)
		} else {
			code = append(code, codeSpan.FindAllString(part, -1)...)
		}
	}
	return code
}

// Every coinslot command the README and docs/ name exists, and its --help
// answers with exit code 0.
func TestDocumentedCommandsExist(t *testing.T) {
	files, _ := filepath.Glob("../../docs/*.md")
	files = append(files, "../../README.md")
	named := map[string][]string{} // command → files naming it
	for _, f := range files {
		text, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range codeOf(string(text)) {
			for _, m := range commandInCode.FindAllStringSubmatch(strings.Trim(line, "`"), -1) {
				if !slices.Contains(named[m[1]], f) {
					named[m[1]] = append(named[m[1]], f)
				}
			}
		}
	}
	for _, want := range []string{"serve", "call", "sources", "config"} {
		if named[want] == nil {
			t.Errorf("the docs name no coinslot %s: the pattern misses how they write commands", want)
		}
	}
	stdout := os.Stdout
	t.Cleanup(func() { os.Stdout = stdout })
	os.Stdout, _ = os.Open(os.DevNull)
	for cmd, where := range named {
		if code := run([]string{cmd, "--help"}); code != 0 {
			t.Errorf("coinslot %s --help exits %d; named in %s", cmd, code, strings.Join(where, ", "))
		}
	}
}

// --help exits 0 on every command; an unknown flag or command exits 2.
func TestHelpAndUsageErrors(t *testing.T) {
	stdout := os.Stdout
	t.Cleanup(func() { os.Stdout = stdout })
	os.Stdout, _ = os.Open(os.DevNull)
	for _, args := range [][]string{
		{"--help"}, {"help"}, {"serve", "--help"}, {"serve", "-h"}, {"call", "--help"}, {"call", "business_days", "--help"},
		{"tools", "--help"}, {"sources", "--help"}, {"config", "--help"}, {"config", "check", "--help"},
		{"facilitator", "--help"}, {"version", "--help"},
	} {
		if code := run(args); code != 0 {
			t.Errorf("coinslot %s exits %d, want 0", strings.Join(args, " "), code)
		}
	}
	for _, args := range [][]string{{}, {"serv"}, {"tools", "--verbose"}, {"serve", "--port", "1"}, {"config", "lint", "x.yaml"}, {"version", "x"}} {
		if code := run(args); code != 2 {
			t.Errorf("coinslot %s exits %d, want 2", strings.Join(args, " "), code)
		}
	}
}
