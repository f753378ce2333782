package safety

import (
	"fmt"
	"maps"
	"net/url"
	"slices"
	"sort"
	"strings"

	"github.com/ethereum/go-ethereum/common"
)

// minDescription is the shortest description an agent can choose a tool by.
const minDescription = 20

// audit runs every check that the pasted input allows, area by area.
func (in *sellerInput) audit() []auditCheck {
	var out []auditCheck
	add := func(area string, cs ...check) {
		for _, c := range cs {
			out = append(out, auditCheck{area, c})
		}
	}
	add(areaDiscovery, in.discoveryChecks()...)
	add(areaPrice, in.priceChecks()...)
	add(areaTerms, in.termChecks()...)
	add(areaWallet, in.walletChecks()...)
	add(areaReceipts, in.receiptChecks()...)
	add(areaDescriptions, in.descriptionChecks()...)
	add(areaApproval, in.approvalChecks()...)
	return out
}

func pass(name, detail string) check { return check{name, "pass", detail} }
func warn(name, detail string) check { return check{name, "warn", detail} }
func fail(name, detail string) check { return check{name, "fail", detail} }

// share grades how many of total items satisfy a rule.
func share(name string, bad []string, total int, what, fix string, missingAll func(string, string) check) check {
	switch {
	case len(bad) == 0:
		return pass(name, fmt.Sprintf("all %d %s", total, what))
	case len(bad) == total:
		return missingAll(name, fix)
	}
	return warn(name, fmt.Sprintf("%d of %d lack it (%s): %s", len(bad), total, listSome(bad), fix))
}

func listSome(names []string) string {
	if len(names) > 5 {
		return strings.Join(names[:5], ", ") + fmt.Sprintf(" and %d more", len(names)-5)
	}
	return strings.Join(names, ", ")
}

func (in *sellerInput) discoveryChecks() []check {
	var out []check
	if in.openapi == nil {
		out = append(out, warn("openapi_document", "no OpenAPI pasted: crawlers and agents read /openapi.json to list the routes"))
	} else {
		if v := str(in.openapi["openapi"]); strings.HasPrefix(v, "3.") {
			out = append(out, pass("openapi_document", "OpenAPI "+v+" with "+fmt.Sprint(len(in.ops))+" operations"))
		} else {
			out = append(out, warn("openapi_document", "Swagger 2 is read by fewer agent tools: publish OpenAPI 3.1"))
		}
		info := asMap(in.openapi["info"])
		var missing []string
		for _, k := range []string{"title", "version", "description"} {
			if strings.TrimSpace(str(info[k])) == "" {
				missing = append(missing, "info."+k)
			}
		}
		if len(missing) == 0 {
			out = append(out, pass("openapi_info", "title, version and description are set"))
		} else {
			out = append(out, warn("openapi_info", "set "+strings.Join(missing, ", ")+" so catalogs can name and describe the service"))
		}
		out = append(out, serversCheck(in.openapi))
	}
	if in.agent == nil {
		out = append(out, warn("agent_manifest", "no agent.json pasted: publish /.well-known/agent.json so agents can discover the tools"))
	} else {
		var missing []string
		for _, k := range []string{"name", "description", "url", "version"} {
			if strings.TrimSpace(str(in.agent[k])) == "" {
				missing = append(missing, k)
			}
		}
		if len(in.skills) == 0 {
			missing = append(missing, "skills")
		}
		if len(missing) == 0 {
			out = append(out, pass("agent_manifest", fmt.Sprintf("name, description, url and version are set; skills: %d", len(in.skills))))
		} else {
			out = append(out, fail("agent_manifest", "the agent manifest lacks "+strings.Join(missing, ", ")))
		}
		if u, err := url.Parse(str(in.agent["url"])); err == nil && u.Scheme == "http" {
			out = append(out, fail("agent_url", "the agent url is not https"))
		}
	}
	if in.resource != "" {
		out = append(out, in.resourceCheck())
	}
	return out
}

func serversCheck(doc map[string]any) check {
	servers := asSlice(doc["servers"])
	if len(servers) == 0 {
		return warn("servers", "no servers[]: buyers cannot tell the absolute address of the routes")
	}
	u, err := url.Parse(str(asMap(servers[0])["url"]))
	switch {
	case err != nil || u.Host == "":
		return warn("servers", "servers[0].url is not an absolute URL")
	case u.Scheme != "https":
		return fail("servers", "servers[0].url is not https: payment terms can be altered in transit")
	}
	return pass("servers", "https server "+u.Host)
}

func (in *sellerInput) resourceCheck() check {
	u, err := url.Parse(in.resource)
	switch {
	case err != nil || u.Host == "":
		return fail("resource_url", "the resource is not an absolute URL")
	case u.Scheme != "https":
		return fail("resource_url", "the resource is not https: payment terms can be altered in transit")
	case in.openapi != nil:
		for _, i := range in.paidOps() {
			if op := in.ops[i]; op.Path == u.Path {
				return pass("resource_url", "the resource "+u.Path+" is described in the OpenAPI as "+op.Name)
			}
		}
		return fail("resource_url", "the resource path "+u.Path+" is not in the OpenAPI paths")
	}
	return pass("resource_url", "https resource on "+u.Host)
}

