package registry

import (
	"fmt"
	"strconv"
	"strings"
)

// AtomicPerUSD is USDC's 10^6 atomic units per dollar.
const AtomicPerUSD = 1_000_000

// ParseUSD turns a two-decimal dollar string ("0.05") into atomic units
// (50000) without floating point.
func ParseUSD(s string) (int64, error) {
	whole, cents, ok := strings.Cut(s, ".")
	if !ok || len(cents) != 2 || whole == "" || strings.Trim(whole+cents, "0123456789") != "" {
		return 0, fmt.Errorf("price %q is not a two-decimal dollar amount", s)
	}
	w, err := strconv.ParseInt(whole, 10, 32)
	if err != nil {
		return 0, fmt.Errorf("price %q: %w", s, err)
	}
	c, _ := strconv.ParseInt(cents, 10, 64)
	return w*AtomicPerUSD + c*AtomicPerUSD/100, nil
}

// FormatUSD renders atomic units as dollars with as many decimals as needed,
// at least two: 50000 → "0.05", 1234567 → "1.234567".
func FormatUSD(atomic int64) string {
	s := fmt.Sprintf("%d.%06d", atomic/AtomicPerUSD, atomic%AtomicPerUSD)
	for strings.HasSuffix(s, "0") && len(s)-strings.IndexByte(s, '.') > 3 {
		s = s[:len(s)-1]
	}
	return s
}
