package safety

import (
	"testing"
)

func TestSellerAddressChecks(t *testing.T) {
	for addr, want := range map[string]string{
		"0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed": "pass",
		"0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed": "warn",
		"0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD": "fail",
		"0x0000000000000000000000000000000000000000": "fail",
		"5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed":   "fail",
		"0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeA":   "fail",
	} {
		if got := checkSellerAddress(addr); got.Status != want {
			t.Errorf("%s: %s (%s), want %s", addr, got.Status, got.Detail, want)
		}
	}
}
