package sec

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

// CurrentPageSize is the largest page the latest-filings feed serves.
const CurrentPageSize = 100

// CurrentFilings builds the latest-filings Atom feed for a form type, newest
// first. The feed matches form types by prefix, so callers keep the entries
// whose Form is exactly the one asked for.
func CurrentFilings(form string, start int) *upstreams.Request {
	v := url.Values{
		"action": {"getcurrent"}, "type": {form}, "company": {""}, "dateb": {""}, "owner": {"include"},
		"start": {strconv.Itoa(start)}, "count": {strconv.Itoa(CurrentPageSize)}, "output": {"atom"},
	}
	return &upstreams.Request{Source: EDGAR.Name, URL: EDGAR.BaseURL + "/cgi-bin/browse-edgar?" + v.Encode()}
}

// Filing is one feed entry.
type Filing struct {
	Form      string
	Company   string
	CIK       string // ten digits
	Role      string // Filer, Reporting, Issuer or Subject
	Accession string
	Updated   time.Time
	URL       string
	Items     []string // 8-K item numbers, e.g. "2.02"
}

var (
	titleRe = regexp.MustCompile(`^(\S+) - (.*) \((\d{10})\) \(([^)]+)\)$`)
	itemRe  = regexp.MustCompile(`Item (\d+\.\d+)`)
)

// DecodeCurrentFilings reads the latest-filings feed.
func DecodeCurrentFilings(body []byte) ([]Filing, error) {
	var feed struct {
		XMLName xml.Name `xml:"http://www.w3.org/2005/Atom feed"`
		Entries []struct {
			Title string `xml:"title"`
			Link  struct {
				Href string `xml:"href,attr"`
			} `xml:"link"`
			Summary  string `xml:"summary"`
			Updated  string `xml:"updated"`
			Category struct {
				Term string `xml:"term,attr"`
			} `xml:"category"`
			ID string `xml:"id"`
		} `xml:"entry"`
	}
	d := xml.NewDecoder(bytes.NewReader(body))
	d.CharsetReader = latin1Reader
	if err := d.Decode(&feed); err != nil {
		return nil, upstreams.Errorf(EDGAR.Name, upstreams.BadAnswer, "the answer is not the filings feed")
	}
	out := make([]Filing, 0, len(feed.Entries))
	for _, e := range feed.Entries {
		m := titleRe.FindStringSubmatch(strings.TrimSpace(e.Title))
		if m == nil {
			return nil, upstreams.Errorf(EDGAR.Name, upstreams.BadAnswer, "an entry title has no form, company and CIK")
		}
		updated, err := time.Parse(time.RFC3339, strings.TrimSpace(e.Updated))
		if err != nil {
			return nil, upstreams.Errorf(EDGAR.Name, upstreams.BadAnswer, "an entry has no update time")
		}
		_, acc, _ := strings.Cut(e.ID, "accession-number=")
		f := Filing{Form: m[1], Company: m[2], CIK: m[3], Role: m[4], Accession: acc, Updated: updated, URL: e.Link.Href}
		if f.Form != e.Category.Term && e.Category.Term != "" {
			f.Form = e.Category.Term
		}
		for _, im := range itemRe.FindAllStringSubmatch(e.Summary, -1) {
			f.Items = append(f.Items, im[1])
		}
		out = append(out, f)
	}
	return out, nil
}

// latin1Reader decodes the ISO-8859-1 the feed declares: each byte is the
// code point of the same value.
func latin1Reader(charset string, in io.Reader) (io.Reader, error) {
	if !strings.EqualFold(charset, "ISO-8859-1") {
		return nil, fmt.Errorf("unsupported charset %s", charset)
	}
	raw, err := io.ReadAll(in)
	if err != nil {
		return nil, err
	}
	var b strings.Builder
	for _, c := range raw {
		b.WriteRune(rune(c))
	}
	return strings.NewReader(b.String()), nil
}
