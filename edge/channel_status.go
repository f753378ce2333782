package edge

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/coinslot/coinslot/edge/ledger"
	"github.com/coinslot/coinslot/registry"
	"github.com/valyala/fasthttp"
)

// pathChannel serves a batch-settlement channel's account as the seller
// keeps it: GET /channel/{id}. It is where the receipts of voucher calls
// point, since those calls have no transaction of their own.
const pathChannel = "/channel/"

// channelStatus is what a buyer (or an SRE) reads of a channel. Amounts are
// atomic units.
type channelStatus struct {
	ChannelID           string          `json:"channel_id"`
	Config              json.RawMessage `json:"config"`
	ChargedCumulative   string          `json:"charged_cumulative_atomic"` // every served call's price, summed
	SignedMax           string          `json:"signed_max_atomic"`         // the latest voucher's ceiling
	Balance             string          `json:"balance_atomic"`            // on chain, as last read
	TotalClaimed        string          `json:"claimed_atomic"`            // claimed on chain by the seller
	WithdrawRequestedAt int64           `json:"withdraw_requested_at"`     // unix seconds, 0 for none
	RefundNonce         string          `json:"refund_nonce"`
	SyncedAt            time.Time       `json:"synced_at"` // when the on-chain fields were read
	// A refund being settled since then, during which no call is charged.
	Refunding time.Time `json:"refunding_since,omitzero"`
	// The claim the contract reverted, left out of claims until it is
	// charged again or retried.
	Quarantine *ledger.Quarantine `json:"quarantine,omitempty"`
}

func (s *Server) serveChannelStatus(ctx *fasthttp.RequestCtx, id string) {
	ctx.Response.Header.Set("Access-Control-Allow-Origin", "*")
	if !ctx.IsGet() && !ctx.IsHead() {
		ctx.Response.Header.Set("Allow", "GET")
		writeError(ctx, registry.CodeMethodNotAllowed, "a channel is read with GET", nil)
		return
	}
	if !noncePattern.MatchString(id) {
		writeError(ctx, registry.CodeNotFound, "no channel "+strconv.Quote(id)+": the path is "+pathChannel+"{id}, a 32-byte hex channel id", nil)
		return
	}
	c, err := s.pay.Ledger.Channel(context.Background(), id)
	if errors.Is(err, ledger.ErrNotFound) {
		writeError(ctx, registry.CodeNotFound, "no channel "+strings.ToLower(id)+" has paid this service", nil)
		return
	}
	if err != nil {
		s.internalReceipt(ctx, err)
		return
	}
	body, err := json.Marshal(channelStatus{ChannelID: c.ID, Config: c.Config, ChargedCumulative: c.Charged, SignedMax: c.SignedMax,
		Balance: c.Balance, TotalClaimed: c.TotalClaimed, WithdrawRequestedAt: c.WithdrawRequestedAt, RefundNonce: c.RefundNonce, SyncedAt: c.SyncedAt,
		Refunding: c.Refunding, Quarantine: c.Quarantine})
	if err != nil {
		s.internalReceipt(ctx, err)
		return
	}
	ctx.Response.Header.Set("Cache-Control", "no-store")
	writeJSON(ctx, fasthttp.StatusOK, body)
}
