package health

import (
	"context"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/openfda"
)

func init() {
	family.Register(&registry.Tool{
		Name: "adverse_events", Path: "/paid/health/adverse-events", Price: "0.04",
		Description: "FDA Adverse Event Reporting System (FAERS) reports naming a drug, newest first: seriousness and outcomes, " +
			"reactions, the drugs involved with their roles, and the patient's age and sex.",
		Params: []registry.Param{
			registry.Str("drug").Req().Len(2, 100).Describe("drug brand or generic name, e.g. aspirin"),
			registry.Int("limit").Range(5, 50).WithDefault(20),
		},
		Example:  map[string]any{"drug": "aspirin", "limit": 5},
		Synonyms: []string{"side effects", "drug reactions", "faers", "adverse reactions", "medication side effects"},
		Expected: "Envelope whose data is an array of openFDA FAERS reports, newest first, with the seriousness criteria each ticks, its reactions and drugs, and no report is an empty array.",
		Shape:    registry.Envelope,
		Result:   []adverseReport(nil),
		Sources:  []string{openfda.Source.Name},
		Handler:  adverseEvents,
	})
}

type eventDrug struct {
	Name       string `json:"name"`
	Role       string `json:"role"`
	Indication string `json:"indication,omitempty"`
}

type adverseReport struct {
	ID         string      `json:"safetyreportid"`
	Received   string      `json:"receivedate"`
	Serious    bool        `json:"serious"`
	Outcomes   []string    `json:"outcomes"`
	Reactions  []string    `json:"reactions"`
	Drugs      []eventDrug `json:"drugs"`
	PatientAge *string     `json:"patient_age"`
	PatientSex string      `json:"patient_sex"`
	Country    string      `json:"country"`
}

// FAERS codes, as openFDA documents them.
var (
	drugRoles    = map[string]string{"1": "suspect", "2": "concomitant", "3": "interacting"}
	patientSexes = map[string]string{"0": "unknown", "1": "male", "2": "female"}
	ageUnits     = map[string]string{"800": "decades", "801": "years", "802": "months", "803": "weeks", "804": "days", "805": "hours"}
)

func adverseEvents(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	up := upstreams.NewSession(c.Upstream)
	q := openfda.Query{
		Term: c.Args.String("drug"), Match: []string{"patient.drug.medicinalproduct", "patient.drug.openfda.generic_name", "patient.drug.openfda.brand_name"},
		Sort: "receivedate", Limit: c.Args.Int("limit"),
	}
	events, err := upstreams.Fetch(ctx, up, openfda.Search(openfda.DrugEvent, q), openfda.DecodeEvents)
	if err != nil && !openfda.NoMatch(err) {
		return nil, err
	}
	out := make([]adverseReport, 0, len(events))
	for _, e := range events {
		r := adverseReport{
			ID: e.SafetyReportID, Received: isoDay(e.ReceiveDate), Serious: e.Serious == "1",
			Outcomes: outcomes(&e), Reactions: []string{}, Drugs: []eventDrug{},
			PatientSex: patientSexes[e.Patient.Sex], Country: e.OccurCountry,
		}
		if r.PatientSex == "" {
			r.PatientSex = "unknown"
		}
		if e.Patient.OnsetAge != "" {
			age := e.Patient.OnsetAge
			if unit := ageUnits[e.Patient.OnsetAgeUnit]; unit != "" {
				age += " " + unit
			}
			r.PatientAge = &age
		}
		for _, re := range e.Patient.Reaction {
			r.Reactions = append(r.Reactions, re.Term)
		}
		for _, d := range e.Patient.Drug {
			role := drugRoles[d.Characterization]
			if role == "" {
				role = "unknown"
			}
			r.Drugs = append(r.Drugs, eventDrug{Name: d.MedicinalProduct, Role: role, Indication: d.Indication})
		}
		out = append(out, r)
	}
	return &registry.Result{Data: out, Count: len(out), Source: openfda.Source.Title, Cached: up.Cached()}, nil
}

// outcomes lists the seriousness criteria a report ticks, all six FAERS has.
func outcomes(e *openfda.Event) []string {
	out := []string{}
	for _, o := range []struct{ flag, name string }{
		{e.SeriousnessDeath, "death"}, {e.SeriousnessLifeThreatening, "life_threatening"},
		{e.SeriousnessHospitalization, "hospitalization"}, {e.SeriousnessDisabling, "disability"},
		{e.SeriousnessCongenital, "congenital_anomaly"}, {e.SeriousnessOther, "other_serious"},
	} {
		if o.flag == "1" {
			out = append(out, o.name)
		}
	}
	return out
}
