package security

import (
	"context"
	"strings"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/nvd"
)

// cvePageSize is how many records one call returns, newest NVD order.
const cvePageSize = 20

// cveID is an id such as CVE-2021-44228 in either case, or blank.
const cveID = `^\s*([Cc][Vv][Ee]-[0-9]{4}-[0-9]{4,})?\s*$`

func init() {
	family.Register(&registry.Tool{
		Name: "cve_search", Path: "/paid/security/cve-search", Price: "0.02",
		Description: "Search the NVD for CVEs by keyword, id or CVSS v3 severity: score, vector, CWEs, affected " +
			"CPEs, references and whether CISA lists the CVE as known exploited.",
		Params: []registry.Param{
			registry.Str("keyword").Len(1, 200).Describe("words that must all appear in the description"),
			registry.Str("cve_id").Len(9, 20).Matching(cveID, "a CVE id such as CVE-2021-44228").Describe("exact id, e.g. CVE-2021-44228"),
			registry.Str("severity").OneOf("LOW", "MEDIUM", "HIGH", "CRITICAL").Describe("CVSS v3 severity"),
		},
		Example:  map[string]any{"keyword": "log4j", "severity": "CRITICAL"},
		Synonyms: []string{"security vulnerability", "exploit", "security bug", "patch", "known exploited", "nvd", "software flaw", "security flaws", "sql injection", "xss", "remote code execution"},
		Expected: "Envelope whose data is an array of up to 20 CVEs from NVD with CVSS score and severity, weaknesses, affected products with their vulnerable version ranges and whether CISA lists them as known exploited.",
		Shape:    registry.Envelope,
		Result:   []nvd.CVE(nil),
		Sources:  []string{nvd.Source.Name},
		Check:    checkCVEQuery,
		Handler:  cveSearch,
	})
}

// checkCVEQuery wants something to search by.
func checkCVEQuery(a registry.Args) []registry.FieldError {
	a["keyword"] = strings.TrimSpace(a.String("keyword"))
	a["cve_id"] = strings.ToUpper(strings.TrimSpace(a.String("cve_id")))
	if a.String("keyword") == "" && a.String("cve_id") == "" && a.String("severity") == "" {
		return registry.Bad("keyword", "give keyword, cve_id or severity")
	}
	return nil
}

func cveSearch(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	q := nvd.Query{Keyword: c.Args.String("keyword"), Severity: c.Args.String("severity"), Limit: cvePageSize, CVEID: c.Args.String("cve_id")}
	up := upstreams.NewSession(c.Upstream)
	page, err := upstreams.Fetch(ctx, up, nvd.CVEs(q), nvd.DecodeCVEs)
	if err != nil {
		return nil, err
	}
	return &registry.Result{Data: page.CVEs, Count: len(page.CVEs), Source: nvd.Source.Title, Cached: up.Cached()}, nil
}
