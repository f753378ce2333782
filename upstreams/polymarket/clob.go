package polymarket

import (
	"encoding/json"
	"net/url"

	"github.com/coinslot/coinslot/upstreams"
)

// Book is a CLOB order book of one outcome token. Level order is not
// reliable (live books list the best level last), so use BestBid/BestAsk.
type Book struct {
	Market         string  `json:"market"`
	AssetID        string  `json:"asset_id,required"`
	Timestamp      string  `json:"timestamp"` // epoch milliseconds
	Bids           []Level `json:"bids,required"`
	Asks           []Level `json:"asks,required"`
	TickSize       Num     `json:"tick_size"`
	MinOrderSize   Num     `json:"min_order_size"`
	NegRisk        bool    `json:"neg_risk"`
	LastTradePrice Num     `json:"last_trade_price"`
}

// Level is one price level.
type Level struct {
	Price Num `json:"price"`
	Size  Num `json:"size"`
}

// BestBid is the highest bid, if any.
func (b Book) BestBid() (Level, bool) {
	return best(b.Bids, func(p, q Num) bool { return p > q })
}

// BestAsk is the lowest ask, if any.
func (b Book) BestAsk() (Level, bool) {
	return best(b.Asks, func(p, q Num) bool { return p < q })
}

func best(levels []Level, better func(p, q Num) bool) (Level, bool) {
	var top Level
	found := false
	for _, l := range levels {
		if l.Size <= 0 {
			continue
		}
		if !found || better(l.Price, top.Price) {
			top, found = l, true
		}
	}
	return top, found
}

// ClobMarket is a CLOB market with its outcome tokens.
type ClobMarket struct {
	ConditionID string  `json:"condition_id,required"`
	Question    string  `json:"question"`
	MarketSlug  string  `json:"market_slug"`
	Tokens      []Token `json:"tokens,required"`
	NegRisk     bool    `json:"neg_risk"`
	Active      bool    `json:"active"`
	Closed      bool    `json:"closed"`
}

// Token is one outcome token of a CLOB market.
type Token struct {
	TokenID string `json:"token_id"`
	Outcome string `json:"outcome"`
	Price   Num    `json:"price"`
	Winner  bool   `json:"winner"`
}

// MaxBooksBatch is how many token ids one /books request carries.
const MaxBooksBatch = 100

// Books asks for the order books of up to MaxBooksBatch tokens at once.
func Books(tokenIDs []string) *upstreams.Request {
	type item struct {
		TokenID string `json:"token_id"`
	}
	items := make([]item, len(tokenIDs))
	for i, id := range tokenIDs {
		items[i] = item{id}
	}
	body, _ := json.Marshal(items) // a slice of plain structs always marshals
	return &upstreams.Request{Source: CLOB.Name, Method: "POST", URL: CLOB.BaseURL + "/books",
		Header: map[string][]string{"Content-Type": {"application/json"}}, Body: body}
}

// MarketByCondition asks for a CLOB market by condition id.
func MarketByCondition(conditionID string) *upstreams.Request {
	return &upstreams.Request{Source: CLOB.Name, URL: CLOB.BaseURL + "/markets/" + url.PathEscape(conditionID)}
}

// DecodeBooks decodes /books.
func DecodeBooks(body []byte) ([]Book, error) { return decode[[]Book](CLOB.Name, body) }

// DecodeClobMarket decodes /markets/{condition_id}.
func DecodeClobMarket(body []byte) (ClobMarket, error) { return decode[ClobMarket](CLOB.Name, body) }
