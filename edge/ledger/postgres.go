package ledger

import (
	"context"
	_ "embed"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Postgres is the shared ledger: several instances behind one load balancer
// use one database. Times come from each instance's clock, so instances must
// keep NTP time (the hold has minutes of margin).
type Postgres struct {
	pool *pgxpool.Pool
	settings
}

//go:embed postgres.sql
var schema string

// migrationLock serialises instances that start at the same moment: CREATE
// ... IF NOT EXISTS is not safe against a concurrent CREATE.
const migrationLock = 0x636f696e736c6f74 // "coinslot"

// OpenPostgres connects to dsn and creates the ledger tables if missing.
func OpenPostgres(ctx context.Context, dsn string, opts ...Option) (*Postgres, error) {
	pool, err := pgxpool.New(ctx, dsn)
	if err != nil {
		return nil, fmt.Errorf("ledger: postgres: %w", err)
	}
	err = pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock($1)", int64(migrationLock)); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, schema)
		return err
	})
	if err != nil {
		pool.Close()
		return nil, fmt.Errorf("ledger: postgres schema: %w", err)
	}
	return &Postgres{pool: pool, settings: newSettings(opts)}, nil
}

func (p *Postgres) stamp() time.Time { return p.now().UTC().Truncate(time.Microsecond) }

func (p *Postgres) Reserve(ctx context.Context, payer, nonce, tool string) error {
	payer, nonce = pair(payer, nonce)
	now := p.stamp()
	tag, err := p.pool.Exec(ctx, `
		INSERT INTO nonces (payer, nonce, tool, state, since) VALUES ($1, $2, $3, 'reserved', $4)
		ON CONFLICT (payer, nonce) DO UPDATE SET tool = excluded.tool, since = excluded.since
		WHERE nonces.state = 'reserved' AND nonces.since < $5`,
		payer, nonce, tool, now, now.Add(-p.hold))
	if err != nil {
		return fmt.Errorf("ledger: reserve: %w", err)
	}
	if tag.RowsAffected() == 0 {
		return ErrReplayed
	}
	return nil
}

func (p *Postgres) Release(ctx context.Context, payer, nonce string) error {
	payer, nonce = pair(payer, nonce)
	_, err := p.pool.Exec(ctx, `DELETE FROM nonces WHERE payer = $1 AND nonce = $2 AND state <> 'settled'`, payer, nonce)
	if err != nil {
		return fmt.Errorf("ledger: release: %w", err)
	}
	return nil
}

func (p *Postgres) Settling(ctx context.Context, payer, nonce string, r *Receipt) error {
	payer, nonce = pair(payer, nonce)
	tag, err := p.pool.Exec(ctx, `
		UPDATE nonces SET state = 'settling', since = $3, pending = $4, valid_before = $5
		WHERE payer = $1 AND nonce = $2 AND state = 'reserved'`,
		payer, nonce, p.stamp(), stored(r), expiry(r.ValidBefore))
	if err != nil {
		return fmt.Errorf("ledger: settling: %w", err)
	}
	if tag.RowsAffected() == 0 {
		return ErrNotReserved
	}
	return nil
}

func (p *Postgres) Record(ctx context.Context, payer, nonce string, r *Receipt) error {
	if r.Tx == "" {
		return errNoTx
	}
	payer, nonce = pair(payer, nonce)
	rec := stored(r)
	err := pgx.BeginFunc(ctx, p.pool, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `
			INSERT INTO nonces (payer, nonce, tool, state, since, tx) VALUES ($1, $2, $3, 'settled', $4, $5)
			ON CONFLICT (payer, nonce) DO UPDATE
			SET tool = excluded.tool, state = 'settled', since = excluded.since, tx = excluded.tx,
				pending = NULL, valid_before = 0
			WHERE nonces.state <> 'settled' OR nonces.tx = excluded.tx`,
			payer, nonce, rec.Tool, p.stamp(), rec.Tx)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return ErrReplayed
		}
		_, err = tx.Exec(ctx, `
			INSERT INTO receipts (tx, schema, receipt_id, network, asset, payer, pay_to, amount_atomic,
				amount_usd, tool, endpoint, request_sha256, response_sha256, settled_at, receipt_url)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
			ON CONFLICT (tx) DO UPDATE SET schema = excluded.schema, receipt_id = excluded.receipt_id,
				network = excluded.network, asset = excluded.asset, payer = excluded.payer,
				pay_to = excluded.pay_to, amount_atomic = excluded.amount_atomic,
				amount_usd = excluded.amount_usd, tool = excluded.tool, endpoint = excluded.endpoint,
				request_sha256 = excluded.request_sha256, response_sha256 = excluded.response_sha256,
				settled_at = excluded.settled_at, receipt_url = excluded.receipt_url`,
			rec.Tx, rec.Schema, rec.ReceiptID, rec.Network, rec.Asset, rec.Payer, rec.PayTo, rec.AmountAtomic,
			rec.AmountUSD, rec.Tool, rec.Endpoint, rec.RequestSHA256, rec.ResponseSHA256, rec.SettledAt, rec.ReceiptURL)
		return err
	})
	if err != nil && !errors.Is(err, ErrReplayed) {
		return fmt.Errorf("ledger: record: %w", err)
	}
	return err
}

func (p *Postgres) Pending(ctx context.Context) ([]Pending, error) {
	rows, err := p.pool.Query(ctx, `SELECT payer, nonce, pending, since, valid_before FROM nonces WHERE state = 'settling' ORDER BY since`)
	if err != nil {
		return nil, fmt.Errorf("ledger: pending: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (Pending, error) {
		var pd Pending
		var validBefore int64
		err := row.Scan(&pd.Payer, &pd.Nonce, &pd.Receipt, &pd.Since, &validBefore)
		pd.Since = pd.Since.UTC()
		pd.Receipt.ValidBefore = fromExpiry(validBefore)
		return pd, err
	})
	if err != nil {
		return nil, fmt.Errorf("ledger: pending: %w", err)
	}
	return out, nil
}

func (p *Postgres) Receipt(ctx context.Context, tx string) (*Receipt, error) {
	r := new(Receipt)
	err := p.pool.QueryRow(ctx, `
		SELECT tx, schema, receipt_id, network, asset, payer, pay_to, amount_atomic, amount_usd, tool,
			endpoint, request_sha256, response_sha256, settled_at, receipt_url
		FROM receipts WHERE tx = $1`, tx).Scan(
		&r.Tx, &r.Schema, &r.ReceiptID, &r.Network, &r.Asset, &r.Payer, &r.PayTo, &r.AmountAtomic, &r.AmountUSD,
		&r.Tool, &r.Endpoint, &r.RequestSHA256, &r.ResponseSHA256, &r.SettledAt, &r.ReceiptURL)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("ledger: receipt: %w", err)
	}
	r.SettledAt = r.SettledAt.UTC()
	return r, nil
}

func (p *Postgres) Close() error {
	p.pool.Close()
	return nil
}
