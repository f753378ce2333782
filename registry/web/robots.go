package web

import (
	"strconv"
	"strings"
)

// robots is a parsed robots.txt (RFC 9309).
type robots struct {
	groups        []robotsGroup
	Sitemaps      []string
	CrawlDelay    map[string]float64 // by user agent, as written
	ContentSignal []string           // Content-Signal lines (a Cloudflare convention)
}

type robotsGroup struct {
	agents []string // lower case
	rules  []robotsRule
}

type robotsRule struct {
	allow   bool
	pattern string
}

// maxRobots is how much of a robots.txt is parsed (RFC 9309 asks for at
// least 500 KiB).
const maxRobots = 500 << 10

func parseRobots(body []byte) *robots {
	r := &robots{CrawlDelay: map[string]float64{}}
	text := string(body[:min(len(body), maxRobots)])
	var cur *robotsGroup
	lastWasAgent := false
	for _, line := range strings.Split(text, "\n") {
		line, _, _ = strings.Cut(line, "#")
		key, value, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		key, value = strings.ToLower(strings.TrimSpace(key)), strings.TrimSpace(value)
		switch key {
		case "user-agent":
			if cur == nil || !lastWasAgent {
				r.groups = append(r.groups, robotsGroup{})
				cur = &r.groups[len(r.groups)-1]
			}
			cur.agents = append(cur.agents, strings.ToLower(value))
			lastWasAgent = true
			continue
		case "allow", "disallow":
			if cur != nil && value != "" {
				cur.rules = append(cur.rules, robotsRule{key == "allow", value})
			}
		case "crawl-delay":
			if cur != nil {
				if d, err := strconv.ParseFloat(value, 64); err == nil {
					for _, a := range cur.agents {
						r.CrawlDelay[a] = d
					}
				}
			}
		case "sitemap":
			r.Sitemaps = append(r.Sitemaps, value)
		case "content-signal":
			r.ContentSignal = append(r.ContentSignal, value)
		}
		lastWasAgent = false
	}
	return r
}

// rulesFor merges every group naming the agent's product token, or the *
// groups when none does; matched is the group's name.
func (r *robots) rulesFor(token string) (rules []robotsRule, matched string) {
	token = strings.ToLower(token)
	for _, want := range []string{token, "*"} {
		for _, g := range r.groups {
			for _, a := range g.agents {
				if a == want {
					rules = append(rules, g.rules...)
					matched = want
				}
			}
		}
		if matched != "" {
			return rules, matched
		}
	}
	return nil, ""
}

// allowed applies the longest matching rule; allow wins a tie.
func allowed(rules []robotsRule, path string) bool {
	best, allow := -1, true
	for _, r := range rules {
		if !patternMatch(r.pattern, path) {
			continue
		}
		if n := len(r.pattern); n > best || n == best && r.allow {
			best, allow = n, r.allow
		}
	}
	return allow
}

// patternMatch matches a path against a rule with * and a final $.
func patternMatch(pattern, path string) bool {
	anchored := strings.HasSuffix(pattern, "$")
	pattern = strings.TrimSuffix(pattern, "$")
	parts := strings.Split(pattern, "*")
	if !strings.HasPrefix(path, parts[0]) {
		return false
	}
	pos := len(parts[0])
	for _, part := range parts[1:] {
		i := strings.Index(path[pos:], part)
		if i < 0 {
			return false
		}
		pos += i + len(part)
	}
	if !anchored {
		return true
	}
	if len(parts) == 1 {
		return path == parts[0]
	}
	return strings.HasSuffix(path, parts[len(parts)-1])
}
