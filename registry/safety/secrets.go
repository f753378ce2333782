package safety

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"
)

// Secrets pasted by mistake: a manifest or spec should never carry live
// credentials. Patterns are the vendors' published key prefixes.
var secretPatterns = []struct {
	kind string
	re   *regexp.Regexp
}{
	{"private key block", regexp.MustCompile(`-----BEGIN (RSA |EC |OPENSSH |DSA |PGP )?PRIVATE KEY( BLOCK)?-----`)},
	{"AWS access key id", regexp.MustCompile(`\b(AKIA|ASIA)[0-9A-Z]{16}\b`)},
	{"GitHub token", regexp.MustCompile(`\b(gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{40,})\b`)},
	{"Slack token", regexp.MustCompile(`\bxox[abprs]-[A-Za-z0-9-]{10,}`)},
	{"Stripe secret key", regexp.MustCompile(`\b(sk|rk)_live_[A-Za-z0-9]{16,}`)},
	{"OpenAI or Anthropic API key", regexp.MustCompile(`\bsk-(ant-|proj-)?[A-Za-z0-9_-]{20,}`)},
	{"Google API key", regexp.MustCompile(`\bAIza[0-9A-Za-z_-]{35}\b`)},
	{"JSON web token", regexp.MustCompile(`\beyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}`)},
	{hexKeyKind, regexp.MustCompile(`^(0x)?[0-9a-fA-F]{64}$`)},
	{"credential in URL", regexp.MustCompile(`://[^/\s:@]+:[^/\s@]+@`)},
}

const hexKeyKind = "hex private key (32 bytes)"

// secretKeyName flags a field whose name says it holds a secret and whose
// value is long enough to be one.
var secretKeyName = regexp.MustCompile(`(?i)(secret|password|passwd|api[_-]?key|token|private[_-]?key|mnemonic)$`)

type secretHit struct {
	Path     string `json:"path"`
	Kind     string `json:"kind"`
	Redacted string `json:"redacted"`
}

const maxSecretHits = 20

// scanSecrets walks every string of doc and reports suspected secrets by
// JSON path, showing only the first four characters.
func scanSecrets(doc any) []secretHit {
	hits := []secretHit{}
	var walk func(v any, path, key string)
	walk = func(v any, path, key string) {
		if len(hits) >= maxSecretHits {
			return
		}
		switch v := v.(type) {
		case map[string]any:
			for _, k := range slices.Sorted(maps.Keys(v)) {
				walk(v[k], path+"."+k, k)
			}
		case []any:
			for i, x := range v {
				walk(x, fmt.Sprintf("%s[%d]", path, i), key)
			}
		case string:
			if kind := secretKind(v, key); kind != "" {
				hits = append(hits, secretHit{path, kind, redact(v)})
			}
		}
	}
	walk(doc, "$", "")
	return hits
}

// hashKeyName is a field named for a transaction hash or a digest: those
// are 32 bytes of hex as a private key is, and x402 receipts carry them.
var hashKeyName = regexp.MustCompile(`(?i)(^tx|hash|sha256|digest|transaction)$`)

func secretKind(s, key string) string {
	for _, p := range secretPatterns {
		if p.kind == hexKeyKind && hashKeyName.MatchString(key) {
			continue
		}
		if p.re.MatchString(s) {
			return p.kind
		}
	}
	if secretKeyName.MatchString(key) && len(s) >= 12 && !strings.ContainsAny(s, " {}<>$") {
		return "value of a field named " + key
	}
	return ""
}

func redact(s string) string {
	s = strings.TrimSpace(s)
	if len(s) <= 4 {
		return "****"
	}
	return s[:4] + "…"
}
