package nvd

import (
	"context"
	"testing"

	"github.com/coinslot/coinslot/upstreams"
)

func fetch(t *testing.T, q Query) ([]byte, error) {
	t.Helper()
	resp, err := upstreams.Replay.Do(context.Background(), CVEs(q))
	if err != nil {
		return nil, err
	}
	return resp.Body, nil
}

func TestCVEsRequest(t *testing.T) {
	got := CVEs(Query{Keyword: "log4j jndi", Severity: "CRITICAL", Limit: 20}).URL
	want := "https://services.nvd.nist.gov/rest/json/cves/2.0?cvssV3Severity=CRITICAL&keywordSearch=log4j+jndi&resultsPerPage=20&noRejected"
	if got != want {
		t.Errorf("URL = %s\nwant  %s", got, want)
	}
}

func TestDecodeLog4Shell(t *testing.T) {
	body, err := fetch(t, Query{CVEID: "CVE-2021-44228"})
	if err != nil {
		t.Fatal(err)
	}
	page, err := DecodeCVEs(body)
	if err != nil {
		t.Fatal(err)
	}
	if page.TotalResults != 1 || len(page.CVEs) != 1 {
		t.Fatalf("page = %+v", page)
	}
	c := page.CVEs[0]
	// v3.1 wins over v2; the English description is chosen; CWEs merge across sources.
	if c.CVSSVersion != "3.1" || *c.Score != 10 || c.Severity != "CRITICAL" || !c.KEV || c.KEVAdded != "2021-12-10" {
		t.Errorf("metrics = %s %v %s kev=%v %s", c.CVSSVersion, *c.Score, c.Severity, c.KEV, c.KEVAdded)
	}
	if len(c.CWE) != 4 || c.CWE[3] != "CWE-917" || len(c.Affected) != 3 || len(c.References) != 3 {
		t.Errorf("lists = %v %v %v", c.CWE, c.Affected, c.References)
	}
	if c.Description[:14] != "Apache Log4j2 " {
		t.Errorf("description = %q", c.Description)
	}
}

func TestV2OnlySeverity(t *testing.T) {
	page, err := DecodeCVEs([]byte(`{"totalResults":1,"vulnerabilities":[{"cve":{"id":"CVE-2005-0001","metrics":{"cvssMetricV2":[{"type":"Primary","cvssData":{"version":"2.0","baseScore":7.2},"baseSeverity":"HIGH"}]}}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if c := page.CVEs[0]; c.CVSSVersion != "2.0" || c.Severity != "HIGH" || *c.Score != 7.2 {
		t.Errorf("got %+v", c)
	}
}

func TestErrors(t *testing.T) {
	_, err := fetch(t, Query{Keyword: "outage"})
	if e, ok := upstreams.AsError(err); !ok || e.Kind != upstreams.BadAnswer || e.Status != 503 {
		t.Errorf("err = %v", err)
	}
	if _, err := DecodeCVEs([]byte("<html>")); err == nil {
		t.Error("an HTML body decoded")
	}
}
