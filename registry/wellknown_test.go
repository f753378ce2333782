package registry

import "testing"

func TestServerNameComesFromThePublicHost(t *testing.T) {
	for base, want := range map[string]string{
		"https://api.coinslot.test":     "test.coinslot.api/coinslot",
		"https://coinslot.example.com/": "com.example.coinslot/coinslot",
		"http://localhost:8080":         "io.github.coinslot/coinslot",
		"http://127.0.0.1:8080":         "io.github.coinslot/coinslot",
		"http://[::1]:8080":             "io.github.coinslot/coinslot",
		"http://coinslot.internal:8080": "io.github.coinslot/coinslot",
		"http://devbox:8080":            "io.github.coinslot/coinslot",
	} {
		if got := serverName(base, "coinslot"); got != want {
			t.Errorf("serverName(%q) = %q, want %q", base, got, want)
		}
	}
}