// paidOps are the operations that carry a price or stand for the resource;
// GETs that only read 402 terms, and operations that declare no security
// (security: [], free by the document's own word), are left out.
func (in *sellerInput) paidOps() []int {
	var idx []int
	for i, op := range in.ops {
		if sec, ok := in.opDocs[i]["security"].([]any); ok && len(sec) == 0 {
			continue
		}
		if op.Method == "POST" || opPrice(in.opDocs[i]) != "" && op.Method != "GET" {
			idx = append(idx, i)
		}
	}
	return idx
}

func (in *sellerInput) priceChecks() []check {
	var out []check
	if in.openapi != nil {
		paid := in.paidOps()
		var unpriced, malformed []string
		for _, i := range paid {
			p := opPrice(in.opDocs[i])
			if p == "" {
				unpriced = append(unpriced, in.ops[i].Name)
			} else if _, exact := usdAtomic(p); !exact {
				malformed = append(malformed, in.ops[i].Name)
			}
		}
		if len(paid) > 0 {
			out = append(out, share("prices_declared", unpriced, len(paid), "paid operations declare x-price-usd",
				"add x-price-usd to every paid operation", fail))
		}
		if len(malformed) > 0 {
			out = append(out, fail("price_format", "prices that USDC's 6 decimals cannot pay exactly: "+listSome(malformed)))
		}
	}
	if in.expectedPrice != "" {
		out = append(out, in.expectedPriceCheck())
	}
	return out
}

// expectedPriceCheck compares the intended price with every price the
// metadata states for the resource (or for the only route).
func (in *sellerInput) expectedPriceCheck() check {
	want, _ := usdAtomic(in.expectedPrice)
	type stated struct{ where, usd string }
	var found []stated
	path := in.resourcePath()
	for i, op := range in.ops {
		if p := opPrice(in.opDocs[i]); p != "" && (op.Path == path || path == "" && len(in.paidOps()) == 1) {
			found = append(found, stated{"OpenAPI " + op.Name, p})
		}
	}
	for _, t := range in.terms {
		if p, ok := termPrice(t); ok {
			found = append(found, stated{"payment requirements", p})
		}
	}
	if len(found) == 0 {
		return warn("expected_price", "no price is stated for the resource: buyers cannot check it before paying")
	}
	for _, f := range found {
		if got, _ := usdAtomic(f.usd); got != want {
			return fail("expected_price", fmt.Sprintf("%s states %s USD, not the expected %s", f.where, f.usd, in.expectedPrice))
		}
	}
	return pass("expected_price", fmt.Sprintf("every stated price equals %s USD", in.expectedPrice))
}

func (in *sellerInput) termChecks() []check {
	var out []check
	text := in.text.String()
	if in.openapi != nil {
		if mentionsAny(text, "PAYMENT-SIGNATURE", "X-PAYMENT") {
			out = append(out, pass("payment_header", "the payment header (PAYMENT-SIGNATURE or X-PAYMENT) is documented"))
		} else {
			out = append(out, fail("payment_header", "document the x402 payment header (PAYMENT-SIGNATURE, v1 X-PAYMENT) as a security scheme"))
		}
		var no402 []string
		paid := in.paidOps()
		for _, i := range paid {
			if asMap(in.opDocs[i]["responses"])["402"] == nil {
				no402 = append(no402, in.ops[i].Name)
			}
		}
		if len(paid) > 0 {
			out = append(out, share("402_response", no402, len(paid), "paid operations document the 402 answer",
				"document the 402 Payment Required answer", fail))
		}
	}
	for i, t := range in.terms {
		out = append(out, termCheck(i, t))
	}
	if len(in.terms) == 0 {
		if mentionsAny(text, baseNetwork) && mentionsAny(text, usdcContract) {
			out = append(out, pass("network_and_asset", "states network "+baseNetwork+" and the USDC contract"))
		} else {
			out = append(out, warn("network_and_asset", "state the network ("+baseNetwork+") and asset contract ("+usdcContract+") buyers should expect"))
		}
	}
	return out
}

// termCheck checks one set of payment requirements against x402 exact on Base.
func termCheck(i int, t map[string]any) check {
	name := fmt.Sprintf("accepts[%d]", i)
	var problems []string
	if s := str(t["scheme"]); s != "exact" {
		problems = append(problems, fmt.Sprintf("scheme %q is not exact", s))
	}
	if n := str(t["network"]); n != baseNetwork {
		problems = append(problems, fmt.Sprintf("network %q is not %s", n, baseNetwork))
	}
	if a := str(t["asset"]); !strings.EqualFold(a, usdcContract) {
		problems = append(problems, fmt.Sprintf("asset %q is not USDC on Base", a))
	}
	if _, ok := termPrice(t); !ok {
		problems = append(problems, "no atomic amount")
	}
	if !common.IsHexAddress(str(t["payTo"])) {
		problems = append(problems, "payTo is not an address")
	}
	if len(problems) > 0 {
		return fail(name, strings.Join(problems, "; "))
	}
	if n, _ := number(t["maxTimeoutSeconds"]); n <= 0 {
		return warn(name, "no maxTimeoutSeconds: buyers cannot tell how long their authorization must stay valid")
	}
	p, _ := termPrice(t)
	return pass(name, fmt.Sprintf("exact, %s, USDC, %s USD", baseNetwork, p))
}

