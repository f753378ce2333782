package polymarket

import (
	"bytes"
	"net/url"
	"strconv"

	"github.com/coinslot/coinslot/upstreams"
)

// Leader is one row of the Data API leaderboard.
type Leader struct {
	Rank          Text   `json:"rank"`
	ProxyWallet   string `json:"proxyWallet,required"`
	UserName      Text   `json:"userName"`
	Vol           Num    `json:"vol"`
	Pnl           Num    `json:"pnl"`
	VerifiedBadge bool   `json:"verifiedBadge"`
}

// Trade is one fill from the Data API, newest first.
type Trade struct {
	ProxyWallet     string `json:"proxyWallet,required"`
	Side            string `json:"side"` // BUY or SELL
	Asset           string `json:"asset,required"`
	ConditionID     string `json:"conditionId,required"`
	Size            Num    `json:"size"`
	Price           Num    `json:"price"`
	Timestamp       int64  `json:"timestamp"` // unix seconds
	Title           string `json:"title"`
	Slug            string `json:"slug"`
	EventSlug       string `json:"eventSlug"`
	Outcome         string `json:"outcome"`
	OutcomeIndex    int    `json:"outcomeIndex"`
	TransactionHash string `json:"transactionHash"`
}

// Leaderboard periods accepted by /v1/leaderboard.
const (
	Week  = "WEEK"
	Month = "MONTH"
	All   = "ALL"
)

// Leaderboard asks for the top wallets by PnL over a period.
func Leaderboard(period string, limit int) *upstreams.Request {
	v := url.Values{}
	v.Set("category", "OVERALL")
	v.Set("timePeriod", period)
	v.Set("orderBy", "PNL")
	v.Set("limit", strconv.Itoa(limit))
	return &upstreams.Request{Source: Data.Name, URL: Data.BaseURL + "/v1/leaderboard?" + v.Encode()}
}

// TradesOf asks for a wallet's most recent trades.
func TradesOf(wallet string, limit int) *upstreams.Request {
	v := url.Values{}
	v.Set("user", wallet)
	v.Set("limit", strconv.Itoa(limit))
	v.Set("takerOnly", "false")
	return &upstreams.Request{Source: Data.Name, URL: Data.BaseURL + "/trades?" + v.Encode()}
}

// DecodeLeaderboard decodes /v1/leaderboard.
func DecodeLeaderboard(body []byte) ([]Leader, error) { return decode[[]Leader](Data.Name, body) }

// DecodeTrades decodes /trades, which is a bare array or, in some
// deployments, {"data": [...], "next_cursor": ...}.
func DecodeTrades(body []byte) ([]Trade, error) {
	if b := bytes.TrimSpace(body); len(b) > 0 && b[0] == '{' {
		var wrapped struct {
			Data []Trade `json:"data,required"`
		}
		err := upstreams.DecodeJSON(Data.Name, b, &wrapped)
		return wrapped.Data, err
	}
	return decode[[]Trade](Data.Name, body)
}
