package edge

import (
	"context"
	"encoding/json"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/coinslot/coinslot/config"
	"github.com/coinslot/coinslot/edge/ledger"
	"github.com/coinslot/coinslot/registry"
	"github.com/valyala/fasthttp"
)

// pathPayment serves the status of one payment: GET /payment/{payer}/{nonce}.
const pathPayment = "/payment/"

var (
	payerPattern = regexp.MustCompile(`^0x[0-9a-fA-F]{40}$`)
	noncePattern = regexp.MustCompile(`^0x[0-9a-fA-F]{64}$`)
)

// paymentStatus is the status document of a payment.
type paymentStatus struct {
	Payer   string          `json:"payer"`
	Nonce   string          `json:"nonce"`
	State   string          `json:"state"` // in_progress, pending or settled
	Message string          `json:"message"`
	Receipt *ledger.Receipt `json:"receipt,omitempty"` // settled
}

// The states of the status document, for a buyer: what to do next.
var statusOf = map[ledger.State]struct{ state, message string }{
	ledger.Reserved: {"in_progress", "a call with this payment is running; its answer comes with it"},
	ledger.Settling: {"pending", "the settlement is not confirmed yet; retry the call with the same payment in a few seconds"},
	ledger.Settled: {"settled", "paid; the payer's retry of the same call gets its answer again while it is kept: with the same payment until the later of its validBefore and " +
		strconv.Itoa(int(retryGrace/time.Minute)) + " minutes after settlement, then with its payment-identifier id or signed in with x"},
}

// servePaymentStatus answers /payment/{payer}/{nonce} from the ledger.
func (s *Server) servePaymentStatus(ctx *fasthttp.RequestCtx, rest string) {
	ctx.Response.Header.Set("Access-Control-Allow-Origin", "*")
	if !ctx.IsGet() && !ctx.IsHead() {
		ctx.Response.Header.Set("Allow", "GET")
		writeError(ctx, registry.CodeMethodNotAllowed, "payment status is read with GET", nil)
		return
	}
	payer, nonce, _ := strings.Cut(rest, "/")
	if !payerPattern.MatchString(payer) || !noncePattern.MatchString(nonce) {
		writeError(ctx, registry.CodeNotFound, "no payment "+strconv.Quote(rest)+": the path is "+pathPayment+"{payer}/{nonce}, an address and a 32-byte hex nonce", nil)
		return
	}
	pm, err := s.pay.Ledger.Payment(context.Background(), payer, nonce)
	if err != nil {
		s.internalReceipt(ctx, err)
		return
	}
	if pm.State == ledger.Free {
		// The ledger keeps nothing of a released pair: never used and
		// released read the same, and both charged nothing.
		writeError(ctx, registry.CodeNotFound, "no call holds or settled this payment, so nothing was charged for it: use it while it is valid, or sign a new one", nil)
		return
	}
	st := statusOf[pm.State]
	doc := paymentStatus{Payer: strings.ToLower(payer), Nonce: strings.ToLower(nonce), State: st.state, Message: st.message}
	if pm.State == ledger.Settled {
		doc.Receipt = pm.Receipt
	}
	body, err := json.Marshal(doc)
	if err != nil {
		s.internalReceipt(ctx, err)
		return
	}
	ctx.Response.Header.Set("Cache-Control", "no-store")
	writeJSON(ctx, fasthttp.StatusOK, body)
}

// pendingRetryAfter is the Retry-After of a settlement_pending answer: the
// reconciler looks a pending payment up within seconds.
const pendingRetryAfter = 5 * time.Second

// settlementPending is the answer when a settlement's outcome is unknown. It
// is not a 402, which would invite a second signature: the buyer retries
// with the same payment, and gets the answer once the settlement is
// confirmed, or learns that nothing was charged.
func settlementPending(cfg *config.Config, payer, nonce, why string) *failure {
	return &failure{code: registry.CodeSettlementPending, retryAfter: pendingRetryAfter,
		message: why + "; the answer is kept for this payment: retry with the same payment, and do not sign a new one " +
			"(its status: " + paymentStatusURL(cfg, payer, nonce) + ")"}
}

// paymentStatusURL is where the status of (payer, nonce) is served.
func paymentStatusURL(cfg *config.Config, payer, nonce string) string {
	return cfg.BaseURL + pathPayment + strings.ToLower(payer) + "/" + strings.ToLower(nonce)
}
