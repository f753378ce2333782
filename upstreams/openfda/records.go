package openfda

// Recall is one enforcement report; the drug, food and device reports share it.
// Dates are YYYYMMDD.
type Recall struct {
	RecallNumber         string  `json:"recall_number"`
	Classification       string  `json:"classification"`
	Status               string  `json:"status"`
	ProductType          string  `json:"product_type"`
	ProductDescription   string  `json:"product_description"`
	ReasonForRecall      string  `json:"reason_for_recall"`
	RecallingFirm        string  `json:"recalling_firm"`
	DistributionPattern  string  `json:"distribution_pattern"`
	RecallInitiationDate string  `json:"recall_initiation_date"`
	ReportDate           string  `json:"report_date"`
	City                 string  `json:"city"`
	State                string  `json:"state"`
	Country              string  `json:"country"`
	ProductQuantity      string  `json:"product_quantity"`
	CodeInfo             string  `json:"code_info"`
	VoluntaryMandated    string  `json:"voluntary_mandated"`
	InitialFirmNotice    string  `json:"initial_firm_notification"`
	OpenFDA              OpenFDA `json:"openfda"`
}

// DecodeRecalls reads an enforcement answer.
func DecodeRecalls(body []byte) ([]Recall, error) { return decode[Recall](body) }

// Event is one FAERS adverse event report. Codes are strings: serious 1 yes
// 2 no; patientsex 0 unknown, 1 male, 2 female; drugcharacterization 1
// suspect, 2 concomitant, 3 interacting; patientonsetageunit 801 years.
type Event struct {
	SafetyReportID             string `json:"safetyreportid"`
	ReceiveDate                string `json:"receivedate"`
	Serious                    string `json:"serious"`
	SeriousnessDeath           string `json:"seriousnessdeath"`
	SeriousnessHospitalization string `json:"seriousnesshospitalization"`
	SeriousnessLifeThreatening string `json:"seriousnesslifethreatening"`
	SeriousnessDisabling       string `json:"seriousnessdisabling"`
	SeriousnessCongenital      string `json:"seriousnesscongenitalanomali"` // FAERS's own spelling
	SeriousnessOther           string `json:"seriousnessother"`
	OccurCountry               string `json:"occurcountry"`
	Patient                    struct {
		OnsetAge     string `json:"patientonsetage"`
		OnsetAgeUnit string `json:"patientonsetageunit"`
		Sex          string `json:"patientsex"`
		Reaction     []struct {
			Term    string `json:"reactionmeddrapt"`
			Outcome string `json:"reactionoutcome"`
		} `json:"reaction"`
		Drug []struct {
			Characterization string  `json:"drugcharacterization"`
			MedicinalProduct string  `json:"medicinalproduct"`
			Indication       string  `json:"drugindication"`
			OpenFDA          OpenFDA `json:"openfda"`
		} `json:"drug"`
	} `json:"patient"`
}

// DecodeEvents reads an adverse event answer.
func DecodeEvents(body []byte) ([]Event, error) { return decode[Event](body) }

// Label is one structured product label. Every section is a list of texts;
// prescription labels use WarningsAndCautions, OTC labels Warnings.
type Label struct {
	ID                      string   `json:"id"`
	SetID                   string   `json:"set_id"`
	Version                 string   `json:"version"`
	EffectiveTime           string   `json:"effective_time"`
	OpenFDA                 OpenFDA  `json:"openfda"`
	BoxedWarning            []string `json:"boxed_warning"`
	IndicationsAndUsage     []string `json:"indications_and_usage"`
	Purpose                 []string `json:"purpose"`
	DosageAndAdministration []string `json:"dosage_and_administration"`
	Contraindications       []string `json:"contraindications"`
	WarningsAndCautions     []string `json:"warnings_and_cautions"`
	Warnings                []string `json:"warnings"`
	AdverseReactions        []string `json:"adverse_reactions"`
	ActiveIngredient        []string `json:"active_ingredient"`
}

// DecodeLabels reads a drug label answer.
func DecodeLabels(body []byte) ([]Label, error) { return decode[Label](body) }
