package safety

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
)

// Risk rules. Each tool's name, description, HTTP method and parameters are
// matched against the rules below; every rule that fires adds its weight once
// and one reason. The score is capped at 100 and mapped to a level:
// critical >= 75, high >= 50, medium >= 25, low below. The rules are plain
// word lists so every verdict can be explained by the words that caused it.
type riskRule struct {
	ID     string
	Weight int
	Reason string
	Words  []string // whole words in the name or description
}

var riskRules = []riskRule{
	{"destructive", 30, "can delete or destroy data", []string{"delete", "remove", "drop", "destroy", "purge", "wipe", "truncate", "revoke", "terminate", "erase", "rm"}},
	{"code_execution", 35, "runs commands or code", []string{"exec", "execute", "shell", "command", "eval", "script", "bash", "terminal", "subprocess", "sql", "run"}},
	{"payment", 30, "moves money or creates charges", []string{"pay", "payment", "payments", "transfer", "charge", "refund", "invoice", "wallet", "withdraw", "purchase", "checkout", "payout", "order"}},
	{"outbound", 20, "sends data to other people or systems", []string{"send", "email", "mail", "sms", "message", "webhook", "notify", "publish", "post", "tweet", "share", "upload", "fetch", "url", "http", "request", "browse"}},
	{"writes", 15, "creates or changes records", []string{"create", "update", "write", "modify", "set", "edit", "insert", "patch", "put", "replace", "rename", "move"}},
	{"filesystem", 15, "reads or writes files", []string{"file", "files", "path", "directory", "folder", "filesystem", "fs", "disk"}},
}

// methodRules add weight by HTTP method.
var methodRules = map[string]string{"DELETE": "destructive", "POST": "writes", "PUT": "writes", "PATCH": "writes"}

// Parameter hints by name; formats count too (email, password).
var (
	credentialName = regexp.MustCompile(`(?i)(pass(word|wd|phrase)?|secret|token|api[_-]?key|apikey|private[_-]?key|mnemonic|seed[_-]?phrase|credential|auth(orization)?|cookie|session[_-]?id|client[_-]?secret|access[_-]?key|otp|pin)$|^(key|pwd)$`)
	personalName   = regexp.MustCompile(`(?i)(e[_-]?mail|phone|mobile|ssn|social[_-]?security|birth|dob|address|street|zip|postal|passport|license[_-]?number|credit[_-]?card|card[_-]?number|cvv|cvc|iban|account[_-]?number|routing|first[_-]?name|last[_-]?name|full[_-]?name|surname|ip[_-]?address|latitude|longitude|location|gender|salary|medical|diagnosis)`)
	freeFormName   = regexp.MustCompile(`(?i)^(query|sql|command|cmd|code|script|expression|statement|prompt|body|content|html|url|uri|path)$`)
)

// Tool-description poisoning: instructions aimed at the model, hidden in
// text the user rarely reads (OWASP ASI04, MCP tool poisoning reports).
var poisoningPhrases = []string{
	"ignore previous", "ignore all previous", "ignore the above", "do not tell the user", "don't tell the user",
	"do not mention", "without telling", "<important>", "before using this tool", "~/.ssh", "id_rsa",
	".env", "system prompt", "you must always", "instead of the user",
}

type toolRisk struct {
	Name               string   `json:"name"`
	Method             string   `json:"method,omitempty"`
	Path               string   `json:"path,omitempty"`
	RiskScore          int      `json:"risk_score"`
	RiskLevel          string   `json:"risk_level"`
	Reasons            []reason `json:"reasons"`
	CredentialParams   []string `json:"credential_params"`
	PersonalDataParams []string `json:"personal_data_params"`
	FreeFormParams     []string `json:"free_form_params"`
	Decision           string   `json:"decision"` // allow, allow_with_approval, block
	RelevantToTask     *bool    `json:"relevant_to_task,omitempty"`

	rules []string
}

