package legal

import (
	"context"
	"strings"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/federalregister"
)

// registerPage is how many documents one call returns, most relevant first.
const registerPage = 20

func init() {
	family.Register(&registry.Tool{
		Name: "federal_register", Path: "/paid/legal/federal-register", Price: "0.03",
		Description: "Search the Federal Register: rules, proposed rules and notices matching a query, optionally " +
			"from one agency, with abstracts, dates, comment deadlines and links.",
		Params: []registry.Param{
			registry.Str("query").Req().Len(1, 300).Describe("full-text search words"),
			registry.Str("agency").Len(1, 120).Describe("acronym, name or Federal Register slug, e.g. EPA"),
			registry.Str("type").OneOf(federalregister.Rule, federalregister.Notice, federalregister.ProposedRule),
		},
		Example:  map[string]any{"query": "stablecoins"},
		Synonyms: []string{"new federal rules", "proposed rules", "executive orders", "agency notices", "public comment"},
		Expected: "Envelope whose data is an array of up to 20 Federal Register documents with type, agencies, dates and links.",
		Shape:    registry.Envelope,
		Result:   []registerDocument(nil),
		Sources:  []string{federalregister.Source.Name},
		Check:    checkAgency,
		Handler:  federalRegister,
	})
}

type registerDocument struct {
	DocumentNumber  string   `json:"document_number"`
	Title           string   `json:"title"`
	Type            string   `json:"type"`
	Abstract        *string  `json:"abstract"`
	PublicationDate string   `json:"publication_date"`
	Agencies        []string `json:"agencies"`
	Significant     *bool    `json:"significant"`
	CommentsCloseOn *string  `json:"comments_close_on"`
	EffectiveOn     *string  `json:"effective_on"`
	HTMLURL         string   `json:"html_url"`
	PDFURL          string   `json:"pdf_url"`
}

// checkAgency puts agency in its Federal Register slug.
func checkAgency(a registry.Args) []registry.FieldError {
	if !a.Has("agency") {
		return nil
	}
	slug := federalregister.AgencySlug(a.String("agency"))
	if slug == "" {
		return registry.Bad("agency", "must name an agency, e.g. EPA or Federal Trade Commission")
	}
	a["agency"] = slug
	return nil
}

func federalRegister(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	s := federalregister.Search{Term: strings.TrimSpace(c.Args.String("query")), Order: "relevance", PerPage: registerPage}
	if slug := c.Args.String("agency"); slug != "" {
		s.Agencies = []string{slug}
	}
	if t := c.Args.String("type"); t != "" {
		s.Types = []string{t}
	}
	up := upstreams.NewSession(c.Upstream)
	res, err := upstreams.Fetch(ctx, up, s.Request(), federalregister.DecodeResults)
	if err != nil {
		return nil, err
	}
	docs := make([]registerDocument, 0, len(res.Documents))
	for _, d := range res.Documents {
		out := registerDocument{DocumentNumber: d.DocumentNumber, Title: d.Title, Type: d.Type, Abstract: d.Abstract,
			PublicationDate: d.PublicationDate, Agencies: []string{}, Significant: d.Significant,
			CommentsCloseOn: d.CommentsCloseOn, EffectiveOn: d.EffectiveOn, HTMLURL: d.HTMLURL, PDFURL: d.PDFURL}
		for _, a := range d.Agencies {
			name := a.Name
			if name == "" {
				name = a.RawName
			}
			out.Agencies = append(out.Agencies, name)
		}
		docs = append(docs, out)
	}
	return &registry.Result{Data: docs, Count: len(docs), Source: federalregister.Source.Title, Cached: up.Cached()}, nil
}
