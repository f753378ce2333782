package semanticscholar

import "github.com/coinslot/coinslot/upstreams"

// Details is one paper's full record.
type Details struct {
	Paper
	ReferenceCount   *int     `json:"reference_count"`
	FieldsOfStudy    []string `json:"fields_of_study"`
	PublicationTypes []string `json:"publication_types"`
	Journal          string   `json:"journal,omitempty"`
	TLDR             string   `json:"tldr,omitempty"`
}

// DecodeDetails reads GET /paper/{id}.
func DecodeDetails(body []byte) (Details, error) {
	var r struct {
		rawPaper
		ReferenceCount   *int                   `json:"referenceCount"`
		FieldsOfStudy    []string               `json:"fieldsOfStudy"`
		PublicationTypes []string               `json:"publicationTypes"`
		Journal          *struct{ Name string } `json:"journal"`
		TLDR             *struct{ Text string } `json:"tldr"`
	}
	if err := upstreams.DecodeJSON(Source.Name, body, &r); err != nil {
		return Details{}, err
	}
	if r.PaperID == nil { // required here, though a citation's other paper may lack one
		return Details{}, upstreams.Errorf(Source.Name, upstreams.BadAnswer, "the answer is not a paper record")
	}
	d := Details{Paper: r.paper(), ReferenceCount: r.ReferenceCount,
		FieldsOfStudy: orEmpty(r.FieldsOfStudy), PublicationTypes: orEmpty(r.PublicationTypes)}
	if r.Journal != nil {
		d.Journal = r.Journal.Name
	}
	if r.TLDR != nil {
		d.TLDR = r.TLDR.Text
	}
	return d, nil
}

// Edge is one citation: the paper at the other end and how it cites.
type Edge struct {
	Paper
	Contexts      []string `json:"contexts"`
	Intents       []string `json:"intents"`
	IsInfluential bool     `json:"is_influential"`
}

// DecodeEdges reads a citations or references answer: the other paper is
// citingPaper in the first and citedPaper in the second.
func DecodeEdges(body []byte) ([]Edge, error) {
	var r struct {
		Data []struct {
			Contexts      []string  `json:"contexts"`
			Intents       []string  `json:"intents"`
			IsInfluential bool      `json:"isInfluential,required"` // asked for, so every edge carries it
			CitingPaper   *rawPaper `json:"citingPaper"`
			CitedPaper    *rawPaper `json:"citedPaper"`
		} `json:"data,required"`
	}
	if err := upstreams.DecodeJSON(Source.Name, body, &r); err != nil {
		return nil, err
	}
	out := make([]Edge, 0, len(r.Data))
	for _, e := range r.Data {
		other := e.CitingPaper
		if other == nil {
			other = e.CitedPaper
		}
		if other == nil {
			continue
		}
		out = append(out, Edge{Paper: other.paper(), Contexts: orEmpty(e.Contexts), Intents: orEmpty(e.Intents),
			IsInfluential: e.IsInfluential})
	}
	return out, nil
}

func orEmpty(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
