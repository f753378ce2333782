package courtlistener

import "strings"

// dates keeps the day of each timestamp ("2017-02-01T00:00:00-08:00").
func dates(ts []string) []string {
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i], _, _ = strings.Cut(t, "T")
	}
	return out
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
