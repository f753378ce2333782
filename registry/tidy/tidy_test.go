package tidy

import (
	"math"
	"testing"
	"unicode/utf8"

	"github.com/coinslot/coinslot/lexical"
)

func TestRound(t *testing.T) {
	cases := []struct {
		x    float64
		n    int
		want float64
	}{
		{1.23456, 2, 1.23}, {1.235, 2, 1.24}, {-0.00004, 4, 0}, {2.5, 0, 3}, {123456.789, 6, 123456.789},
	}
	for _, c := range cases {
		if got := Round(c.x, c.n); got != c.want || math.Signbit(got) != math.Signbit(c.want) {
			t.Errorf("Round(%v, %d) = %v, want %v", c.x, c.n, got, c.want)
		}
	}
}

func TestClampAndNearestRank(t *testing.T) {
	if got := Clamp(120, 0, 100); got != 100 {
		t.Errorf("Clamp(120) = %v", got)
	}
	if got := Clamp(-3, 0, 100); got != 0 {
		t.Errorf("Clamp(-3) = %v", got)
	}
	sorted := []float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
	for q, want := range map[float64]float64{0: 1, 0.5: 5, 0.9: 9, 1: 10} {
		if got := NearestRank(sorted, q); got != want {
			t.Errorf("NearestRank(%v) = %v, want %v", q, got, want)
		}
	}
}

// A limit of n is n characters with the ellipsis: the copies this replaced
// disagreed (one gave n+1).
func TestClipKeepsTheLimit(t *testing.T) {
	cases := []struct {
		in   string
		n    int
		want string
	}{
		{"  short  ", 10, "short"},
		{"abcdefghijklmnopqrstuvwxyz", 10, "abcdefghi…"},
		{"one two three four five six", 10, "one two…"},
		{"alpha, beta, gamma, delta", 14, "alpha, beta…"},
		{"ünïcödé ünïcödé ünïcödé", 10, "ünïcödé…"},
	}
	for _, c := range cases {
		got := Clip(c.in, c.n)
		if got != c.want || utf8.RuneCountInString(got) > c.n {
			t.Errorf("Clip(%q, %d) = %q, want %q", c.in, c.n, got, c.want)
		}
	}
}

// Excerpts of posts collapse white space and cut at a word.
func TestClipAfterCollapseCutsAtAWord(t *testing.T) {
	cases := map[string]string{
		"short\n\n  text":                         "short text",
		"one two three four five six seven eight": "one two three…",
		"abcdefghijklmnopqrstuvwxyz0123456789":    "abcdefghijklmnopqr…",
	}
	for in, want := range cases {
		if got := Clip(lexical.Collapse(in), 19); got != want {
			t.Errorf("Clip(Collapse(%q), 19) = %q, want %q", in, got, want)
		}
	}
}

func TestDaysBetween(t *testing.T) {
	cases := []struct {
		a, b string
		days float64
		ok   bool
	}{
		{"2026-11-01", "2026-11-20", 19, true},
		{"2026-11-20", "2026-11-01", -19, true},
		{"2026-02-28", "2026-03-01", 1, true},
		{"2026-11-01", "yesterday", 0, false},
		{"", "2026-11-01", 0, false},
	}
	for _, c := range cases {
		if days, ok := DaysBetween(c.a, c.b); days != c.days || ok != c.ok {
			t.Errorf("DaysBetween(%q, %q) = %v, %v; want %v, %v", c.a, c.b, days, ok, c.days, c.ok)
		}
	}
}

func TestMedianAndPlural(t *testing.T) {
	if got := Median([]float64{1, 2, 9}); got != 2 {
		t.Errorf("median of 1, 2, 9 = %v", got)
	}
	if got := Median([]float64{1, 2, 4, 9}); got != 3 {
		t.Errorf("median of 1, 2, 4, 9 = %v", got)
	}
	for _, c := range []struct {
		got, want string
	}{
		{Plural(1, "result"), "1 result"},
		{Plural(3, "result"), "3 results"},
		{Plural(0, "listed resource"), "0 listed resources"},
		{Plural(2, "comment period closes", "comment periods close"), "2 comment periods close"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}
