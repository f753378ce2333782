package edge

import (
	"context"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"log/slog"
	"regexp"
	"strconv"
	"strings"

	"github.com/coinslot/coinslot/config"
	"github.com/coinslot/coinslot/edge/ledger"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/coinslot/coinslot/registry"
	"github.com/ethereum/go-ethereum/common"
	"github.com/valyala/fasthttp"
)

// ReceiptSchemaDoc is the svc.receipt.v1 document served at
// registry.PathReceiptSchema.
//
//go:embed receipt_schema.md
var ReceiptSchemaDoc []byte

// draftReceipt is a settlement's receipt before the facilitator names its
// transaction.
func (s *Server) draftReceipt(cfg *config.Config, o *offer, a *x402.Authorization, amount int64, requestSHA, responseSHA string) *ledger.Receipt {
	t := o.terms
	payer := common.HexToAddress(a.From).Hex()
	return &ledger.Receipt{
		Schema:         ledger.ReceiptSchema,
		ReceiptID:      receiptID(t.Network.ID, payer, a.Nonce),
		Network:        t.Network.ID,
		Asset:          t.Network.Asset.Hex(),
		Payer:          payer,
		PayTo:          t.PayTo.Hex(),
		AmountAtomic:   strconv.FormatInt(amount, 10),
		AmountUSD:      registry.FormatUSD(amount),
		Tool:           o.tool.Name,
		Endpoint:       t.Resource,
		RequestSHA256:  requestSHA,
		ResponseSHA256: responseSHA,
	}
}

// receiptID names a payment by what identifies it on chain, so the id is
// known before settlement and the same on every instance.
func receiptID(network, payer, nonce string) string {
	sum := sha256.Sum256([]byte(network + "|" + strings.ToLower(payer) + "|" + strings.ToLower(nonce)))
	return "rcpt_" + hex.EncodeToString(sum[:16])
}

var txHash = regexp.MustCompile(`^0x[0-9a-fA-F]{64}$`)

// serveReceipt answers /receipt/{tx} from the ledger.
func (s *Server) serveReceipt(ctx *fasthttp.RequestCtx, tx string) {
	ctx.Response.Header.Set("Access-Control-Allow-Origin", "*")
	if !ctx.IsGet() && !ctx.IsHead() {
		ctx.Response.Header.Set("Allow", "GET")
		writeError(ctx, registry.CodeMethodNotAllowed, "receipts are read with GET", nil)
		return
	}
	if !txHash.MatchString(tx) {
		writeError(ctx, registry.CodeNotFound, "no receipt for "+strconv.Quote(tx)+": a transaction is 0x and 64 hex digits", nil)
		return
	}
	r, err := s.pay.Ledger.Receipt(context.Background(), tx)
	switch {
	case errors.Is(err, ledger.ErrNotFound):
		writeError(ctx, registry.CodeNotFound, "no receipt for "+tx, nil)
		return
	case err != nil:
		s.internalReceipt(ctx, err)
		return
	}
	body, err := json.Marshal(r)
	if err != nil {
		s.internalReceipt(ctx, err)
		return
	}
	ctx.Response.Header.Set("Cache-Control", "public, max-age=3600") // a receipt never changes
	writeJSON(ctx, fasthttp.StatusOK, body)
}

func (s *Server) internalReceipt(ctx *fasthttp.RequestCtx, err error) {
	slog.Error("receipt: the ledger could not be read", "path", string(ctx.Path()), "err", err)
	writeError(ctx, registry.CodeInternal, "the ledger could not be read", nil)
}
