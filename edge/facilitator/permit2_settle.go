package facilitator

import (
	"context"

	"github.com/coinslot/coinslot/edge/x402"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
)

// permit2Key names one Permit2 signature: Permit2 spends each (owner,
// nonce) pair once.
type permit2Key struct {
	from  common.Address
	nonce [32]byte
}

// settlePermit2 verifies a Permit2 payment again and calls its proxy from
// the gas key, with the buyer's sponsored permit first when it carries one.
// An upto payment settles what its requirements say it cost; nothing, when
// that is 0, with no transaction.
func (f *Facilitator) settlePermit2(ctx context.Context, p *x402.Payload, r *x402.Requirements) (*x402.SettleResponse, error) {
	if p != nil && p.Payload.Permit2() != nil {
		if m, err := x402.ParsePermit2(p.Accepted.Scheme, p.Payload.Permit2()); err == nil {
			key := permit2Key{m.From, [32]byte(m.Nonce.FillBytes(make([]byte, 32)))}
			if _, busy := f.settling.LoadOrStore(key, struct{}{}); busy {
				return f.permit2Failed(p, "", refuse(ReasonPermit2NonceUsed, "Permit2 nonce %s of %s is being settled", m.Nonce, m.From.Hex())), nil
			}
			defer f.settling.Delete(key)
		}
	}
	t, refusal, err := f.checkPermit2(ctx, p, r, true)
	if err != nil {
		return nil, err
	}
	if refusal != nil {
		return f.permit2Failed(p, "", refusal), nil
	}
	settled := &x402.SettleResponse{Success: true, Payer: t.From.Hex(), Network: f.network.ID}
	if t.Upto {
		settled.Amount = t.amount.String()
		if t.amount.Sign() == 0 {
			return settled, nil
		}
	}
	proxy := exactProxy.Instance(f.backend, t.Proxy())
	if t.Upto {
		proxy = uptoProxy.Instance(f.backend, t.Proxy())
	}
	tx, err := f.send(ctx, proxy, t.pack())
	if err != nil {
		return f.permit2Failed(p, "", refuse(ReasonSendFailed, "sending the Permit2 settlement: %v", err)), nil
	}
	hash := tx.Hash()
	receipt, err := f.receipt(ctx, hash)
	if err != nil {
		return f.permit2Failed(p, hash.Hex(), refuse(ReasonNoReceipt, "%v", err)), nil
	}
	if receipt.Status != types.ReceiptStatusSuccessful {
		return f.permit2Failed(p, hash.Hex(), refuse(ReasonTransactionFailed, "transaction %s reverted in block %s", hash.Hex(), receipt.BlockNumber)), nil
	}
	settled.Transaction = hash.Hex()
	return settled, nil
}

func (f *Facilitator) permit2Failed(p *x402.Payload, tx string, refusal *x402.Refusal) *x402.SettleResponse {
	return &x402.SettleResponse{
		ErrorReason: refusal.Reason, ErrorMessage: refusal.Message,
		Payer: permit2Payer(p), Transaction: tx, Network: f.network.ID,
	}
}
