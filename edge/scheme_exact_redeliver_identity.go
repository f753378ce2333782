package edge

import (
	"strconv"
	"strings"
	"time"

	"github.com/coinslot/coinslot/config"
	"github.com/coinslot/coinslot/edge/ledger"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/coinslot/coinslot/registry"
)

// A payment is one (network, asset, payer, nonce): the ledger's pair is
// (payer, nonce), so a nonce offered on a second network or asset is
// refused (elsewhere) rather than settled twice, and a stranded settlement
// is sent again only as the authorization first sent (sentKey).
//
// A settled transferWithAuthorization carries every field of the buyer's
// signature in its calldata, so presenting the authorization proves
// nothing once it is on chain. A kept answer therefore goes again only to
// its payer: to the very authorization while its buyer's own retries are
// due (until the later of its validBefore and retryGrace after the
// settlement was confirmed), and after that only to a retry carrying the
// payment-identifier id the payment was sent with, which never goes on
// chain, or to the payer signed in with x (siwx.go).

// retryGrace is how long after its settlement a retry of the very
// authorization settled is its buyer's, when the authorization expires
// sooner: a buyer whose answer was lost retries within seconds.
const retryGrace = 2 * time.Minute

// sentKey identifies an exact payment as it is sent to be settled: the
// network and asset it pays on and the authorization as signed. Two
// payments with one key are one transfer on one chain.
func sentKey(t *x402.Terms, p *x402.Payment) string {
	a, signature := p.Signed()
	return digest([]byte(strings.ToLower(strings.Join([]string{
		t.Network.ID, t.Network.Asset.Hex(), a.From, a.To, a.Value, a.ValidAfter, a.ValidBefore, a.Nonce, signature}, "|"))))
}

// idKey is what the ledger keeps of a payment-identifier id: its digest,
// "" for none.
func idKey(id string) string {
	if id == "" {
		return ""
	}
	return digest([]byte(id))
}

// provenByID reports whether p carries the payment-identifier id the
// payment of r was sent with.
func provenByID(r *ledger.Receipt, p *x402.Payment) bool {
	id, _ := paymentID(p) // a malformed one was refused before
	return id != "" && r.IDKey == idKey(id)
}

// ownRetry reports whether p is the very authorization r settled, retried
// while its buyer's retries are due.
func (s *Server) ownRetry(r *ledger.Receipt, t *x402.Terms, p *x402.Payment) bool {
	if r.Sent == "" || r.Sent != sentKey(t, p) {
		return false
	}
	end := r.SettledAt.Add(retryGrace)
	a, _ := p.Signed()
	if vb, err := strconv.ParseInt(a.ValidBefore, 10, 64); err == nil && time.Unix(vb, 0).After(end) {
		end = time.Unix(vb, 0)
	}
	return s.now().Before(end)
}

// elsewhere refuses a payment whose nonce the ledger holds, pending or
// settled, on another network or asset than t's: it is the same payment
// offered twice, and is settled once, where it was first sent.
func elsewhere(t *x402.Terms, pm *ledger.Payment) *failure {
	r := pm.Receipt
	if (r.Network == "" || r.Network == t.Network.ID) && (r.Asset == "" || strings.EqualFold(r.Asset, t.Network.Asset.Hex())) {
		return nil
	}
	state := "settled"
	if pm.State == ledger.Settling {
		state = "pending"
	}
	return &failure{code: registry.CodePaymentConflict, message: "this payment's nonce is " + state + " on " + r.Network + " (asset " + r.Asset +
		"): a nonce pays once, on the network it was first sent for; retry the payment as signed for " + r.Network + ", or sign a new one with a new nonce"}
}

// payerUnproven refuses a kept answer to a caller who has not proved to be
// its payer, and tells the payer how to.
func payerUnproven(cfg *config.Config) *failure {
	how := "retry with the " + x402.PaymentIdentifier + " id the payment was sent with"
	if cfg.SIWx.Enabled {
		how += ", or sign in with x (a " + x402.HeaderSignInWithX + " header and no payment)"
	}
	return &failure{code: registry.CodePaymentConflict, message: "this payment was settled, and its answer goes again only to its payer: " +
		"the same authorization gets it until the later of its validBefore and " + strconv.Itoa(int(retryGrace/time.Minute)) +
		" minutes after its settlement; after that, " + how + "; or sign a new payment"}
}
