package web

import (
	"net/url"
	"regexp"
	"strings"

	"github.com/coinslot/coinslot/lexical"
)

// contacts are the contact channels a page publishes. Every item says where
// it was found ("mailto link", "page text", "obfuscated text", "tel link",
// "json-ld", "security.txt", or "link <url>" for profiles).
type contacts struct {
	Emails           []emailContact  `json:"emails"`
	Phones           []phoneContact  `json:"phones"`
	Socials          []socialProfile `json:"socials"`
	ContactPages     []link          `json:"contact_pages"`
	SecurityContacts []string        `json:"security_contacts"`
}

type emailContact struct {
	Email string   `json:"email"`
	Kind  string   `json:"kind"` // generic (a role inbox such as info@) or personal
	Found []string `json:"found"`
}

type phoneContact struct {
	Phone   string   `json:"phone"` // +<digits> when written internationally, else the national digits
	Display string   `json:"display"`
	Found   []string `json:"found"`
}

type socialProfile struct {
	Network string   `json:"network"`
	Handle  string   `json:"handle"`
	URL     string   `json:"url"`
	Found   []string `json:"found"`
}

// maxContactPages bounds the contact page links kept.
const maxContactPages = 10

var (
	emailText = regexp.MustCompile(`[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,24}\b`)
	emailFull = regexp.MustCompile(`^[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,24}$`)
	// obfuscatedEmail: "name [at] example [dot] com", "name(at)example.com".
	// Only a bracketed "at" counts: a bare "at" is an English word. A literal
	// dot must touch both labels, so a sentence's full stop never joins the
	// next word to the domain.
	obfuscatedEmail = regexp.MustCompile(`(?i)([a-z0-9._%+-]+)\s*[\[({]\s*at\s*[\])}]\s*([a-z0-9-]+(?:(?:\.|\s*[\[({]\s*dot\s*[\])}]\s*)[a-z0-9-]+)+)`)
	bracketedDot    = regexp.MustCompile(`(?i)\s*[\[({]\s*dot\s*[\])}]\s*`)
	// phoneText is an international number as written: "+" then 8 to 15
	// digits with spaces, dots, dashes or parentheses between them.
	phoneText = regexp.MustCompile(`\+\d[\d\s().-]{6,22}\d`)
)

// assetSuffixes end file names that the e-mail pattern would otherwise
// take for addresses (logo@2x.png).
var assetSuffixes = []string{".png", ".jpg", ".jpeg", ".gif", ".svg", ".webp", ".css", ".js"}

// roleInboxes are local parts of shared inboxes rather than a person's.
var roleInboxes = map[string]bool{
	"info": true, "contact": true, "hello": true, "hi": true, "sales": true, "support": true, "help": true, "admin": true,
	"office": true, "team": true, "press": true, "media": true, "marketing": true, "billing": true, "accounts": true,
	"jobs": true, "careers": true, "hr": true, "security": true, "privacy": true, "legal": true, "webmaster": true,
	"abuse": true, "postmaster": true, "noreply": true, "no-reply": true, "enquiries": true, "inquiries": true,
	"service": true, "feedback": true, "partners": true,
}

// contactWords mark a link to a contact page, in its URL path or its text.
var contactWords = []string{"contact", "kontakt", "contacto", "contatti", "impressum", "get-in-touch", "get in touch"}

// contactCollector builds contacts, merging duplicates.
type contactCollector struct {
	out    contacts
	emails map[string]int
	phones map[string]int
	social map[string]int
	pages  map[string]bool
}

func newContactCollector() *contactCollector {
	return &contactCollector{
		out: contacts{Emails: []emailContact{}, Phones: []phoneContact{}, Socials: []socialProfile{},
			ContactPages: []link{}, SecurityContacts: []string{}},
		emails: map[string]int{}, phones: map[string]int{}, social: map[string]int{}, pages: map[string]bool{},
	}
}

// fromPage reads a fetched page: its links, text and JSON-LD Organization.
func (cc *contactCollector) fromPage(fp *fetchedPage) {
	p := fp.Page
	if p == nil {
		cc.fromText(string(fp.Resp.Body[:min(len(fp.Resp.Body), maxText)]))
		return
	}
	for _, l := range p.Links {
		switch {
		case strings.HasPrefix(l.URL, "mailto:"):
			for _, addr := range mailtoAddresses(l.URL) {
				cc.email(addr, "mailto link")
			}
		case strings.HasPrefix(l.URL, "tel:"):
			cc.phone(strings.TrimPrefix(l.URL, "tel:"), "tel link")
		default:
			cc.profile(l.URL, "link "+l.URL)
			cc.contactPage(l, fp.URL)
		}
	}
	cc.fromText(p.Text)
	if o := organizationOf(p); o != nil {
		cc.email(o.Email, "json-ld")
		cc.phone(o.Telephone, "json-ld")
		for _, s := range o.SameAs {
			cc.profile(s, "json-ld sameAs")
		}
	}
}

