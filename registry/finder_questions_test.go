package registry_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// questions are what agents ask for, in their words, not the catalog's;
// each with the tools that answer it. The finder must put one of them in
// its first three for nine questions in ten.
var questions = []struct {
	q     string
	tools []string
}{
	{"lawsuits against a company", []string{"court_opinions", "court_docket"}},
	{"prompt injection check", []string{"agent_trifecta_score", "mcp_safety_brief", "agent_threat_intel"}},
	{"federal reserve interest rates", []string{"fred_series"}},
	{"polymarket whales", []string{"smart_money"}},
	{"is this npm package safe", []string{"mcp_supply_chain_iocs"}},
	{"who are the best traders on polymarket", []string{"smart_money"}},
	{"what are people betting on right now", []string{"trending_markets"}},
	{"odds of the election", []string{"odds_feed"}},
	{"same market cheaper on kalshi than polymarket", []string{"cross_platform_arb_scan"}},
	{"risk free profit on prediction markets", []string{"rebalance_arb_scan", "combinatorial_arb", "cross_platform_arb_scan"}},
	{"who won the market that closed yesterday", []string{"resolution_history"}},
	{"buy and sell pressure on a market", []string{"orderbook_imbalance"}},
	{"near certain bets with good yield", []string{"venueA_market_scan"}},
	{"which markets are heating up", []string{"volume_analytics"}},
	{"kalshi event contracts", []string{"venueB_markets"}},
	{"is this mcp server safe to connect", []string{"mcp_safety_brief"}},
	{"guardrails for my agent's tool calls", []string{"agent_security_policies"}},
	{"owasp risks for ai agents", []string{"agent_threat_intel"}},
	{"known vulnerabilities in openssl", []string{"cve_search"}},
	{"mx records of a domain", []string{"dns_records_lookup"}},
	{"who is behind this company legally", []string{"company_registry"}},
	{"malware in pypi dependencies", []string{"mcp_supply_chain_iocs"}},
	{"where is this ip address", []string{"ip_geolocation"}},
	{"flight delays at jfk", []string{"airport_status"}},
	{"military planes near an airport", []string{"flight_intel"}},
	{"earthquake today", []string{"quake_feed"}},
	{"is the yield curve inverted", []string{"fred_surprises", "fred_series"}},
	{"risk of war escalation in a region", []string{"geo_intervention_pulse"}},
	{"shipping disruption in the suez canal", []string{"supply_chain_stress"}},
	{"treasury cash balance today", []string{"treasury_dts"}},
	{"cheapest llm per token", []string{"llm_router_models"}},
	{"what's going viral on hacker news", []string{"attention_momentum", "news_frontpage"}},
	{"new github repos getting lots of stars", []string{"code_host_trending"}},
	{"bitcoin transaction fee right now", []string{"btc_mempool_fees"}},
	{"how much btc is in this wallet", []string{"btc_address_balance"}},
	{"ethereum price", []string{"crypto_price_simple"}},
	{"ceo sold shares", []string{"insider_trades", "insider_cluster_brief"}},
	{"executives buying their own stock", []string{"insider_cluster_brief", "insider_trades"}},
	{"apple annual report 10-k", []string{"edgar_filings"}},
	{"inflation rate", []string{"fred_series", "economic_indicators"}},
	{"gdp of brazil", []string{"economic_indicators"}},
	{"price of a memecoin on uniswap", []string{"token_stock_quote"}},
	{"government contracts won by a company", []string{"federal_contracts", "federal_spending", "gov_contract_fit_brief"}},
	{"grants for a small research lab", []string{"federal_grants"}},
	{"how much does the us owe", []string{"national_debt"}},
	{"charity finances form 990", []string{"nonprofit_filings"}},
	{"which city is zip code 94105", []string{"postal_code_lookup"}},
	{"who lobbies congress for tobacco", []string{"lobbying_records"}},
	{"is this brand name already trademarked", []string{"trademarks_search"}},
	{"prior art for my invention", []string{"patents_search"}},
	{"background on a federal judge", []string{"judges_search"}},
	{"rules open for public comment", []string{"regulations_search", "federal_register"}},
	{"papers that cite this study", []string{"citation_graph"}},
	{"recruiting drug trials for diabetes", []string{"clinical_trials"}},
	{"medical research on long covid", []string{"search_pubmed"}},
	{"latest machine learning preprints", []string{"search_arxiv"}},
	{"find a book by isbn", []string{"isbn_book_lookup"}},
	{"side effects of ozempic", []string{"adverse_events", "drug_labels"}},
	{"dosage and warnings for ibuprofen", []string{"drug_labels"}},
	{"salmonella outbreak in lettuce", []string{"food_safety"}},
	{"has this peanut butter brand been recalled", []string{"food_recall_check"}},
	{"is my car recalled", []string{"vehicle_recalls"}},
	{"recalled baby toys", []string{"product_recalls"}},
	{"bird flu outbreak", []string{"disease_outbreaks"}},
	{"is the air safe to breathe today", []string{"air_quality_index"}},
	{"can i see the northern lights tonight", []string{"aurora_forecast"}},
	{"geomagnetic storm kp index", []string{"space_weather_kp", "space_weather"}},
	{"when is high tide", []string{"tide_data"}},
	{"surf report wave height", []string{"marine_conditions"}},
	{"tornado warning in oklahoma", []string{"weather_alerts"}},
	{"will it rain tomorrow in denver", []string{"weather_forecast_grid"}},
	{"current temperature in tokyo", []string{"weather_current_global"}},
	{"forest fires in california", []string{"wildfires"}},
	{"river flooding levels", []string{"water_levels"}},
	{"what are people saying on reddit", []string{"forum_search"}},
	{"is this github project still maintained", []string{"code_host_repo_intel"}},
	{"convert dollars to euros", []string{"currency_rates"}},
	{"what time is it in sydney", []string{"timezone_current"}},
	{"working days until a deadline", []string{"business_days"}},
	{"best cfg settings for a video model", []string{"model_settings_lookup"}},
	{"what does the community think of sora", []string{"gen_video_intel"}},
	{"am i allowed to crawl this website", []string{"check_agent_policy"}},
	{"what is this website built with", []string{"detect_stack"}},
	{"email addresses on a web page", []string{"extract_contacts"}},
	{"read the text of a web page", []string{"scrape"}},
	{"company info from a domain", []string{"enrich_lead", "score_lead"}},
	{"validate my agent card", []string{"validate_agent_manifest"}},
	{"find a paid api that does translation", []string{"find_agent_resource"}},
	{"should i approve this payment", []string{"mcp_approval_pack"}},
	{"how does my api rank in the x402 bazaar", []string{"x402_rank_audit", "x402_market_radar"}},
}

func TestFinderAnswersUsersQuestions(t *testing.T) {
	docs := catalogDocuments(t)
	hits := 0
	for _, c := range questions {
		b, err := docs.Find(c.q)
		if err != nil {
			t.Fatal(err)
		}
		var res struct {
			Matches []struct {
				Name string `json:"name"`
			} `json:"matches"`
		}
		if err := json.Unmarshal(b, &res); err != nil {
			t.Fatal(err)
		}
		var top []string
		for _, m := range res.Matches[:min(3, len(res.Matches))] {
			top = append(top, m.Name)
		}
		if slices.ContainsFunc(top, func(n string) bool { return slices.Contains(c.tools, n) }) {
			hits++
		} else {
			t.Logf("miss: %q → %s (want %s)", c.q, strings.Join(top, ", "), strings.Join(c.tools, " or "))
		}
	}
	rate := float64(hits) / float64(len(questions))
	t.Logf("%d of %d questions (%.0f%%) have a right tool in the top 3", hits, len(questions), 100*rate)
	if len(questions) < 60 || rate < 0.9 {
		t.Errorf("%d of %d questions answered in the top 3; want at least 60 questions and 90%%", hits, len(questions))
	}
}
