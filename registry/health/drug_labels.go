package health

import (
	"context"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/openfda"
)

func init() {
	family.Register(&registry.Tool{
		Name: "drug_labels", Path: "/paid/health/drug-labels", Price: "0.03",
		Description: "FDA drug labels (structured product labeling) by brand or generic name: boxed warning, indications, dosage, " +
			"contraindications, warnings, adverse reactions and active ingredients, each section clipped to 1,000 characters.",
		Params: []registry.Param{
			registry.Str("drug_name").Req().Len(2, 100).Describe("brand or generic name, e.g. metformin"),
			registry.Int("limit").Range(5, 50).WithDefault(10),
		},
		Example:  map[string]any{"drug_name": "metformin", "limit": 5},
		Synonyms: []string{"prescribing information", "dosage", "drug warnings", "contraindications", "package insert", "medication guide"},
		Expected: "Envelope whose data is an array of openFDA drug labels with indications, dosage, warnings and adverse reactions, and no label is an empty array.",
		Shape:    registry.Envelope,
		Result:   []label(nil),
		Sources:  []string{openfda.Source.Name},
		Handler:  drugLabels,
	})
}

type label struct {
	BrandName         string `json:"brand_name"`
	GenericName       string `json:"generic_name"`
	Manufacturer      string `json:"manufacturer"`
	Route             string `json:"route"`
	ProductType       string `json:"product_type"`
	EffectiveTime     string `json:"effective_time"`
	BoxedWarning      string `json:"boxed_warning"`
	Indications       string `json:"indications_and_usage"`
	Dosage            string `json:"dosage_and_administration"`
	Contraindications string `json:"contraindications"`
	Warnings          string `json:"warnings"`
	AdverseReactions  string `json:"adverse_reactions"`
	ActiveIngredient  string `json:"active_ingredient"`
	SetID             string `json:"set_id"`
}

func drugLabels(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	up := upstreams.NewSession(c.Upstream)
	q := openfda.Query{Term: c.Args.String("drug_name"), Match: []string{"openfda.brand_name", "openfda.generic_name"}, Limit: c.Args.Int("limit")}
	labels, err := upstreams.Fetch(ctx, up, openfda.Search(openfda.DrugLabel, q), openfda.DecodeLabels)
	if err != nil && !openfda.NoMatch(err) {
		return nil, err
	}
	out := make([]label, 0, len(labels))
	for _, l := range labels {
		warnings := l.WarningsAndCautions
		if len(warnings) == 0 {
			warnings = l.Warnings // OTC labels
		}
		indications := l.IndicationsAndUsage
		if len(indications) == 0 {
			indications = l.Purpose
		}
		out = append(out, label{
			BrandName: first(l.OpenFDA.BrandName), GenericName: first(l.OpenFDA.GenericName),
			Manufacturer: first(l.OpenFDA.ManufacturerName), Route: first(l.OpenFDA.Route), ProductType: first(l.OpenFDA.ProductType),
			EffectiveTime: isoDay(l.EffectiveTime), BoxedWarning: joined(l.BoxedWarning), Indications: joined(indications),
			Dosage: joined(l.DosageAndAdministration), Contraindications: joined(l.Contraindications), Warnings: joined(warnings),
			AdverseReactions: joined(l.AdverseReactions), ActiveIngredient: joined(l.ActiveIngredient), SetID: l.SetID,
		})
	}
	return &registry.Result{Data: out, Count: len(out), Source: openfda.Source.Title, Cached: up.Cached()}, nil
}
