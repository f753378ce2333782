package federalregister

import (
	"strings"
	"unicode"
)

// agencySlugs maps common agency acronyms to Federal Register agency slugs.
var agencySlugs = map[string]string{
	"SEC":    "securities-and-exchange-commission",
	"FDA":    "food-and-drug-administration",
	"USPTO":  "patent-and-trademark-office",
	"FCC":    "federal-communications-commission",
	"FAA":    "federal-aviation-administration",
	"EPA":    "environmental-protection-agency",
	"CFPB":   "consumer-financial-protection-bureau",
	"FTC":    "federal-trade-commission",
	"OCC":    "comptroller-of-the-currency",
	"FDIC":   "federal-deposit-insurance-corporation",
	"FED":    "federal-reserve-system",
	"CFTC":   "commodity-futures-trading-commission",
	"FINCEN": "financial-crimes-enforcement-network",
	"IRS":    "internal-revenue-service",
	"DOE":    "energy-department",
	"DOT":    "transportation-department",
	"USDA":   "agriculture-department",
	"OSHA":   "occupational-safety-and-health-administration",
	"NHTSA":  "national-highway-traffic-safety-administration",
	"FERC":   "federal-energy-regulatory-commission",
	"NRC":    "nuclear-regulatory-commission",
	"TREAS":  "treasury-department",
}

// AgencySlug turns an acronym ("EPA"), a name ("Federal Trade Commission")
// or a slug into a Federal Register agency slug: names become slugs the way
// the register writes them, lower case joined by hyphens.
func AgencySlug(agency string) string {
	if slug, ok := agencySlugs[strings.ToUpper(strings.TrimSpace(agency))]; ok {
		return slug
	}
	words := strings.FieldsFunc(strings.ToLower(agency), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	return strings.Join(words, "-")
}
