package gleif

import (
	"context"
	"testing"

	"github.com/coinslot/coinslot/upstreams"
)

func TestSearchRequest(t *testing.T) {
	cases := map[string]string{
		"":      "https://api.gleif.org/api/v1/lei-records?filter%5Bentity.legalName%5D=Apple+Inc&page%5Bnumber%5D=1&page%5Bsize%5D=10",
		"us":    "https://api.gleif.org/api/v1/lei-records?filter%5Bentity.legalAddress.country%5D=US&filter%5Bentity.legalName%5D=Apple+Inc&page%5Bnumber%5D=1&page%5Bsize%5D=10",
		"US-DE": "https://api.gleif.org/api/v1/lei-records?filter%5Bentity.jurisdiction%5D=US-DE&filter%5Bentity.legalName%5D=Apple+Inc&page%5Bnumber%5D=1&page%5Bsize%5D=10",
	}
	for j, want := range cases {
		if got := Search("Apple Inc", j, 10).URL; got != want {
			t.Errorf("%q: %s\nwant %s", j, got, want)
		}
	}
}

func TestDecodeSearch(t *testing.T) {
	resp, err := upstreams.Replay.Do(context.Background(), Search("Apple Inc", "", 10))
	if err != nil {
		t.Fatal(err)
	}
	page, err := DecodeSearch(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	if page.Total != 1 || len(page.Entities) != 1 {
		t.Fatalf("page = %+v", page)
	}
	e := page.Entities[0]
	if e.LEI != "HWUPKR0MPOU8FGXBT394" || e.LegalName != "Apple Inc." || e.RegisteredAs != "C0806592" ||
		e.LegalAddress.City != "Cupertino" || e.RegistrationStatus != "ISSUED" || e.LegalForm != "H1UM" {
		t.Errorf("entity = %+v", e)
	}
	if _, err := DecodeSearch([]byte(`{"data":"nope"}`)); err == nil {
		t.Error("a malformed body decoded")
	}
}
