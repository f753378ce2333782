package nvd

import (
	"net/url"
	"sort"
	"strconv"

	"github.com/coinslot/coinslot/upstreams"
)

// Query selects CVEs; empty fields are left out.
type Query struct {
	CVEID    string // exact id, e.g. CVE-2021-44228
	Keyword  string // words that must all appear in the description
	Severity string // CVSS v3 severity: LOW, MEDIUM, HIGH, CRITICAL
	Limit    int    // resultsPerPage
}

// CVEs builds the search request. Rejected records are excluded: they are
// withdrawn ids, not vulnerabilities.
func CVEs(q Query) *upstreams.Request {
	v := url.Values{}
	if q.CVEID != "" {
		v.Set("cveId", q.CVEID)
	}
	if q.Keyword != "" {
		v.Set("keywordSearch", q.Keyword)
	}
	if q.Severity != "" {
		v.Set("cvssV3Severity", q.Severity)
	}
	if q.Limit > 0 {
		v.Set("resultsPerPage", strconv.Itoa(q.Limit))
	}
	// noRejected is a bare flag: NVD rejects it with a value.
	return &upstreams.Request{Source: Source.Name, URL: Source.BaseURL + "/cves/2.0?" + v.Encode() + "&noRejected"}
}

// Page is one decoded answer.
type Page struct {
	TotalResults int
	CVEs         []CVE
}

// CVE is the part of a record a buyer needs.
type CVE struct {
	ID           string     `json:"id"`
	Published    string     `json:"published"`
	LastModified string     `json:"last_modified"`
	Status       string     `json:"status"`
	Description  string     `json:"description"`
	CVSSVersion  string     `json:"cvss_version,omitempty"`
	Score        *float64   `json:"score"`
	Severity     string     `json:"severity,omitempty"`
	Vector       string     `json:"vector,omitempty"`
	CWE          []string   `json:"cwe"`
	Affected     []Affected `json:"affected"` // vulnerable configurations
	References   []string   `json:"references"`
	KEV          bool       `json:"known_exploited"` // listed in CISA's Known Exploited Vulnerabilities
	KEVAdded     string     `json:"kev_added,omitempty"`
}

// Affected is one vulnerable CPE match: the product, and the versions of it
// that are vulnerable when the CPE leaves the version open (*). A bound NVD
// does not give is omitted; none at all means every version the CPE names.
type Affected struct {
	CPE                   string `json:"cpe"`
	VersionStartIncluding string `json:"version_start_including,omitempty"`
	VersionStartExcluding string `json:"version_start_excluding,omitempty"`
	VersionEndIncluding   string `json:"version_end_including,omitempty"`
	VersionEndExcluding   string `json:"version_end_excluding,omitempty"`
}

// maxListed bounds the CPE and reference lists of one record.
const maxListed = 10

type wirePage struct {
	TotalResults    int `json:"totalResults,required"`
	Vulnerabilities []struct {
		CVE wireCVE `json:"cve,required"`
	} `json:"vulnerabilities,required"`
}

type wireCVE struct {
	ID            string `json:"id,required"`
	Published     string `json:"published"`
	LastModified  string `json:"lastModified"`
	VulnStatus    string `json:"vulnStatus"`
	CISAExploitAt string `json:"cisaExploitAdd"`
	Descriptions  []struct {
		Lang  string `json:"lang"`
		Value string `json:"value"`
	} `json:"descriptions"`
	Metrics    map[string][]wireMetric `json:"metrics"`
	Weaknesses []struct {
		Description []struct {
			Value string `json:"value"`
		} `json:"description"`
	} `json:"weaknesses"`
	Configurations []struct {
		Nodes []struct {
			CPEMatch []struct {
				Vulnerable            bool   `json:"vulnerable"`
				Criteria              string `json:"criteria"`
				VersionStartIncluding string `json:"versionStartIncluding"`
				VersionStartExcluding string `json:"versionStartExcluding"`
				VersionEndIncluding   string `json:"versionEndIncluding"`
				VersionEndExcluding   string `json:"versionEndExcluding"`
			} `json:"cpeMatch"`
		} `json:"nodes"`
	} `json:"configurations"`
	References []struct {
		URL string `json:"url"`
	} `json:"references"`
}

type wireMetric struct {
	Type     string `json:"type"`
	CVSSData struct {
		Version      string  `json:"version"`
		VectorString string  `json:"vectorString"`
		BaseScore    float64 `json:"baseScore"`
		BaseSeverity string  `json:"baseSeverity"`
	} `json:"cvssData"`
	BaseSeverity string `json:"baseSeverity"` // v2 keeps severity beside cvssData
}

// metricKeys in order of preference: the newest CVSS version present wins.
var metricKeys = []string{"cvssMetricV40", "cvssMetricV31", "cvssMetricV30", "cvssMetricV2"}

// DecodeCVEs decodes a CVE API 2.0 answer.
func DecodeCVEs(body []byte) (Page, error) {
	var w wirePage
	if err := upstreams.DecodeJSON(Source.Name, body, &w); err != nil {
		return Page{}, err
	}
	page := Page{TotalResults: w.TotalResults, CVEs: make([]CVE, 0, len(w.Vulnerabilities))}
	for _, v := range w.Vulnerabilities {
		page.CVEs = append(page.CVEs, v.CVE.flatten())
	}
	return page, nil
}

func (w wireCVE) flatten() CVE {
	c := CVE{ID: w.ID, Published: w.Published, LastModified: w.LastModified, Status: w.VulnStatus,
		KEV: w.CISAExploitAt != "", KEVAdded: w.CISAExploitAt, CWE: []string{}, Affected: []Affected{}, References: []string{}}
	for _, d := range w.Descriptions {
		if d.Lang == "en" {
			c.Description = d.Value
			break
		}
	}
	if m, ok := primaryMetric(w.Metrics); ok {
		score := m.CVSSData.BaseScore
		c.CVSSVersion, c.Score, c.Vector = m.CVSSData.Version, &score, m.CVSSData.VectorString
		c.Severity = m.CVSSData.BaseSeverity
		if c.Severity == "" {
			c.Severity = m.BaseSeverity
		}
	}
	seen := map[string]bool{}
	for _, wk := range w.Weaknesses {
		for _, d := range wk.Description {
			if !seen[d.Value] {
				seen[d.Value] = true
				c.CWE = append(c.CWE, d.Value)
			}
		}
	}
	sort.Strings(c.CWE)
	for _, cfg := range w.Configurations {
		for _, n := range cfg.Nodes {
			for _, m := range n.CPEMatch {
				if m.Vulnerable && len(c.Affected) < maxListed {
					c.Affected = append(c.Affected, Affected{CPE: m.Criteria,
						VersionStartIncluding: m.VersionStartIncluding, VersionStartExcluding: m.VersionStartExcluding,
						VersionEndIncluding: m.VersionEndIncluding, VersionEndExcluding: m.VersionEndExcluding})
				}
			}
		}
	}
	for _, r := range w.References {
		if len(c.References) < maxListed {
			c.References = append(c.References, r.URL)
		}
	}
	return c
}

// primaryMetric picks the newest CVSS version, preferring NVD's own
// ("Primary") score over a CNA's within it.
func primaryMetric(metrics map[string][]wireMetric) (wireMetric, bool) {
	for _, k := range metricKeys {
		ms := metrics[k]
		for _, m := range ms {
			if m.Type == "Primary" {
				return m, true
			}
		}
		if len(ms) > 0 {
			return ms[0], true
		}
	}
	return wireMetric{}, false
}
