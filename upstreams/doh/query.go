package doh

import (
	"net/url"
	"strconv"
	"strings"

	"github.com/coinslot/coinslot/upstreams"
)

// typeNames names the DNS type numbers an answer may carry.
var typeNames = map[int]string{1: "A", 2: "NS", 5: "CNAME", 6: "SOA", 15: "MX", 16: "TXT", 28: "AAAA"}

// Query builds a lookup; the JSON answer needs the dns-json Accept header.
func Query(name, typ string) *upstreams.Request {
	return &upstreams.Request{Source: Source.Name,
		URL:    Source.BaseURL + "/dns-query?name=" + url.QueryEscape(name) + "&type=" + url.QueryEscape(typ),
		Header: map[string][]string{"Accept": {"application/dns-json"}}}
}

// Answer is a decoded response.
type Answer struct {
	Status   string   `json:"status"` // NOERROR, SERVFAIL, NXDOMAIN, ...
	DNSSEC   bool     `json:"dnssec_validated"`
	Records  []Record `json:"records"`
	NotFound bool     `json:"-"` // NXDOMAIN: the name does not exist
}

// Record is one answer record, trailing dots stripped.
type Record struct {
	Name     string `json:"name"`
	Type     string `json:"type"`
	TTL      int    `json:"ttl"`
	Data     string `json:"data"`
	Priority *int   `json:"priority,omitempty"` // MX
	Host     string `json:"host,omitempty"`     // MX exchange
}

var rcodes = map[int]string{0: "NOERROR", 1: "FORMERR", 2: "SERVFAIL", 3: "NXDOMAIN", 4: "NOTIMP", 5: "REFUSED"}

type wire struct {
	Status int  `json:"Status,required"`
	AD     bool `json:"AD"`
	Answer []struct {
		Name string `json:"name"`
		Type int    `json:"type"`
		TTL  int    `json:"TTL"`
		Data string `json:"data"`
	} `json:"Answer"`
}

// Decode decodes a dns-json answer. A failing rcode other than NXDOMAIN is
// an upstream error.
func Decode(body []byte) (Answer, error) {
	var w wire
	if err := upstreams.DecodeJSON(Source.Name, body, &w); err != nil {
		return Answer{}, err
	}
	status, ok := rcodes[w.Status]
	if !ok {
		status = "RCODE" + strconv.Itoa(w.Status)
	}
	a := Answer{Status: status, DNSSEC: w.AD, Records: []Record{}, NotFound: w.Status == 3}
	if w.Status != 0 && w.Status != 3 {
		return Answer{}, upstreams.Errorf(Source.Name, upstreams.BadAnswer, "resolver answered %s", status)
	}
	for _, r := range w.Answer {
		rec := Record{Name: strings.TrimSuffix(r.Name, "."), Type: typeNames[r.Type], TTL: r.TTL, Data: r.Data}
		if rec.Type == "" {
			rec.Type = "TYPE" + strconv.Itoa(r.Type)
		}
		switch rec.Type {
		case "MX":
			if prio, host, ok := strings.Cut(r.Data, " "); ok {
				if p, err := strconv.Atoi(prio); err == nil {
					rec.Priority, rec.Host = &p, strings.TrimSuffix(host, ".")
				}
			}
		case "TXT":
			rec.Data = unquoteTXT(r.Data)
		case "CNAME", "NS":
			rec.Data = strings.TrimSuffix(r.Data, ".")
		}
		a.Records = append(a.Records, rec)
	}
	return a, nil
}

// unquoteTXT joins the quoted character-strings of a TXT record.
func unquoteTXT(s string) string {
	if !strings.HasPrefix(s, `"`) {
		return s
	}
	var b strings.Builder
	for _, part := range strings.Split(s, `" "`) {
		b.WriteString(strings.Trim(part, `"`))
	}
	return b.String()
}
