package web

import (
	"bytes"
	"cmp"
	"net/url"
	"strings"

	"github.com/coinslot/coinslot/lexical"
	"golang.org/x/net/html"
)

// page is what the tools read from one HTML document.
type page struct {
	Lang        string
	Title       string
	Meta        map[string]string // name or property (lower case) -> content
	Canonical   string
	Headings    []heading
	Links       []link
	Scripts     []string // absolute src of external scripts
	Resources   []string // absolute href of <link> elements other than canonical (stylesheets, preloads, icons)
	InlineJS    []string // inline script bodies (bounded)
	Images      []image
	JSONLD      []string
	Text        string // visible text, whitespace collapsed
	Attrs       map[string]bool
	RawContains func(string) bool
}

type heading struct {
	Level int    `json:"level"`
	Text  string `json:"text"`
}

type link struct {
	URL  string `json:"url"`
	Text string `json:"text,omitempty"`
}

type image struct {
	Src string `json:"src"`
	Alt string `json:"alt,omitempty"`
}

// maxText bounds the visible text kept from a page.
const maxText = 20_000

// skipped elements hold no visible text.
var skipped = map[string]bool{"script": true, "style": true, "noscript": true, "template": true, "svg": true, "head": true}

// parsePage reads an HTML document fetched from base.
func parsePage(body []byte, base *url.URL) *page {
	p := &page{Meta: map[string]string{}, Attrs: map[string]bool{}}
	p.RawContains = func(s string) bool { return bytes.Contains(body, []byte(s)) }
	root, err := html.Parse(bytes.NewReader(body))
	if err != nil {
		return p
	}
	var text strings.Builder
	var walk func(n *html.Node, hidden bool)
	walk = func(n *html.Node, hidden bool) {
		switch n.Type {
		case html.TextNode:
			if !hidden && text.Len() < maxText {
				text.WriteString(n.Data)
				text.WriteByte(' ')
			}
		case html.ElementNode:
			p.element(n, base)
			hidden = hidden || skipped[n.Data]
		}
		for ch := n.FirstChild; ch != nil; ch = ch.NextSibling {
			walk(ch, hidden)
		}
	}
	walk(root, false)
	p.Text = truncate(lexical.Collapse(text.String()), maxText)
	return p
}

func (p *page) element(n *html.Node, base *url.URL) {
	a := attrs(n)
	for k := range a {
		p.Attrs[k] = true
	}
	switch n.Data {
	case "html":
		p.Lang = a["lang"]
	case "title":
		if p.Title == "" {
			p.Title = lexical.Collapse(textOf(n))
		}
	case "meta":
		key := strings.ToLower(cmp.Or(a["name"], a["property"], a["http-equiv"]))
		if key != "" && p.Meta[key] == "" {
			p.Meta[key] = strings.TrimSpace(a["content"])
		}
	case "link":
		if strings.EqualFold(a["rel"], "canonical") {
			p.Canonical = resolve(base, a["href"])
		} else if href := resolve(base, a["href"]); href != "" {
			p.Resources = append(p.Resources, href)
		}
	case "h1", "h2", "h3":
		if t := lexical.Collapse(textOf(n)); t != "" {
			p.Headings = append(p.Headings, heading{int(n.Data[1] - '0'), t})
		}
	case "a":
		if href := resolve(base, a["href"]); href != "" {
			p.Links = append(p.Links, link{href, truncate(lexical.Collapse(textOf(n)), 120)})
		}
	case "img":
		if src := resolve(base, a["src"]); src != "" {
			p.Images = append(p.Images, image{src, a["alt"]})
		}
	case "script":
		switch {
		case a["src"] != "":
			p.Scripts = append(p.Scripts, resolve(base, a["src"]))
		case strings.EqualFold(a["type"], "application/ld+json"):
			p.JSONLD = append(p.JSONLD, strings.TrimSpace(textOf(n)))
		default:
			p.InlineJS = append(p.InlineJS, truncate(textOf(n), 4096))
		}
	}
}

func attrs(n *html.Node) map[string]string {
	m := make(map[string]string, len(n.Attr))
	for _, a := range n.Attr {
		m[strings.ToLower(a.Key)] = a.Val
	}
	return m
}

func textOf(n *html.Node) string {
	var b strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
		}
		for ch := n.FirstChild; ch != nil; ch = ch.NextSibling {
			walk(ch)
		}
	}
	walk(n)
	return b.String()
}

// resolve makes href absolute against base; only http(s), mailto and tel
// links are kept.
func resolve(base *url.URL, href string) string {
	href = strings.TrimSpace(href)
	if href == "" || strings.HasPrefix(href, "#") {
		return ""
	}
	u, err := base.Parse(href)
	if err != nil {
		return ""
	}
	switch u.Scheme {
	case "http", "https", "mailto", "tel":
		u.Fragment = ""
		return u.String()
	}
	return ""
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !isRuneStart(s[n]) {
		n--
	}
	return s[:n]
}

func isRuneStart(b byte) bool { return b&0xC0 != 0x80 }
