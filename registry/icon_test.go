package registry

import "testing"

// The icon is published only where the bazaar extension's rules keep it.
func TestIconURLFollowsTheBazaarRules(t *testing.T) {
	for base, want := range map[string]string{
		"https://api.example.com":            "https://api.example.com/icon.svg",
		"http://coinslot.test/":              "http://coinslot.test/icon.svg",
		"https://api.example.com:8443":       "https://api.example.com:8443/icon.svg",
		"http://localhost:8080":              "",
		"http://LOCALHOST:8080":              "",
		"http://127.0.0.1:8080":              "",
		"http://[::1]:8080":                  "",
		"http://2130706433":                  "",
		"http://0x7f000001":                  "",
		"https://user@api.example.com":       "",
		"ftp://api.example.com":              "",
		"http://%6c%6f%63%61%6c%68%6f%73%74": "",
	} {
		if got := (Site{BaseURL: base}).IconURL(); got != want {
			t.Errorf("%s: iconUrl %q, want %q", base, got, want)
		}
	}
}
