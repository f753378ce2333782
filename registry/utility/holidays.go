package utility

import (
	"sort"
	"time"
)

// US federal holidays, computed by rule (5 U.S.C. 6103). A holiday on a
// Saturday is observed the Friday before and one on a Sunday the Monday
// after, so New Year's Day can be observed on December 31 of the year
// before. Inauguration Day is left out: it is a holiday only around
// Washington, DC.

// firstRuleYear and lastRuleYear bound the years the rules are right for:
// the Monday holidays date from the Uniform Monday Holiday Act (1971).
const (
	firstRuleYear = 1971
	lastRuleYear  = 2199
)

// holiday is one observed federal holiday.
type holiday struct {
	Date     string `json:"date"`               // the day offices close
	Name     string `json:"name"`               // e.g. "Independence Day"
	Observed string `json:"observed,omitempty"` // the actual date, when it falls on a weekend
}

type holidayRule struct {
	name  string
	since int // first year the holiday existed
	date  func(year int) time.Time
}

var holidayRules = []holidayRule{
	{"New Year's Day", firstRuleYear, fixed(time.January, 1)},
	{"Birthday of Martin Luther King, Jr.", 1986, nthWeekday(time.January, time.Monday, 3)},
	{"Washington's Birthday", firstRuleYear, nthWeekday(time.February, time.Monday, 3)},
	{"Memorial Day", firstRuleYear, lastWeekday(time.May, time.Monday)},
	{"Juneteenth National Independence Day", 2021, fixed(time.June, 19)},
	{"Independence Day", firstRuleYear, fixed(time.July, 4)},
	{"Labor Day", firstRuleYear, nthWeekday(time.September, time.Monday, 1)},
	{"Columbus Day", firstRuleYear, nthWeekday(time.October, time.Monday, 2)},
	{"Veterans Day", firstRuleYear, fixed(time.November, 11)},
	{"Thanksgiving Day", firstRuleYear, nthWeekday(time.November, time.Thursday, 4)},
	{"Christmas Day", firstRuleYear, fixed(time.December, 25)},
}

func fixed(m time.Month, day int) func(int) time.Time {
	return func(y int) time.Time { return date(y, m, day) }
}

func nthWeekday(m time.Month, wd time.Weekday, n int) func(int) time.Time {
	return func(y int) time.Time {
		first := date(y, m, 1)
		offset := (int(wd) - int(first.Weekday()) + 7) % 7
		return first.AddDate(0, 0, offset+7*(n-1))
	}
}

func lastWeekday(m time.Month, wd time.Weekday) func(int) time.Time {
	return func(y int) time.Time {
		last := date(y, m+1, 0)
		return last.AddDate(0, 0, -((int(last.Weekday()) - int(wd) + 7) % 7))
	}
}

func date(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, time.UTC) }

// observedHolidays returns the holidays whose observed date falls in year,
// sorted by date; year+1's New Year's Day may land on December 31.
func observedHolidays(year int) []holiday {
	var out []holiday
	for _, y := range []int{year, year + 1} {
		for _, r := range holidayRules {
			if y < r.since {
				continue
			}
			actual := r.date(y)
			observed := actual
			switch actual.Weekday() {
			case time.Saturday:
				observed = actual.AddDate(0, 0, -1)
			case time.Sunday:
				observed = actual.AddDate(0, 0, 1)
			}
			if observed.Year() != year {
				continue
			}
			h := holiday{Date: observed.Format(isoDate), Name: r.name}
			if !observed.Equal(actual) {
				h.Observed = actual.Format(isoDate)
			}
			out = append(out, h)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Date < out[j].Date })
	return out
}

// calendar answers "is this day a business day" with one holiday table per year.
type calendar map[int]map[string]holiday

func (c calendar) holiday(d time.Time) (holiday, bool) {
	year, ok := c[d.Year()]
	if !ok {
		year = map[string]holiday{}
		for _, h := range observedHolidays(d.Year()) {
			year[h.Date] = h
		}
		c[d.Year()] = year
	}
	h, ok := year[d.Format(isoDate)]
	return h, ok
}

func (c calendar) businessDay(d time.Time) bool {
	if d.Weekday() == time.Saturday || d.Weekday() == time.Sunday {
		return false
	}
	_, hol := c.holiday(d)
	return !hol
}

// step moves from d by dir (+1 or -1) days until it reaches a business day.
func (c calendar) step(d time.Time, dir int) time.Time {
	for d = d.AddDate(0, 0, dir); !c.businessDay(d); d = d.AddDate(0, 0, dir) {
	}
	return d
}
