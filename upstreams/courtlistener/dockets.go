package courtlistener

import (
	"encoding/json"
	"strconv"

	"github.com/coinslot/coinslot/upstreams"
)

// DocketByID builds GET /dockets/{id}/.
func DocketByID(id int64) *upstreams.Request {
	return get("/dockets/" + strconv.FormatInt(id, 10) + "/")
}

// Docket is a case's docket header. Entries and parties are separate,
// permissioned endpoints and are not part of it.
type Docket struct {
	ID               int64   `json:"id"`
	CaseName         string  `json:"case_name"`
	DocketNumber     string  `json:"docket_number"`
	CourtID          string  `json:"court_id"`
	DateFiled        *string `json:"date_filed"`
	DateTerminated   *string `json:"date_terminated"`
	DateLastFiling   *string `json:"date_last_filing"`
	AssignedTo       string  `json:"assigned_to"`
	ReferredTo       string  `json:"referred_to"`
	Cause            string  `json:"cause"`
	NatureOfSuit     string  `json:"nature_of_suit"`
	JuryDemand       string  `json:"jury_demand"`
	JurisdictionType string  `json:"jurisdiction_type"`
	PacerCaseID      string  `json:"pacer_case_id"`
	Opinions         int     `json:"opinion_clusters"`
	AudioFiles       int     `json:"oral_argument_recordings"`
	URL              string  `json:"url"`
}

// DecodeDocket reads a docket.
func DecodeDocket(body []byte) (Docket, error) {
	var d struct {
		ID               int64             `json:"id,required"`
		CaseName         string            `json:"case_name"`
		CaseNameFull     string            `json:"case_name_full"`
		DocketNumber     string            `json:"docket_number"`
		CourtID          string            `json:"court_id"`
		DateFiled        *string           `json:"date_filed"`
		DateTerminated   *string           `json:"date_terminated"`
		DateLastFiling   *string           `json:"date_last_filing"`
		AssignedToStr    string            `json:"assigned_to_str"`
		ReferredToStr    string            `json:"referred_to_str"`
		Cause            string            `json:"cause"`
		NatureOfSuit     string            `json:"nature_of_suit"`
		JuryDemand       string            `json:"jury_demand"`
		JurisdictionType string            `json:"jurisdiction_type"`
		PacerCaseID      *string           `json:"pacer_case_id"`
		Clusters         []json.RawMessage `json:"clusters"`
		AudioFiles       []json.RawMessage `json:"audio_files"`
		AbsoluteURL      string            `json:"absolute_url"`
	}
	if err := upstreams.DecodeJSON(Source.Name, body, &d); err != nil {
		return Docket{}, err
	}
	name := d.CaseName
	if name == "" {
		name = d.CaseNameFull
	}
	out := Docket{ID: d.ID, CaseName: name, DocketNumber: d.DocketNumber, CourtID: d.CourtID,
		DateFiled: d.DateFiled, DateTerminated: d.DateTerminated, DateLastFiling: d.DateLastFiling,
		AssignedTo: d.AssignedToStr, ReferredTo: d.ReferredToStr, Cause: d.Cause, NatureOfSuit: d.NatureOfSuit,
		JuryDemand: d.JuryDemand, JurisdictionType: d.JurisdictionType,
		Opinions: len(d.Clusters), AudioFiles: len(d.AudioFiles), URL: site + d.AbsoluteURL}
	if d.PacerCaseID != nil {
		out.PacerCaseID = *d.PacerCaseID
	}
	return out, nil
}
