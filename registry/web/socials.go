package web

import (
	"net/url"
	"strings"
)

// socialNetworks maps a profile host (without www. or m.) to its network.
var socialNetworks = map[string]string{
	"linkedin.com": "linkedin", "twitter.com": "x", "x.com": "x", "github.com": "github",
	"facebook.com": "facebook", "instagram.com": "instagram", "youtube.com": "youtube",
}

// notProfiles are first path segments that name a network's own pages
// (sharing, search, product pages) rather than an account.
var notProfiles = map[string]map[string]bool{
	"x": set("intent", "share", "home", "hashtag", "search", "i", "explore", "settings", "login", "signup", "tos", "privacy"),
	"github": set("features", "pricing", "about", "login", "join", "sponsors", "topics", "marketplace", "explore", "orgs",
		"settings", "site", "security", "enterprise", "collections", "trending", "apps", "customer-stories", "readme"),
	"facebook":  set("sharer.php", "sharer", "share", "share.php", "dialog", "plugins", "tr", "login.php", "pages", "groups", "events"),
	"instagram": set("p", "reel", "reels", "explore", "stories", "accounts"),
}

// socialProfileOf reads an account from a link to one of the networks: a
// LinkedIn company, person or school page, an X/Twitter, GitHub, Facebook
// or Instagram account (GitHub repository links name their owner), or a
// YouTube @handle, channel or user.
func socialProfileOf(raw string) (socialProfile, bool) {
	u, err := url.Parse(raw)
	if err != nil || u.Scheme != "http" && u.Scheme != "https" {
		return socialProfile{}, false
	}
	host := strings.TrimPrefix(strings.TrimPrefix(strings.ToLower(u.Hostname()), "www."), "m.")
	network, ok := socialNetworks[host]
	if !ok {
		return socialProfile{}, false
	}
	seg := strings.FieldsFunc(u.Path, func(r rune) bool { return r == '/' })
	var path []string
	switch network {
	case "linkedin":
		if len(seg) >= 2 && (seg[0] == "company" || seg[0] == "in" || seg[0] == "school" || seg[0] == "showcase") {
			path = seg[:2]
		}
	case "youtube":
		switch {
		case len(seg) >= 1 && strings.HasPrefix(seg[0], "@"):
			path = seg[:1]
		case len(seg) >= 2 && (seg[0] == "channel" || seg[0] == "c" || seg[0] == "user"):
			path = seg[:2]
		}
	default:
		if len(seg) >= 1 && !notProfiles[network][strings.ToLower(seg[0])] {
			path = seg[:1]
		}
	}
	if path == nil {
		return socialProfile{}, false
	}
	return socialProfile{Network: network, Handle: strings.TrimPrefix(path[len(path)-1], "@"),
		URL: "https://" + strings.ToLower(u.Host) + "/" + strings.Join(path, "/")}, true
}

func set(items ...string) map[string]bool {
	m := make(map[string]bool, len(items))
	for _, s := range items {
		m[s] = true
	}
	return m
}
