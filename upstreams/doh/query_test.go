package doh

import (
	"context"
	"testing"

	"github.com/coinslot/coinslot/upstreams"
)

func answer(t *testing.T, name, typ string) (Answer, error) {
	t.Helper()
	resp, err := upstreams.Replay.Do(context.Background(), Query(name, typ))
	if err != nil {
		t.Fatal(err)
	}
	return Decode(resp.Body)
}

func TestQueryRequest(t *testing.T) {
	r := Query("example.com", "MX")
	if r.URL != "https://cloudflare-dns.com/dns-query?name=example.com&type=MX" || r.Header["Accept"][0] != "application/dns-json" {
		t.Errorf("request = %s %v", r.URL, r.Header)
	}
}

func TestDecode(t *testing.T) {
	mx, err := answer(t, "example.com", "MX")
	if err != nil || len(mx.Records) != 1 || *mx.Records[0].Priority != 0 || mx.Records[0].Host != "" || !mx.DNSSEC {
		t.Errorf("mx = %+v %v", mx, err)
	}
	txt, _ := answer(t, "example.com", "TXT")
	if txt.Records[0].Data != "v=spf1 -all" {
		t.Errorf("txt = %q", txt.Records[0].Data)
	}
	cname, _ := answer(t, "www.github.com", "CNAME")
	if cname.Records[0].Data != "github.com" {
		t.Errorf("cname = %q", cname.Records[0].Data)
	}
	nx, err := answer(t, "no-such-name.example", "A")
	if err != nil || !nx.NotFound || nx.Status != "NXDOMAIN" || len(nx.Records) != 0 {
		t.Errorf("nxdomain = %+v %v", nx, err)
	}
	if _, err := answer(t, "broken.example", "A"); err == nil || err.Error() != "cloudflare_doh: resolver answered SERVFAIL" {
		t.Errorf("servfail err = %v", err)
	}
	if got := unquoteTXT(`"v=DKIM1; k=rsa; " "p=MIGf"`); got != "v=DKIM1; k=rsa; p=MIGf" {
		t.Errorf("split TXT = %q", got)
	}
}
