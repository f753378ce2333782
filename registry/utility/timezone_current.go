package utility

import (
	"context"
	"fmt"
	"strings"
	"time"
	_ "time/tzdata" // the IANA database ships in the binary, so hosts without zoneinfo answer the same

	"github.com/coinslot/coinslot/registry"
)

func init() {
	family.Register(&registry.Tool{
		Name: "timezone_current", Path: "/paid/osint/timezone", Price: "0.01",
		Description: "Current local time in an IANA time zone: UTC offset, abbreviation, daylight-saving flag, " +
			"and the previous and next offset transitions, from the IANA tz database.",
		Params: []registry.Param{
			registry.Str("timezone").Req().Len(1, 64).Describe("IANA name, e.g. Europe/Berlin"),
		},
		Example:  map[string]any{"timezone": "America/New_York"},
		Synonyms: []string{"local time", "time difference", "utc offset", "daylight saving", "clock"},
		Expected: "Envelope whose data holds the current local and UTC time in a time zone, its offset and abbreviation, and its previous and next transitions or null.",
		Shape:    registry.Envelope,
		Result:   (*zoneNow)(nil),
		Check:    checkZone,
		Handler:  timezoneCurrent,
	})
}

type zoneNow struct {
	Timezone         string      `json:"timezone"`
	LocalTime        string      `json:"local_time"`
	UTCTime          string      `json:"utc_time"`
	UTCOffset        string      `json:"utc_offset"`
	UTCOffsetSeconds int         `json:"utc_offset_seconds"`
	Abbreviation     string      `json:"abbreviation"`
	IsDST            bool        `json:"is_dst"`
	Previous         *transition `json:"previous_transition"`
	Next             *transition `json:"next_transition"`
}

// transition is the instant a zone changes offset, abbreviation or DST state.
type transition struct {
	AtUTC             string `json:"at_utc"`
	LocalBefore       string `json:"local_before"` // wall clock one second before
	LocalAfter        string `json:"local_after"`  // wall clock at the instant
	UTCOffsetAfter    string `json:"utc_offset_after"`
	AbbreviationAfter string `json:"abbreviation_after"`
	IsDSTAfter        bool   `json:"is_dst_after"`
}

func timezoneCurrent(_ context.Context, c *registry.Call) (*registry.Result, error) {
	loc := registry.Parsed[*time.Location](c.Args, "timezone")
	now := c.Now.In(loc).Truncate(time.Second)
	abbr, offset := now.Zone()
	ans := &zoneNow{
		Timezone:         loc.String(),
		LocalTime:        now.Format(time.RFC3339),
		UTCTime:          now.UTC().Format(time.RFC3339),
		UTCOffset:        formatOffset(offset),
		UTCOffsetSeconds: offset,
		Abbreviation:     abbr,
		IsDST:            now.IsDST(),
	}
	// ZoneBounds reads the zone's own transition table (and its rule for
	// future years), so the instants are exact, not sampled.
	start, end := now.ZoneBounds()
	if !start.IsZero() {
		ans.Previous = transitionAt(start)
	}
	if !end.IsZero() {
		ans.Next = transitionAt(end)
	}
	return &registry.Result{Data: ans, Count: 1, Source: "IANA tz database (embedded)"}, nil
}

// checkZone loads the zone, accepting only IANA names: "Local" would be the
// server's own zone.
func checkZone(a registry.Args) []registry.FieldError {
	name := strings.TrimSpace(a.String("timezone"))
	if name == "Local" {
		return registry.Bad("timezone", "must be an IANA time zone name, e.g. Europe/Berlin")
	}
	loc, err := time.LoadLocation(name)
	if err != nil {
		return registry.Bad("timezone", fmt.Sprintf("%q is not an IANA time zone name", name))
	}
	a["timezone"] = loc
	return nil
}

func transitionAt(at time.Time) *transition {
	abbr, offset := at.Zone()
	return &transition{
		AtUTC:             at.UTC().Format(time.RFC3339),
		LocalBefore:       at.Add(-time.Second).Format(time.RFC3339),
		LocalAfter:        at.Format(time.RFC3339),
		UTCOffsetAfter:    formatOffset(offset),
		AbbreviationAfter: abbr,
		IsDSTAfter:        at.IsDST(),
	}
}

func formatOffset(seconds int) string {
	sign := '+'
	if seconds < 0 {
		sign, seconds = '-', -seconds
	}
	return fmt.Sprintf("%c%02d:%02d", sign, seconds/3600, seconds%3600/60)
}