type reason struct {
	Rule   string `json:"rule"`
	Detail string `json:"detail"`
}

func (r *toolRisk) add(rule string, weight int, detail string) {
	if slices.Contains(r.rules, rule) {
		return
	}
	r.rules = append(r.rules, rule)
	r.RiskScore += weight
	r.Reasons = append(r.Reasons, reason{rule, detail})
}

// has reports whether a rule fired.
func (r *toolRisk) has(rule string) bool { return slices.Contains(r.rules, rule) }

// assessTool applies every rule to one tool.
func assessTool(t toolSpec) *toolRisk {
	r := &toolRisk{Name: t.Name, Method: t.Method, Path: t.Path, Reasons: []reason{},
		CredentialParams: []string{}, PersonalDataParams: []string{}, FreeFormParams: []string{}}
	words := wordSet(t.Name + " " + t.Description + " " + t.Path)
	for _, rule := range riskRules {
		for _, w := range rule.Words {
			if words[w] {
				r.add(rule.ID, rule.Weight, rule.Reason+` ("`+w+`")`)
				break
			}
		}
	}
	if id, ok := methodRules[t.Method]; ok {
		for _, rule := range riskRules {
			if rule.ID == id {
				r.add(rule.ID, rule.Weight, rule.Reason+" (HTTP "+t.Method+")")
			}
		}
	}
	lower := strings.ToLower(t.Description)
	for _, p := range poisoningPhrases {
		if strings.Contains(lower, p) {
			r.add("description_injection", 40, `description carries instructions aimed at the model ("`+p+`")`)
			break
		}
	}
	for _, p := range t.Params {
		switch {
		case credentialName.MatchString(p.Name) || p.Format == "password":
			r.CredentialParams = append(r.CredentialParams, p.Name)
		case personalName.MatchString(p.Name) || p.Format == "email":
			r.PersonalDataParams = append(r.PersonalDataParams, p.Name)
		}
		if freeFormName.MatchString(p.Name) && (p.Type == "" || p.Type == "string") && !p.Enum && !p.MaxLength {
			r.FreeFormParams = append(r.FreeFormParams, p.Name)
		}
	}
	if len(r.CredentialParams) > 0 {
		r.add("credential_input", 25, "takes credentials as input: "+strings.Join(r.CredentialParams, ", "))
	}
	if len(r.PersonalDataParams) > 0 {
		r.add("personal_data", 10, "takes personal data: "+strings.Join(r.PersonalDataParams, ", "))
	}
	if len(r.FreeFormParams) > 0 {
		r.add("free_form_input", 10, "accepts unbounded free text that can carry injected content: "+strings.Join(r.FreeFormParams, ", "))
	}
	if strings.TrimSpace(t.Description) == "" {
		r.add("undocumented", 5, "has no description, so its effect cannot be checked")
	}
	r.RiskScore = min(r.RiskScore, 100)
	r.RiskLevel = level(r.RiskScore)
	return r
}

func level(score int) string {
	switch {
	case score >= 75:
		return "critical"
	case score >= 50:
		return "high"
	case score >= 25:
		return "medium"
	}
	return "low"
}

// wordSet splits text into lower-case words, breaking camelCase and
// snake_case, so "deleteUser" and "delete_user" both yield "delete".
func wordSet(text string) map[string]bool {
	var b strings.Builder
	prev := ' '
	for _, c := range text {
		switch {
		case unicode.IsUpper(c) && unicode.IsLower(prev):
			b.WriteRune(' ')
			b.WriteRune(unicode.ToLower(c))
		case unicode.IsLetter(c) || unicode.IsDigit(c):
			b.WriteRune(unicode.ToLower(c))
		default:
			b.WriteRune(' ')
		}
		prev = c
	}
	set := map[string]bool{}
	for _, w := range strings.Fields(b.String()) {
		set[w] = true
	}
	return set
}
