package ledger

import (
	"context"
	"fmt"
	"strings"
	"time"
)

// PayerPayments orders by the receipt's settlement time, as the file does;
// the bound on since uses nonces_payer_recent, since a pair is recorded
// settled after its settlement: only the payer's recent pairs are read.
func (p *Postgres) PayerPayments(ctx context.Context, payer string, since time.Time, limit int) ([]PayerPayment, error) {
	payer, _ = pair(payer, "")
	// The receipts' columns are named as their JSON members, so a row
	// reads back as a Receipt.
	rows, err := p.pool.Query(ctx, `
		SELECT n.nonce, n.state, n.since, n.valid_before, n.request_key,
			CASE WHEN n.state = 'settled' THEN to_jsonb(r) ELSE n.pending END
		FROM nonces n LEFT JOIN receipts r ON n.state = 'settled' AND r.tx = n.tx
		WHERE n.payer = $1 AND n.state IN ('settling', 'settled') AND n.since >= $2
			AND coalesce(r.settled_at, n.since) >= $2
		ORDER BY coalesce(r.settled_at, n.since) DESC, n.nonce LIMIT $3`,
		payer, since.UTC(), limit)
	if err != nil {
		return nil, fmt.Errorf("ledger: payer payments: %w", err)
	}
	defer rows.Close()
	var out []PayerPayment
	for rows.Next() {
		var (
			pp          PayerPayment
			validBefore int64
			requestKey  string
			r           *Receipt
		)
		if err := rows.Scan(&pp.Nonce, &pp.State, &pp.Since, &validBefore, &requestKey, &r); err != nil {
			return nil, fmt.Errorf("ledger: payer payments: %w", err)
		}
		if r == nil {
			return nil, fmt.Errorf("ledger: payer payments: pair %s/%s has no receipt", payer, pp.Nonce)
		}
		pp.Receipt, pp.Since = *r, pp.Since.UTC()
		switch pp.State {
		case Settled:
			pp.Receipt.SettledAt = r.SettledAt.UTC()
			pp.Since = pp.Receipt.SettledAt
		case Settling:
			pp.Receipt.ValidBefore = fromExpiry(validBefore)
		}
		pp.Receipt.RequestKey = requestKey
		out = append(out, pp)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("ledger: payer payments: %w", err)
	}
	return out, nil
}

func (p *Postgres) PayerChannels(ctx context.Context, payer string, limit int) ([]Channel, error) {
	rows, err := p.pool.Query(ctx, `
		SELECT doc, version FROM channels
		WHERE payer = $1 OR payer IS NULL AND lower(doc->'config'->>'payer') = $1 ORDER BY id LIMIT $2`,
		strings.ToLower(payer), limit)
	if err != nil {
		return nil, fmt.Errorf("ledger: payer channels: %w", err)
	}
	defer rows.Close()
	var out []Channel
	for rows.Next() {
		var doc []byte
		var version int64
		if err := rows.Scan(&doc, &version); err != nil {
			return nil, fmt.Errorf("ledger: payer channels: %w", err)
		}
		c, err := channelFrom(doc, version)
		if err != nil {
			return nil, err
		}
		out = append(out, *c)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("ledger: payer channels: %w", err)
	}
	return out, nil
}
