package ledger

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

func (p *Postgres) Answered(ctx context.Context, payer, tool, requestKey string) (*Payment, error) {
	if requestKey == "" {
		return nil, ErrNotFound
	}
	payer, _ = pair(payer, "")
	var nonce string
	err := p.pool.QueryRow(ctx, `
		SELECT n.nonce FROM nonces n JOIN answers a ON a.payer = n.payer AND a.nonce = n.nonce
		WHERE n.payer = $1 AND n.tool = $2 AND n.request_key = $3 AND n.state = 'settled' AND a.stored_at >= $4
		ORDER BY a.stored_at DESC LIMIT 1`,
		payer, tool, requestKey, p.stamp().Add(-p.retention)).Scan(&nonce)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("ledger: answered: %w", err)
	}
	pm, err := p.Payment(ctx, payer, nonce)
	if err != nil {
		return nil, err
	}
	if pm.State != Settled || pm.Answer == nil {
		return nil, ErrNotFound
	}
	return pm, nil
}

func (p *Postgres) SignInKey(ctx context.Context) ([]byte, error) {
	fresh := make([]byte, 32)
	rand.Read(fresh)
	// Two instances may make one at once: the second reads the first's.
	for range 2 {
		var key []byte
		err := p.pool.QueryRow(ctx, `
			WITH made AS (INSERT INTO siwx_key (key) VALUES ($1) ON CONFLICT DO NOTHING RETURNING key)
			SELECT key FROM made UNION ALL SELECT key FROM siwx_key LIMIT 1`, fresh).Scan(&key)
		if err == nil {
			return key, nil
		}
		if !errors.Is(err, pgx.ErrNoRows) {
			return nil, fmt.Errorf("ledger: sign-in key: %w", err)
		}
	}
	return nil, errors.New("ledger: sign-in key: neither made nor found")
}

// challengeSweep is how many expired nonces each spent one removes at most:
// more than one, so the table shrinks back after a burst of sign-ins.
const challengeSweep = 4

func (p *Postgres) SpendChallenge(ctx context.Context, nonce string, expires time.Time) (bool, error) {
	var spent bool
	err := p.pool.QueryRow(ctx, `
		WITH expired AS (
			DELETE FROM siwx_nonces WHERE nonce IN (
				SELECT nonce FROM siwx_nonces WHERE expires <= $3 ORDER BY expires LIMIT $4 FOR UPDATE SKIP LOCKED))
		INSERT INTO siwx_nonces (nonce, expires) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING true`,
		nonce, expires.UTC(), p.stamp(), challengeSweep).Scan(&spent)
	if errors.Is(err, pgx.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("ledger: spend challenge: %w", err)
	}
	return spent, nil
}

func (p *Postgres) ChannelAnswered(ctx context.Context, payer, tool, requestKey string) (*Channel, error) {
	if requestKey == "" {
		return nil, ErrNotFound
	}
	var doc []byte
	var version int64
	payer, _ = pair(payer, "")
	err := p.pool.QueryRow(ctx, `
		SELECT doc, version FROM channels
		WHERE lower(doc->'config'->>'payer') = $1 AND doc->>'tool' = $2 AND doc->>'request' = $3 AND doc->'answer' IS NOT NULL
		ORDER BY id LIMIT 1`, payer, tool, requestKey).Scan(&doc, &version)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("ledger: channel answered: %w", err)
	}
	return channelFrom(doc, version)
}