func (cc *contactCollector) fromText(text string) {
	for _, m := range emailText.FindAllString(text, -1) {
		cc.email(m, "page text")
	}
	for _, m := range obfuscatedEmail.FindAllStringSubmatch(text, -1) {
		cc.email(m[1]+"@"+bracketedDot.ReplaceAllString(m[2], "."), "obfuscated text")
	}
	for _, m := range phoneText.FindAllString(text, -1) {
		cc.phone(m, "page text")
	}
}

// fromSecurityTxt reads the Contact lines of a security.txt (RFC 9116).
func (cc *contactCollector) fromSecurityTxt(body []byte) {
	for _, line := range strings.Split(string(body), "\n") {
		key, value, ok := strings.Cut(line, ":")
		if !ok || !strings.EqualFold(strings.TrimSpace(key), "contact") {
			continue
		}
		value = strings.TrimSpace(value)
		cc.out.SecurityContacts = append(cc.out.SecurityContacts, value)
		switch {
		case strings.HasPrefix(value, "mailto:"):
			for _, addr := range mailtoAddresses(value) {
				cc.email(addr, "security.txt")
			}
		case strings.HasPrefix(value, "tel:"):
			cc.phone(strings.TrimPrefix(value, "tel:"), "security.txt")
		}
	}
}

func (cc *contactCollector) email(addr, found string) {
	addr = strings.ToLower(strings.TrimSpace(addr))
	if !emailFull.MatchString(addr) {
		return
	}
	for _, s := range assetSuffixes {
		if strings.HasSuffix(addr, s) {
			return
		}
	}
	if i, ok := cc.emails[addr]; ok {
		cc.out.Emails[i].Found = appendOnce(cc.out.Emails[i].Found, found)
		return
	}
	kind := "personal"
	if local, _, _ := strings.Cut(addr, "@"); roleInboxes[local] {
		kind = "generic"
	}
	cc.emails[addr] = len(cc.out.Emails)
	cc.out.Emails = append(cc.out.Emails, emailContact{addr, kind, []string{found}})
}

func (cc *contactCollector) phone(written, found string) {
	written, _ = url.PathUnescape(strings.TrimSpace(written))
	var digits strings.Builder
	for _, r := range written {
		if r >= '0' && r <= '9' {
			digits.WriteRune(r)
		}
	}
	n := digits.Len()
	if n < 7 || n > 15 {
		return
	}
	phone := digits.String()
	if strings.HasPrefix(written, "+") {
		phone = "+" + phone
	}
	if i, ok := cc.phones[phone]; ok {
		cc.out.Phones[i].Found = appendOnce(cc.out.Phones[i].Found, found)
		return
	}
	cc.phones[phone] = len(cc.out.Phones)
	cc.out.Phones = append(cc.out.Phones, phoneContact{phone, lexical.Collapse(written), []string{found}})
}

func (cc *contactCollector) profile(raw, found string) {
	sp, ok := socialProfileOf(raw)
	if !ok {
		return
	}
	key := sp.Network + " " + strings.ToLower(sp.Handle)
	if i, ok := cc.social[key]; ok {
		cc.out.Socials[i].Found = appendOnce(cc.out.Socials[i].Found, found)
		return
	}
	sp.Found = []string{found}
	cc.social[key] = len(cc.out.Socials)
	cc.out.Socials = append(cc.out.Socials, sp)
}

func (cc *contactCollector) contactPage(l link, base *url.URL) {
	u, err := url.Parse(l.URL)
	if err != nil || cc.pages[l.URL] || len(cc.out.ContactPages) >= maxContactPages || !sameOrganization(u, base) {
		return
	}
	where := strings.ToLower(u.Path + " " + l.Text)
	for _, w := range contactWords {
		if strings.Contains(where, w) {
			cc.pages[l.URL] = true
			cc.out.ContactPages = append(cc.out.ContactPages, l)
			return
		}
	}
}

// sameOrganization: the page's own site or one of its subdomains.
func sameOrganization(u, base *url.URL) bool {
	site := strings.TrimPrefix(strings.ToLower(base.Hostname()), "www.")
	host := strings.ToLower(u.Hostname())
	return sameSite(u.String(), base) || strings.HasSuffix(host, "."+site)
}

// mailtoAddresses reads the addresses of a mailto: URL (RFC 6068).
func mailtoAddresses(raw string) []string {
	to, _, _ := strings.Cut(strings.TrimPrefix(raw, "mailto:"), "?")
	to, err := url.PathUnescape(to)
	if err != nil {
		return nil
	}
	return strings.Split(to, ",")
}

func appendOnce(list []string, s string) []string {
	for _, have := range list {
		if have == s {
			return list
		}
	}
	return append(list, s)
}
