package utility

import (
	"context"
	"fmt"
	"time"

	"github.com/coinslot/coinslot/registry"
)

const isoDate = "2006-01-02"

// isoDateShape is the form of isoDate, as a pattern and in words.
const (
	isoDatePattern = `^[0-9]{4}-[0-9]{2}-[0-9]{2}$`
	isoDateShape   = "a date in YYYY-MM-DD form"
)

// Spans are bounded so a call stays a few thousand loop steps.
const (
	maxSpanDays   = 7305 // 20 years between start_date and end_date
	maxDaysAhead  = 2600 // about 10 years of business days
	defaultZoneID = "America/New_York"
)

func init() {
	family.Register(&registry.Tool{
		Name: "business_days", Path: "/paid/utility/business-days", Price: "0.01",
		Description: "US business days: counts weekdays that are not federal holidays between two dates, " +
			"finds the date N business days ahead, and lists the holidays involved. Holidays are computed " +
			"by rule, with the weekend observance shift.",
		Params: []registry.Param{
			registry.Str("start_date").Matching(isoDatePattern, isoDateShape).Describe("YYYY-MM-DD; default today in America/New_York"),
			registry.Str("end_date").Matching(isoDatePattern, isoDateShape).Describe("YYYY-MM-DD, counted inclusively from start_date, at most 20 years on"),
			registry.Int("days_ahead").Range(1, maxDaysAhead).Describe("business days to add to start_date; the start day itself is not counted"),
		},
		Example:  map[string]any{"start_date": "2024-12-20", "end_date": "2025-01-03", "days_ahead": 5},
		Synonyms: []string{"working days", "federal holidays", "deadline calculator", "days until", "bank holidays"},
		Expected: "Envelope whose data says whether a date is a business day in the chosen calendar, the next and previous ones, and either the business days in a range, the date a number of business days ahead, or the year's holidays.",
		Check:    checkBusinessDays,
		Shape:    registry.Envelope,
		Result:   (*businessDaysAnswer)(nil),
		Handler:  businessDays,
	})
}

type businessDaysAnswer struct {
	Calendar            string     `json:"calendar"`
	StartDate           string     `json:"start_date"`
	StartIsBusinessDay  bool       `json:"start_is_business_day"`
	StartHoliday        *holiday   `json:"start_holiday,omitempty"`
	NextBusinessDay     string     `json:"next_business_day"`
	PreviousBusinessDay string     `json:"previous_business_day"`
	Range               *dayRange  `json:"range,omitempty"`
	Ahead               *daysAhead `json:"ahead,omitempty"`
	YearHolidays        []holiday  `json:"year_holidays,omitempty"`
}

// dayRange counts both ends: Monday to Friday of one week is 5 business days.
type dayRange struct {
	EndDate      string    `json:"end_date"`
	CalendarDays int       `json:"calendar_days"`
	BusinessDays int       `json:"business_days"`
	WeekendDays  int       `json:"weekend_days"`
	Holidays     []holiday `json:"holidays"`
}

type daysAhead struct {
	DaysAhead       int       `json:"days_ahead"`
	ResultDate      string    `json:"result_date"`
	HolidaysSkipped []holiday `json:"holidays_skipped"`
}

// checkBusinessDays parses the dates and, when start_date is given, checks
// end_date and days_ahead against it; without it they wait for the call's day.
func checkBusinessDays(a registry.Args) []registry.FieldError {
	for _, field := range []string{"start_date", "end_date"} {
		if !a.Has(field) {
			continue
		}
		d, problem := parseDate(a.String(field))
		if problem != "" {
			return registry.Bad(field, problem)
		}
		a[field] = d
	}
	if !a.Has("start_date") {
		return nil
	}
	return spanProblems(registry.Parsed[time.Time](a, "start_date"), a)
}