func (in *sellerInput) walletChecks() []check {
	payTos := in.payTos()
	seller := in.seller
	if seller == "" && len(payTos) == 1 {
		c := checkSellerAddress(payTos[0])
		c.Check = "pay_to"
		return []check{c}
	}
	out := []check{checkSellerAddress(seller)}
	if seller == "" {
		return out
	}
	var other []string
	for _, p := range payTos {
		if !common.IsHexAddress(p) || common.HexToAddress(p) != common.HexToAddress(seller) {
			other = append(other, p)
		}
	}
	switch {
	case len(payTos) == 0:
		out = append(out, warn("pay_to_matches", "the pasted metadata states no payTo: publish the wallet buyers should see in the 402 terms"))
	case len(other) > 0:
		out = append(out, fail("pay_to_matches", "the metadata names a different payTo: "+listSome(other)))
	default:
		out = append(out, pass("pay_to_matches", "every payTo stated equals the seller address"))
	}
	return out
}

func (in *sellerInput) receiptChecks() []check {
	if in.openapi == nil {
		return nil
	}
	text := in.text.String()
	var out []check
	if mentionsAny(text, "PAYMENT-RESPONSE", "X-PAYMENT-RESPONSE") {
		out = append(out, pass("settlement_receipt", "the PAYMENT-RESPONSE settlement header is documented"))
	} else {
		out = append(out, warn("settlement_receipt", "document the PAYMENT-RESPONSE header: it is the buyer's receipt of settlement"))
	}
	failures := false
	for _, i := range in.paidOps() {
		for code := range asMap(in.opDocs[i]["responses"]) {
			failures = failures || strings.HasPrefix(code, "5")
		}
	}
	if failures || mentionsAny(text, "not charged") {
		out = append(out, pass("failure_terms", "failed calls are documented, so buyers can tell what they pay for"))
	} else {
		out = append(out, warn("failure_terms", "document the error answers and say that a failed call is not charged"))
	}
	return out
}

// described are the operations and skills, each with its description.
func (in *sellerInput) described() (names, descs []string) {
	for _, i := range in.paidOps() {
		names, descs = append(names, in.ops[i].Name), append(descs, in.ops[i].Description)
	}
	for _, s := range in.skills {
		names, descs = append(names, firstString(s["id"], s["name"])), append(descs, str(s["description"]))
	}
	return names, descs
}

func (in *sellerInput) descriptionChecks() []check {
	names, descs := in.described()
	var out []check
	if len(names) > 0 {
		var short []string
		for i, d := range descs {
			if len(strings.TrimSpace(d)) < minDescription {
				short = append(short, names[i])
			}
		}
		out = append(out, share("descriptions", short, len(names), "tools have a description agents can choose by",
			fmt.Sprintf("describe each tool in at least %d characters", minDescription), warn))
		var poisoned []string
		for i, d := range descs {
			lower := strings.ToLower(d)
			for _, p := range poisoningPhrases {
				if strings.Contains(lower, p) {
					poisoned = append(poisoned, names[i]+" ("+p+")")
					break
				}
			}
		}
		if len(poisoned) > 0 {
			out = append(out, fail("instructions_to_agents", "descriptions address the model, which agents treat as tool poisoning: "+listSome(poisoned)))
		}
	}
	var leaks []string
	for _, field := range slices.Sorted(maps.Keys(in.docs)) {
		for _, h := range scanSecrets(in.docs[field]) {
			leaks = append(leaks, field+strings.TrimPrefix(h.Path, "$")+" ("+h.Kind+")")
		}
	}
	sort.Strings(leaks)
	if len(leaks) > 0 {
		out = append(out, fail("no_secrets", "the metadata carries what look like live credentials: "+listSome(leaks)))
	} else {
		out = append(out, pass("no_secrets", "no credentials in the pasted metadata"))
	}
	return out
}

// approvalChecks: an agent's approval prompt quotes the description, so
// the description should state the price.
func (in *sellerInput) approvalChecks() []check {
	names, descs := in.described()
	if len(names) == 0 {
		return nil
	}
	var silent []string
	for i, d := range descs {
		if !mentionsAny(d, "USD", "USDC", "$") {
			silent = append(silent, names[i])
		}
	}
	return []check{share("price_in_description", silent, len(names), "descriptions state the price per call",
		"state the price per call in each description, for approval prompts", warn)}
}

func mentionsAny(text string, terms ...string) bool {
	lower := strings.ToLower(text)
	for _, t := range terms {
		if strings.Contains(lower, strings.ToLower(t)) {
			return true
		}
	}
	return false
}
