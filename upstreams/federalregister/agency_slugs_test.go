package federalregister

import "testing"

func TestAgencySlug(t *testing.T) {
	for in, want := range map[string]string{
		" epa ":                       "environmental-protection-agency",
		"Federal Trade Commission":    "federal-trade-commission",
		"patent-and-trademark-office": "patent-and-trademark-office",
		"&&":                          "",
	} {
		if got := AgencySlug(in); got != want {
			t.Errorf("AgencySlug(%q) = %q, want %q", in, got, want)
		}
	}
}
