package ipapi

import (
	"io/fs"
	"net/netip"
	"testing"

	"github.com/coinslot/coinslot/upstreams"
)

func TestLookupRequest(t *testing.T) {
	want := "http://ip-api.com/json/2a00:1450:4001:81b::200e?fields=status%2Cmessage%2Ccountry%2CcountryCode%2Cregion%2CregionName%2Ccity%2Czip%2Clat%2Clon%2Ctimezone%2Cisp%2Corg%2Cas%2Cquery"
	if got := Lookup(netip.MustParseAddr("2a00:1450:4001:81b::200e")).URL; got != want {
		t.Errorf("got %s", got)
	}
}

func TestDecodeLocation(t *testing.T) {
	body, _ := fs.ReadFile(testdata, "testdata/8.8.8.8.json")
	loc, err := DecodeLocation(body)
	if err != nil || loc.City != "Ashburn" || loc.Lat != 39.03 || loc.AS != "AS15169 Google LLC" {
		t.Errorf("%+v %v", loc, err)
	}
	body, _ = fs.ReadFile(testdata, "testdata/reserved.json")
	_, err = DecodeLocation(body)
	if e, ok := upstreams.AsError(err); !ok || e.Kind != upstreams.NotFound || e.Message != "no location for this address (reserved range)" {
		t.Errorf("reserved: %v", err)
	}
	_, err = DecodeLocation([]byte(`{"status":"fail","message":"<b>internal</b>"}`))
	if e, ok := upstreams.AsError(err); !ok || e.Message != "no location for this address (lookup failed)" {
		t.Errorf("unknown reason passed on: %v", err)
	}
}
