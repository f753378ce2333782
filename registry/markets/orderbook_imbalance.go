package markets

import (
	"context"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/tidy"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/polymarket"
)

func init() {
	family.Register(&registry.Tool{
		Name: "orderbook_imbalance", Path: "/paid/venueA/orderbook-imbalance", Price: "0.04",
		Description: "Order-book pressure on Polymarket outcome tokens: best bid and ask computed from the live book, spread, " +
			"microprice, size and dollar imbalance over the top 5 levels, and depth within 5 cents of the mid.",
		Params: []registry.Param{
			registry.Str("token_id").Len(1, 100).Describe("outcome token id"),
			registry.Str("condition_id").Len(1, 100).Describe("market condition id; both outcome books are read"),
			registry.Int("limit").Range(1, 50).WithDefault(10).Describe("top markets by 24h volume, used when token_id and condition_id are omitted"),
		},
		Example:  map[string]any{"limit": 5},
		Synonyms: []string{"order book depth", "buy pressure", "sell pressure", "bids and asks", "market microstructure", "liquidity walls"},
		Expected: "Envelope whose data is an array of order books with their market's question and outcome (null when its record cannot be read), microprice, imbalance = (bid size − ask size)/(bid size + ask size) and the same in dollars over the top 5 levels, a bid_heavy or ask_heavy signal only when both point that way by 0.2 or more (mixed when they point opposite ways, else balanced), and book_time in RFC 3339; the book is as the venue holds it at book_time, with no weight for a market's end date, an empty side gives null prices and imbalances of ±1 toward the side that has orders, and an empty book is balanced at 0; a token or market the venue holds no book for (closed, resolved or never traded) is not_found, and not charged, rather than an empty answer.",
		Shape:    registry.Envelope,
		Result:   []imbalanceRow(nil),
		Sources:  []string{polymarket.CLOB.Name, polymarket.Gamma.Name},
		Handler:  orderbookImbalance,
	})
}

type imbalanceRow struct {
	TokenID         string   `json:"token_id"`
	Market          string   `json:"market"`
	Question        *string  `json:"question"` // null when the token's market record cannot be read
	Outcome         *string  `json:"outcome"`
	BestBid         *float64 `json:"best_bid"`
	BestAsk         *float64 `json:"best_ask"`
	Spread          *float64 `json:"spread"`
	Mid             *float64 `json:"mid"`
	Microprice      *float64 `json:"microprice"`
	Imbalance       float64  `json:"imbalance"`
	DollarImbalance float64  `json:"dollar_imbalance"`
	BidDepth5c      float64  `json:"bid_depth_5c"`
	AskDepth5c      float64  `json:"ask_depth_5c"`
	Signal          string   `json:"signal"`
	BookTime        *string  `json:"book_time"` // RFC 3339; null when the venue sent no time
}

// tokenLabel says which market and outcome a token belongs to.
type tokenLabel struct{ question, outcome string }

const (
	topLevels   = 5
	depthWindow = 0.05
	heavy       = 0.2 // |imbalance| at which one side dominates
)

func orderbookImbalance(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	s := newSession(c)
	labels := map[string]tokenLabel{}
	var tokens []string
	switch {
	case c.Args.String("token_id") != "":
		tokens = []string{c.Args.String("token_id")}
	case c.Args.String("condition_id") != "":
		id := c.Args.String("condition_id")
		m, err := upstreams.Fetch(ctx, s.Session, polymarket.MarketByCondition(id), polymarket.DecodeClobMarket)
		if err != nil {
			return nil, upstreams.Missing(err, fmt.Sprintf("no venueA market with condition id %s", id))
		}
		for _, t := range m.Tokens {
			tokens = append(tokens, t.TokenID)
			labels[t.TokenID] = tokenLabel{m.Question, t.Outcome}
		}
	default:
		ms, err := marketsUpTo(ctx, s, polymarket.MarketQuery{Order: "volume24hr"}, c.Args.Int("limit"))
		if err != nil {
			return nil, err
		}
		for _, m := range ms {
			if len(m.ClobTokenIDs) > 0 && len(m.Outcomes) > 0 {
				tokens = append(tokens, m.ClobTokenIDs[0])
				labels[m.ClobTokenIDs[0]] = tokenLabel{m.Question, m.Outcomes[0]}
			}
		}
	}
	books, err := booksOf(ctx, s, tokens)
	if err != nil {
		return nil, err
	}
	if id := c.Args.String("condition_id"); id != "" && len(books) == 0 {
		return nil, upstreams.Errorf(polymarket.CLOB.Name, upstreams.NotFound, "venueA holds no order book for market %s (tokens %s): closed, resolved or never traded", id, strings.Join(tokens, ", "))
	}
	if id := c.Args.String("token_id"); id != "" {
		b, ok := books[id]
		if !ok {
			return nil, upstreams.Errorf(polymarket.CLOB.Name, upstreams.NotFound, "no order book for token %s", id)
		}
		labelToken(ctx, s, b, labels)
	}
	rows := []imbalanceRow{}
	for _, t := range tokens {
		if b, ok := books[t]; ok {
			rows = append(rows, imbalance(b, labels[t]))
		}
	}
	if c.Args.String("token_id") == "" && c.Args.String("condition_id") == "" {
		sort.SliceStable(rows, func(i, j int) bool { return math.Abs(rows[i].Imbalance) > math.Abs(rows[j].Imbalance) })
	}
	return s.result(rows, len(rows)), nil
}

