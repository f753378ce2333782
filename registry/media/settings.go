package media

import (
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// settingRule finds one kind of generation setting in post text. The number
// patterns allow a few non-digit characters between keyword and value ("CFG
// 3.5", "cfg=1", "denoise stays at 1.0") but never cross a sentence's full
// stop; values outside lo..hi are typos or other numbers and are dropped.
type settingRule struct {
	kind   string
	re     *regexp.Regexp
	lo, hi float64 // bounds for numeric values; both zero for names
}

// settingRules are applied in this order, which is also the order of kinds in
// every answer.
var settingRules = []settingRule{
	{"cfg", regexp.MustCompile(`(?i)\bcfg\b(?:\s*scale)?[^\d\n.]{0,8}?(\d{1,2}(?:\.\d+)?)`), 0, 30},
	{"steps", regexp.MustCompile(`(?i)\b(\d{1,3})\s*(?:sampling\s+)?steps\b|\bsteps\s*[=:]\s*(\d{1,3})\b`), 1, 200},
	{"denoise", regexp.MustCompile(`(?i)\bdenoise\b(?:\s*strength)?[^\d\n.]{0,12}?(0?\.\d+|1\.0+|[01])\b`), 0, 1},
	{"shift", regexp.MustCompile(`(?i)\bshift\b[^\d\n.]{0,8}?(\d{1,2}(?:\.\d+)?)`), 0, 50},
	{"sampler", regexp.MustCompile(`(?i)\b(euler_ancestral|euler_a|euler|uni_pc_bh2|uni_pc|dpmpp_[a-z0-9_]+|ddim|lcm|res_multistep)\b`), 0, 0},
	{"fps", regexp.MustCompile(`(?i)\b(\d{1,3})\s*fps\b`), 1, 240},
	{"frames", regexp.MustCompile(`(?i)\b(\d{2,4})\s*frames\b`), 8, 2000},
	{"resolution", regexp.MustCompile(`(?i)\b(\d{3,4}\s*[x×]\s*\d{3,4}|(?:360|480|540|576|720|1080|1440|2160)p)\b`), 0, 0},
	{"precision", regexp.MustCompile(`(?i)\b(fp8(?:_e4m3fn|_e5m2)?|fp16|bf16|nf4|gguf|q[2-8]_k(?:_[sml])?|q[4-8]_0)\b`), 0, 0},
	{"learning_rate", regexp.MustCompile(`(?i)\b(?:learning[\s_]rate|lr)\b[^\d\n]{0,8}?(\d(?:\.\d+)?e-?\d+|0?\.\d+)`), 0, 0},
	{"rank", regexp.MustCompile(`(?i)\brank\b[^\d\n.]{0,6}?(\d{1,3})\b`), 1, 1024},
	{"epochs", regexp.MustCompile(`(?i)\b(\d{1,4})\s*epochs?\b`), 1, 10000},
	// ComfyUI node class names are CamelCase words built on a few stems.
	{"nodes", regexp.MustCompile(`\b([A-Z][A-Za-z0-9_]*(?:Sampler|Sampling|Loader|Decode|Encode|Scheduler|Upscale|Combine)[A-Za-z0-9_]*|TeaCache|SageAttention)\b`), 0, 0},
}

// settingsIn returns kind → distinct values found in text, in order of first
// appearance. Numbers are normalised ("1.0" and "1" are one value), names
// lower-cased except node names, resolutions written WIDTHxHEIGHT.
func settingsIn(text string) map[string][]string {
	found := map[string][]string{}
	for _, r := range settingRules {
		for _, m := range r.re.FindAllStringSubmatch(text, -1) {
			v := firstGroup(m)
			v, ok := r.normalise(v)
			if ok && !slices.Contains(found[r.kind], v) {
				found[r.kind] = append(found[r.kind], v)
			}
		}
	}
	return found
}

func firstGroup(m []string) string {
	for _, g := range m[1:] {
		if g != "" {
			return g
		}
	}
	return ""
}

func (r settingRule) normalise(v string) (string, bool) {
	switch {
	case r.kind == "nodes":
		return v, true
	case r.kind == "resolution":
		v = strings.Join(strings.FieldsFunc(strings.ToLower(v), func(c rune) bool { return c == 'x' || c == '×' || c == ' ' }), "x")
		return v, true
	case r.lo == 0 && r.hi == 0:
		return strings.ToLower(v), true
	}
	f, err := strconv.ParseFloat(v, 64)
	if err != nil || f < r.lo || f > r.hi || math.IsNaN(f) {
		return "", false
	}
	return strconv.FormatFloat(f, 'f', -1, 64), true
}

// settingsScore ranks a discussion: two points per kind of setting it states,
// plus the log of its votes and of its comments, so a detailed recipe beats a
// popular post that names one number.
func settingsScore(kinds, score, comments int) float64 {
	s := 2*float64(kinds) + math.Log10(1+float64(max(score, 0))) + math.Log10(1+float64(max(comments, 0)))
	return math.Round(s*100) / 100
}
