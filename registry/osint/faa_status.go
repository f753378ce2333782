package osint

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/coinslot/coinslot/upstreams/faa"
)

// pacificFAA maps the ICAO codes of US airports outside the contiguous states,
// whose FAA code is not the ICAO code without its K.
var pacificFAA = map[string]string{
	"PANC": "ANC", "PAFA": "FAI", "PAJN": "JNU", "PAKT": "KTN", "PABE": "BET", "PAOM": "OME",
	"PHNL": "HNL", "PHOG": "OGG", "PHKO": "KOA", "PHLI": "LIH", "PHTO": "ITO",
	"PGUM": "GUM", "PGSN": "SPN", "TJSJ": "SJU", "TJBQ": "BQN", "TIST": "STT", "TISX": "STX",
}

// faaCode turns an ICAO code (or an FAA code as is) into the feed's code.
func faaCode(icao string) (string, bool) {
	icao = strings.ToUpper(strings.TrimSpace(icao))
	if code, ok := pacificFAA[icao]; ok {
		return code, true
	}
	switch {
	case len(icao) == 4 && icao[0] == 'K':
		return icao[1:], true
	case len(icao) == 3:
		return icao, true
	}
	return "", false
}

type airportDelay struct {
	Kind       string `json:"kind"` // ground_stop, ground_delay_program, delay, closure, other
	Program    string `json:"program"`
	Reason     string `json:"reason"`
	Direction  string `json:"direction,omitempty"`
	MinMinutes *int   `json:"min_minutes,omitempty"`
	MaxMinutes *int   `json:"max_minutes,omitempty"`
	AvgMinutes *int   `json:"avg_minutes,omitempty"`
	Trend      string `json:"trend,omitempty"`
	Until      string `json:"until,omitempty"`
	Start      string `json:"start,omitempty"`
}

type airportReport struct {
	ICAO    string         `json:"icao"`
	FAACode string         `json:"faa_code"`
	Status  string         `json:"status"`
	Delays  []airportDelay `json:"delays"`
	Updated string         `json:"updated"`
}

// statusRank orders kinds by severity; the worst one names the status.
var statusRank = map[string]int{"closure": 5, "ground_stop": 4, "ground_delay_program": 3, "delay": 2, "other": 1}

var statusOf = map[string]string{
	"closure": "closed", "ground_stop": "ground_stop", "ground_delay_program": "ground_delay_program",
	"delay": "delayed", "other": "advisory",
}

// airportReportFor reads the feed's events at one airport; the worst kind
// names the status, and no event means normal operations.
func airportReportFor(st faa.Status, icao, code string) airportReport {
	r := airportReport{ICAO: icao, FAACode: code, Status: "normal", Delays: []airportDelay{}, Updated: st.Updated}
	worst := 0
	for _, e := range st.Events {
		if e.Airport != code {
			continue
		}
		d := airportDelay{
			Kind: delayKind(e.Program), Program: e.Program, Reason: e.Reason, Direction: e.Type,
			MinMinutes: minutes(e.Fields["Min"]), MaxMinutes: minutes(e.Fields["Max"]), AvgMinutes: minutes(e.Fields["Avg"]),
			Trend: e.Fields["Trend"], Until: firstOf(e.Fields["End_Time"], e.Fields["Reopen"]), Start: e.Fields["Start"],
		}
		if rank := statusRank[d.Kind]; rank > worst {
			worst, r.Status = rank, statusOf[d.Kind]
		}
		r.Delays = append(r.Delays, d)
	}
	return r
}

func delayKind(program string) string {
	p := strings.ToLower(program)
	switch {
	case strings.Contains(p, "closure"):
		return "closure"
	case strings.Contains(p, "ground stop"):
		return "ground_stop"
	case strings.Contains(p, "ground delay"):
		return "ground_delay_program"
	case strings.Contains(p, "delay"):
		return "delay"
	}
	return "other"
}

var (
	hoursRe   = regexp.MustCompile(`(\d+)\s*hour`)
	minutesRe = regexp.MustCompile(`(\d+)\s*minute`)
)

// minutes reads the feed's prose durations, e.g. "1 hour and 30 minutes".
func minutes(prose string) *int {
	h, m := hoursRe.FindStringSubmatch(prose), minutesRe.FindStringSubmatch(prose)
	if h == nil && m == nil {
		return nil
	}
	total := 0
	if h != nil {
		n, _ := strconv.Atoi(h[1])
		total += 60 * n
	}
	if m != nil {
		n, _ := strconv.Atoi(m[1])
		total += n
	}
	return &total
}

func firstOf(vals ...string) string {
	for _, v := range vals {
		if v != "" {
			return v
		}
	}
	return ""
}
