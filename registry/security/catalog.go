package security

import (
	"embed"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// The curated catalogs ship inside the binary and are checked when the
// package loads: a catalog entry without a source, a date or a unique id is a
// build defect, not something to discover on a buyer's call.
//
//go:embed catalog/*.json
var catalogFiles embed.FS

// sourceRef is where an entry's facts were published.
type sourceRef struct {
	Title     string `json:"title"`
	URL       string `json:"url"`
	Published string `json:"published,omitempty"`
}

type threat struct {
	ID             string    `json:"id"`
	Title          string    `json:"title"`
	Severity       string    `json:"severity"`
	Tags           []string  `json:"tags"`
	Summary        string    `json:"summary"`
	DetectionHints []string  `json:"detection_hints"`
	Mitigations    []string  `json:"mitigations"`
	MappedRules    []string  `json:"mapped_rules"`
	Source         sourceRef `json:"source"`
}

type iocPackage struct {
	Name              string   `json:"name"`
	MaliciousVersions []string `json:"malicious_versions"`
}

type ioc struct {
	ID              string       `json:"id"`
	Name            string       `json:"name"`
	Ecosystem       string       `json:"ecosystem"`
	Packages        []iocPackage `json:"packages"`
	Hosts           []string     `json:"hosts"`
	Emails          []string     `json:"emails"`
	OtherIndicators []string     `json:"other_indicators"`
	Behavior        string       `json:"behavior"`
	Action          string       `json:"action"`
	Disclosed       string       `json:"disclosed"`
	ReportedBy      string       `json:"reported_by"`
	Sources         []sourceRef  `json:"sources"`
}

type policy struct {
	ID        string    `json:"id"`
	Profile   string    `json:"profile"`
	Name      string    `json:"name"`
	Condition string    `json:"condition"`
	Action    string    `json:"action"`
	Details   string    `json:"details"`
	Mitigates []string  `json:"mitigates"`
	Source    sourceRef `json:"source"`
}

type catalogFile[T any] struct {
	Dataset  string            `json:"dataset"`
	Note     string            `json:"note"` // provenance and licence, for readers of the file
	Profiles map[string]string `json:"profiles,omitempty"`
	Entries  []T               `json:"entries"`
}

var (
	threats  = mustLoad[threat]("threats.json")
	iocs     = mustLoad[ioc]("iocs.json")
	policies = mustLoad[policy]("policies.json")
)

func init() {
	if err := checkCatalogs(threats.Entries, iocs.Entries, policies); err != nil {
		panic("security catalog: " + err.Error())
	}
}

func mustLoad[T any](name string) catalogFile[T] {
	raw, err := catalogFiles.ReadFile("catalog/" + name)
	if err != nil {
		panic(err)
	}
	var f catalogFile[T]
	dec := json.NewDecoder(strings.NewReader(string(raw)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		panic(fmt.Sprintf("security catalog %s: %v", name, err))
	}
	return f
}

var (
	isoDay     = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}$`)
	asiID      = regexp.MustCompile(`^ASI(0[1-9]|10)$`)
	owaspLLMID = regexp.MustCompile(`^LLM(0[1-9]|10):2025$`)
	severities = []string{"critical", "high", "medium", "low"}
	actions    = []string{"deny", "require_approval", "sandbox", "limit", "log"}
)

func checkSource(id string, s sourceRef, dated bool) error {
	switch {
	case s.Title == "" || !strings.HasPrefix(s.URL, "https://"):
		return fmt.Errorf("%s: source needs a title and an https URL", id)
	case dated && !isoDay.MatchString(s.Published):
		return fmt.Errorf("%s: source needs a YYYY-MM-DD published date", id)
	case s.Published != "" && !isoDay.MatchString(s.Published):
		return fmt.Errorf("%s: published %q is not YYYY-MM-DD", id, s.Published)
	}
	return nil
}

// checkCatalogs enforces the rules every entry must meet, including the
// cross references between threats and policy rules.
func checkCatalogs(ts []threat, is []ioc, pf catalogFile[policy]) error {
	seen := map[string]bool{}
	unique := func(id string) error {
		if id == "" || seen[id] {
			return fmt.Errorf("id %q is empty or not unique", id)
		}
		seen[id] = true
		return nil
	}
	for _, p := range pf.Entries {
		if err := unique(p.ID); err != nil {
			return err
		}
		if _, ok := pf.Profiles[p.Profile]; !ok || !slices.Contains(actions, p.Action) || p.Condition == "" {
			return fmt.Errorf("%s: needs a known profile, a condition and an action from %v", p.ID, actions)
		}
		if err := checkSource(p.ID, p.Source, true); err != nil {
			return err
		}
		for _, m := range p.Mitigates {
			if !asiID.MatchString(m) {
				return fmt.Errorf("%s: mitigates %q, not an ASI id", p.ID, m)
			}
		}
	}
	for i, t := range ts {
		if err := unique(t.ID); err != nil {
			return err
		}
		if want := fmt.Sprintf("ASI%02d", i+1); t.ID != want {
			return fmt.Errorf("threat %d is %s, want %s", i+1, t.ID, want)
		}
		if !slices.Contains(severities, t.Severity) || len(t.Mitigations) == 0 || len(t.DetectionHints) == 0 {
			return fmt.Errorf("%s: needs a severity, detection hints and mitigations", t.ID)
		}
		if err := checkSource(t.ID, t.Source, true); err != nil {
			return err
		}
		for _, r := range t.MappedRules {
			if !owaspLLMID.MatchString(r) && !seen[r] {
				return fmt.Errorf("%s: mapped rule %q is neither an OWASP LLM id nor a policy id", t.ID, r)
			}
		}
	}
	if len(ts) != 10 {
		return fmt.Errorf("%d threats, want ASI01-ASI10", len(ts))
	}
	for _, e := range is {
		if err := unique(e.ID); err != nil {
			return err
		}
		if !isoDay.MatchString(e.Disclosed) || len(e.Sources) == 0 || len(e.Packages) == 0 {
			return fmt.Errorf("%s: needs a disclosed date, packages and sources", e.ID)
		}
		for _, s := range e.Sources {
			if err := checkSource(e.ID, s, false); err != nil {
				return err
			}
		}
	}
	return nil
}
