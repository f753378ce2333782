package facilitator

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"time"

	"github.com/coinslot/coinslot/edge/x402"
	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/accounts/abi/bind/v2"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
)

// authorizationKey names one EIP-3009 authorization: the token spends each
// (from, nonce) pair once.
type authorizationKey struct {
	from  common.Address
	nonce [32]byte
}

// settleEIP3009 verifies an exact EIP-3009 payment again, sends
// transferWithAuthorization from the gas key and waits for its receipt.
func (f *Facilitator) settleEIP3009(ctx context.Context, p *x402.Payload, r *x402.Requirements) (*x402.SettleResponse, error) {
	if p != nil {
		if t, err := decodeTransfer(&p.Payload.Exact().Authorization); err == nil {
			key := authorizationKey{t.from, t.nonce}
			if _, busy := f.settling.LoadOrStore(key, struct{}{}); busy {
				return f.failed(p, "", refuse(ReasonNonceUsed, "authorization %x of %s is being settled", t.nonce, t.from.Hex())), nil
			}
			defer f.settling.Delete(key)
		}
	}
	t, refusal, err := f.check(ctx, p, r)
	if err != nil {
		return nil, err
	}
	if refusal != nil {
		return f.failed(p, "", refusal), nil
	}
	tx, err := f.send(ctx, f.token, f.packTransfer(t))
	if err != nil {
		return f.failed(p, "", refuse(ReasonSendFailed, "sending transferWithAuthorization: %v", err)), nil
	}
	hash := tx.Hash()
	receipt, err := f.receipt(ctx, hash)
	if err != nil {
		return f.failed(p, hash.Hex(), refuse(ReasonNoReceipt, "%v", err)), nil
	}
	if receipt.Status != types.ReceiptStatusSuccessful {
		return f.failed(p, hash.Hex(), refuse(ReasonTransactionFailed, "transaction %s reverted in block %s", hash.Hex(), receipt.BlockNumber)), nil
	}
	return &x402.SettleResponse{Success: true, Payer: t.from.Hex(), Transaction: hash.Hex(), Network: f.network.ID}, nil
}

func (f *Facilitator) failed(p *x402.Payload, tx string, refusal *x402.Refusal) *x402.SettleResponse {
	return &x402.SettleResponse{
		ErrorReason: refusal.Reason, ErrorMessage: refusal.Message,
		Payer: claimedPayer(p), Transaction: tx, Network: f.network.ID,
	}
}

// send signs and sends a call to contract. Account nonces are handed out
// here, one at a time, so concurrent settlements never share one; after a
// failed send the next one reads the nonce from the chain again.
func (f *Facilitator) send(ctx context.Context, contract *bind.BoundContract, data []byte) (*types.Transaction, error) {
	f.sendMu.Lock()
	defer f.sendMu.Unlock()
	if f.nextNonce == nil {
		n, err := f.backend.PendingNonceAt(ctx, f.gas.From)
		if err != nil {
			return nil, fmt.Errorf("reading the gas key's nonce: %w", err)
		}
		f.nextNonce = &n
	}
	opts := *f.gas
	opts.Context = ctx
	opts.Nonce = new(big.Int).SetUint64(*f.nextNonce)
	tx, err := bind.Transact(contract, &opts, data)
	if err != nil {
		f.nextNonce = nil
		return nil, err
	}
	*f.nextNonce++
	return tx, nil
}

// receipt waits for the transaction's receipt, at most SettleTimeout,
// producing a block first when the chain only moves on demand.
func (f *Facilitator) receipt(ctx context.Context, hash common.Hash) (*types.Receipt, error) {
	ctx, cancel := context.WithTimeout(ctx, f.settleTimeout)
	defer cancel()
	if f.chain != nil {
		if err := f.chain.Mine(ctx, hash); err != nil {
			return nil, fmt.Errorf("mining %s: %w", hash.Hex(), err)
		}
	}
	// A failed read is retried like a missing receipt: the transaction is
	// out, and only the deadline may give up on it.
	var lastErr error = ethereum.NotFound
	for {
		receipt, err := f.backend.TransactionReceipt(ctx, hash)
		if err == nil {
			return receipt, nil
		}
		if !errors.Is(err, ethereum.NotFound) && ctx.Err() == nil {
			lastErr = err
		}
		select {
		case <-ctx.Done():
			return nil, fmt.Errorf("no receipt for %s within %s: %v", hash.Hex(), f.settleTimeout, lastErr)
		case <-time.After(f.pollInterval):
		}
	}
}
