package lexical

import "testing"

func TestDistanceCountsEachEditOnce(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"", "", 0},
		{"", "abc", 3},
		{"network", "network", 0},
		{"netwrok", "network", 1}, // neighbours swapped: one edit, not two
		{"netwok", "network", 1},
		{"networks", "network", 1},
		{"natwork", "network", 1},
		{"kitten", "sitting", 3},
		{"ca", "abc", 3}, // optimal string alignment does not edit a transposed pair again
	} {
		if got := Distance(c.a, c.b); got != c.want {
			t.Errorf("Distance(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
		if got := Distance(c.b, c.a); got != c.want {
			t.Errorf("Distance(%q, %q) = %d, want %d", c.b, c.a, got, c.want)
		}
	}
}

func TestSuggestNamesTheClosestKnownName(t *testing.T) {
	known := []string{"network", "facilitator_url", "base_url"}
	if got := Suggest("netwrok", known); got != "; did you mean network?" {
		t.Errorf("Suggest(netwrok) = %q", got)
	}
	if got := Suggest("zzzzzz", known); got != "" {
		t.Errorf("Suggest(zzzzzz) = %q, want nothing", got)
	}
}
