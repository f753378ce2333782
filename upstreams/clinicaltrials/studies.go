package clinicaltrials

import (
	"net/url"
	"strconv"

	"github.com/coinslot/coinslot/upstreams"
)

// Statuses are the values filter.overallStatus accepts.
var Statuses = []string{
	"RECRUITING", "NOT_YET_RECRUITING", "ACTIVE_NOT_RECRUITING", "COMPLETED", "ENROLLING_BY_INVITATION",
	"SUSPENDED", "TERMINATED", "WITHDRAWN", "AVAILABLE", "NO_LONGER_AVAILABLE", "TEMPORARILY_NOT_AVAILABLE",
	"APPROVED_FOR_MARKETING", "WITHHELD", "UNKNOWN",
}

// Studies builds GET /studies: studies matching term, with the total count.
// An empty status sets no filter.
func Studies(term, status string, pageSize int) *upstreams.Request {
	v := url.Values{"query.term": {term}, "pageSize": {strconv.Itoa(pageSize)}, "countTotal": {"true"}, "format": {"json"}}
	if status != "" {
		v.Set("filter.overallStatus", status)
	}
	return &upstreams.Request{Source: Source.Name, URL: Source.BaseURL + "/studies?" + v.Encode()}
}

// Study is one registered study.
type Study struct {
	NCTID          string   `json:"nct_id"`
	Title          string   `json:"title"`
	Status         string   `json:"status"`
	Phases         []string `json:"phases"`
	StudyType      string   `json:"study_type"`
	Conditions     []string `json:"conditions"`
	Interventions  []string `json:"interventions"`
	Sponsor        string   `json:"sponsor"`
	StartDate      string   `json:"start_date"`
	CompletionDate string   `json:"primary_completion_date"`
	Enrollment     *int     `json:"enrollment"`
	HasResults     bool     `json:"has_results"`
	URL            string   `json:"url"`
}

// Page is one answer.
type Page struct {
	Total   int
	Studies []Study
}

type date struct {
	Date string `json:"date"`
}

// DecodeStudies reads a study list.
func DecodeStudies(body []byte) (Page, error) {
	var r struct {
		TotalCount *int `json:"totalCount,required"`
		Studies    []struct {
			Protocol struct {
				Identification struct {
					NCTID      string `json:"nctId"`
					BriefTitle string `json:"briefTitle"`
				} `json:"identificationModule"`
				Status struct {
					OverallStatus     string `json:"overallStatus"`
					Start             date   `json:"startDateStruct"`
					PrimaryCompletion date   `json:"primaryCompletionDateStruct"`
				} `json:"statusModule"`
				Sponsors struct {
					Lead struct {
						Name string `json:"name"`
					} `json:"leadSponsor"`
				} `json:"sponsorCollaboratorsModule"`
				Conditions struct {
					Conditions []string `json:"conditions"`
				} `json:"conditionsModule"`
				Design struct {
					StudyType  string   `json:"studyType"`
					Phases     []string `json:"phases"`
					Enrollment *struct {
						Count *int `json:"count"`
					} `json:"enrollmentInfo"`
				} `json:"designModule"`
				Arms struct {
					Interventions []struct {
						Name string `json:"name"`
					} `json:"interventions"`
				} `json:"armsInterventionsModule"`
			} `json:"protocolSection"`
			HasResults bool `json:"hasResults"`
		} `json:"studies,required"`
	}
	if err := upstreams.DecodeJSON(Source.Name, body, &r); err != nil {
		return Page{}, err
	}
	page := Page{Total: *r.TotalCount, Studies: make([]Study, 0, len(r.Studies))}
	for _, s := range r.Studies {
		p := s.Protocol
		st := Study{NCTID: p.Identification.NCTID, Title: p.Identification.BriefTitle, Status: p.Status.OverallStatus,
			Phases: orEmpty(p.Design.Phases), StudyType: p.Design.StudyType, Conditions: orEmpty(p.Conditions.Conditions),
			Interventions: []string{}, Sponsor: p.Sponsors.Lead.Name, StartDate: p.Status.Start.Date,
			CompletionDate: p.Status.PrimaryCompletion.Date, HasResults: s.HasResults,
			URL: "https://clinicaltrials.gov/study/" + p.Identification.NCTID}
		if p.Design.Enrollment != nil {
			st.Enrollment = p.Design.Enrollment.Count
		}
		for _, in := range p.Arms.Interventions {
			st.Interventions = append(st.Interventions, in.Name)
		}
		page.Studies = append(page.Studies, st)
	}
	return page, nil
}

func orEmpty(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
