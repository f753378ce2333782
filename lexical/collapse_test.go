package lexical

import "testing"

func TestCollapseMakesEveryRunOfWhiteSpaceOneSpace(t *testing.T) {
	if got := Collapse(" a \n\t b  "); got != "a b" {
		t.Errorf("Collapse = %q", got)
	}
}