// labelToken names a token's market and outcome from the market its book
// belongs to. The book is the answer and the names are beside it: a market
// record that cannot be read (delisted, or the venue failing) leaves them
// null rather than failing a book that was read.
func labelToken(ctx context.Context, s *session, b polymarket.Book, labels map[string]tokenLabel) {
	if b.Market == "" {
		return
	}
	m, err := upstreams.Fetch(ctx, s.Session, polymarket.MarketByCondition(b.Market), polymarket.DecodeClobMarket)
	if err != nil {
		return
	}
	for _, t := range m.Tokens {
		labels[t.TokenID] = tokenLabel{m.Question, t.Outcome}
	}
}

func imbalance(b polymarket.Book, label tokenLabel) imbalanceRow {
	row := imbalanceRow{TokenID: b.AssetID, Market: b.Market, Signal: "balanced", BookTime: bookTime(b.Timestamp)}
	if label != (tokenLabel{}) {
		row.Question, row.Outcome = &label.question, &label.outcome
	}
	bids, asks := sortedLevels(b.Bids, true), sortedLevels(b.Asks, false)
	var bidSz, askSz, bidUSD, askUSD float64
	for _, l := range bids[:min(len(bids), topLevels)] {
		bidSz += float64(l.Size)
		bidUSD += float64(l.Price * l.Size)
	}
	for _, l := range asks[:min(len(asks), topLevels)] {
		askSz += float64(l.Size)
		askUSD += float64(l.Price * l.Size)
	}
	if bidSz+askSz > 0 {
		row.Imbalance = tidy.Round((bidSz-askSz)/(bidSz+askSz), 4)
		row.DollarImbalance = tidy.Round((bidUSD-askUSD)/(bidUSD+askUSD), 4)
	}
	row.Signal = pressure(row.Imbalance, row.DollarImbalance)
	if len(bids) > 0 {
		row.BestBid = price(float64(bids[0].Price))
	}
	if len(asks) > 0 {
		row.BestAsk = price(float64(asks[0].Price))
	}
	if len(bids) == 0 || len(asks) == 0 {
		return row
	}
	bid, ask := float64(bids[0].Price), float64(asks[0].Price)
	bq, aq := float64(bids[0].Size), float64(asks[0].Size)
	mid := (bid + ask) / 2
	row.Spread, row.Mid = ptr(tidy.Round(ask-bid, 4)), ptr(tidy.Round(mid, 4))
	row.Microprice = ptr(tidy.Round((ask*bq+bid*aq)/(bq+aq), 4))
	for _, l := range bids {
		if mid-float64(l.Price) <= depthWindow+1e-9 {
			row.BidDepth5c += float64(l.Size)
		}
	}
	for _, l := range asks {
		if float64(l.Price)-mid <= depthWindow+1e-9 {
			row.AskDepth5c += float64(l.Size)
		}
	}
	row.BidDepth5c, row.AskDepth5c = tidy.Round(row.BidDepth5c, 2), tidy.Round(row.AskDepth5c, 2)
	return row
}

// pressure names the side that dominates the book: the one both the share
// and the dollar imbalance favour by heavy or more. Many cheap bids against
// few dear asks favour the bids in shares and the asks in dollars; that
// book is mixed, not bid-heavy.
func pressure(shares, dollars float64) string {
	switch {
	case shares >= heavy && dollars >= heavy:
		return "bid_heavy"
	case shares <= -heavy && dollars <= -heavy:
		return "ask_heavy"
	case shares >= heavy && dollars <= -heavy, shares <= -heavy && dollars >= heavy:
		return "mixed"
	}
	return "balanced"
}

// bookTime is the venue's epoch-millisecond book time in RFC 3339, UTC.
func bookTime(ms string) *string {
	n, err := strconv.ParseInt(ms, 10, 64)
	if err != nil || n <= 0 {
		return nil
	}
	return ptr(time.UnixMilli(n).UTC().Format(time.RFC3339))
}

// sortedLevels orders levels best first: bids high to low, asks low to high.
func sortedLevels(levels []polymarket.Level, bids bool) []polymarket.Level {
	out := make([]polymarket.Level, 0, len(levels))
	for _, l := range levels {
		if l.Size > 0 {
			out = append(out, l)
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if bids {
			return out[i].Price > out[j].Price
		}
		return out[i].Price < out[j].Price
	})
	return out
}