// spanProblems checks end_date and days_ahead against start.
func spanProblems(start time.Time, a registry.Args) []registry.FieldError {
	if a.Has("end_date") {
		switch span := daySpan(start, registry.Parsed[time.Time](a, "end_date")); {
		case span < 1:
			return registry.Bad("end_date", "must not be before start_date")
		case span > maxSpanDays:
			return registry.Bad("end_date", fmt.Sprintf("must be within %d days of start_date", maxSpanDays))
		}
	}
	if n := a.Int("days_ahead"); n > 0 && addBusinessDays(calendar{}, start, n).ResultDate > fmt.Sprintf("%d-12-31", lastRuleYear) {
		return registry.Bad("days_ahead", fmt.Sprintf("reaches past %d, the last year the holiday rules cover", lastRuleYear))
	}
	return nil
}

// daySpan counts the days from start to end, both included.
func daySpan(start, end time.Time) int { return int(end.Sub(start).Hours()/24) + 1 }

func businessDays(_ context.Context, c *registry.Call) (*registry.Result, error) {
	start, err := startDate(c)
	if err != nil {
		return nil, err
	}
	cal := calendar{}
	ans := &businessDaysAnswer{
		Calendar:            "US federal holidays (5 U.S.C. 6103) with Saturday and Sunday off",
		StartDate:           start.Format(isoDate),
		StartIsBusinessDay:  cal.businessDay(start),
		NextBusinessDay:     cal.step(start, 1).Format(isoDate),
		PreviousBusinessDay: cal.step(start, -1).Format(isoDate),
	}
	if h, ok := cal.holiday(start); ok {
		ans.StartHoliday = &h
	}
	if c.Args.Has("end_date") {
		ans.Range = countRange(cal, start, daySpan(start, registry.Parsed[time.Time](c.Args, "end_date")))
	}
	if n := c.Args.Int("days_ahead"); n > 0 {
		ans.Ahead = addBusinessDays(cal, start, n)
	}
	if ans.Range == nil && ans.Ahead == nil {
		ans.YearHolidays = observedHolidays(start.Year())
	}
	return &registry.Result{Data: ans, Count: 1, Source: "local analysis"}, nil
}

// startDate is start_date, or the call's date on the US east coast, where the
// federal business day is defined; end_date and days_ahead are checked
// against that day here, as only the call knows it.
func startDate(c *registry.Call) (time.Time, error) {
	if c.Args.Has("start_date") {
		return registry.Parsed[time.Time](c.Args, "start_date"), nil
	}
	loc, err := time.LoadLocation(defaultZoneID)
	if err != nil {
		return time.Time{}, err
	}
	y, m, d := c.Now.In(loc).Date()
	today := date(y, m, d)
	if errs := spanProblems(today, c.Args); errs != nil {
		return time.Time{}, &registry.InputError{Fields: errs}
	}
	return today, nil
}

// parseDate reads a date the holiday rules cover, or says what is wrong.
func parseDate(s string) (time.Time, string) {
	t, err := time.Parse(isoDate, s)
	if err != nil {
		return time.Time{}, "must be " + isoDateShape
	}
	if t.Year() < firstRuleYear || t.Year() > lastRuleYear {
		return time.Time{}, fmt.Sprintf("must be in the years %d-%d that the holiday rules cover", firstRuleYear, lastRuleYear)
	}
	return t, ""
}

func countRange(cal calendar, start time.Time, span int) *dayRange {
	r := &dayRange{EndDate: start.AddDate(0, 0, span-1).Format(isoDate), CalendarDays: span, Holidays: []holiday{}}
	for i, d := 0, start; i < span; i, d = i+1, d.AddDate(0, 0, 1) {
		switch h, hol := cal.holiday(d); {
		case d.Weekday() == time.Saturday || d.Weekday() == time.Sunday:
			r.WeekendDays++
		case hol:
			r.Holidays = append(r.Holidays, h)
		default:
			r.BusinessDays++
		}
	}
	return r
}

func addBusinessDays(cal calendar, start time.Time, n int) *daysAhead {
	a := &daysAhead{DaysAhead: n, HolidaysSkipped: []holiday{}}
	d := start
	for left := n; left > 0; {
		d = d.AddDate(0, 0, 1)
		if h, hol := cal.holiday(d); hol { // observed dates are always weekdays
			a.HolidaysSkipped = append(a.HolidaysSkipped, h)
		}
		if cal.businessDay(d) {
			left--
		}
	}
	a.ResultDate = d.Format(isoDate)
	return a
}
