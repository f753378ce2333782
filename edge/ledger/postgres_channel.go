package ledger

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

func (p *Postgres) Channel(ctx context.Context, id string) (*Channel, error) {
	var doc []byte
	var version int64
	err := p.pool.QueryRow(ctx, `SELECT doc, version FROM channels WHERE id = $1`, strings.ToLower(id)).Scan(&doc, &version)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("ledger: channel: %w", err)
	}
	return channelFrom(doc, version)
}

func (p *Postgres) PutChannel(ctx context.Context, c *Channel) error {
	next := *c
	next.ID = strings.ToLower(c.ID)
	doc, err := appendChannelJSON(nil, &next)
	if err != nil {
		return err
	}
	var sql string
	if c.Version == 0 {
		sql = `INSERT INTO channels (id, version, doc) VALUES ($1, 1, $2) ON CONFLICT (id) DO NOTHING`
	} else {
		sql = `UPDATE channels SET version = version + 1, doc = $2 WHERE id = $1 AND version = $3`
	}
	args := []any{next.ID, doc}
	if c.Version != 0 {
		args = append(args, c.Version)
	}
	// The write's commit does not wait for the WAL to reach the disk
	// (synchronous_commit off, for this transaction only): it is visible
	// to every instance at once and outlives this process, and a crash of
	// the database's machine loses at most its last three wal_writer_delay
	// of records (600 ms by default), each channel back to an earlier
	// cumulative voucher, as the file ledger's journal allows (see
	// ChannelCommitEvery). The set_config and the write are one batch: one
	// round trip, one implicit transaction.
	batch := &pgx.Batch{}
	batch.Queue(`SELECT set_config('synchronous_commit', 'off', true)`)
	put := batch.Queue(sql, args...)
	var tag pgconn.CommandTag
	put.Exec(func(t pgconn.CommandTag) error { tag = t; return nil })
	if err := p.pool.SendBatch(ctx, batch).Close(); err != nil {
		return fmt.Errorf("ledger: put channel: %w", err)
	}
	if tag.RowsAffected() == 0 {
		return ErrConflict
	}
	c.Version++
	return nil
}

func (p *Postgres) ListChannels(ctx context.Context) ([]Channel, error) {
	rows, err := p.pool.Query(ctx, `SELECT doc, version FROM channels ORDER BY id`)
	if err != nil {
		return nil, fmt.Errorf("ledger: channels: %w", err)
	}
	var out []Channel
	for rows.Next() {
		var doc []byte
		var version int64
		if err := rows.Scan(&doc, &version); err != nil {
			return nil, err
		}
		c, err := channelFrom(doc, version)
		if err != nil {
			return nil, err
		}
		out = append(out, *c)
	}
	return out, rows.Err()
}

func channelFrom(doc []byte, version int64) (*Channel, error) {
	c := new(Channel)
	if err := json.Unmarshal(doc, c); err != nil {
		return nil, fmt.Errorf("ledger: channel: %w", err)
	}
	c.Version = version
	return c, nil
}

// Lead takes or renews the job's lease: free, lapsed or already this
// instance's.
func (p *Postgres) Lead(ctx context.Context, job string, ttl time.Duration) (bool, error) {
	now := p.stamp()
	var holder string
	err := p.pool.QueryRow(ctx, `
		INSERT INTO leads (job, instance, until) VALUES ($1, $2, $3)
		ON CONFLICT (job) DO UPDATE SET instance = excluded.instance, until = excluded.until
			WHERE leads.until < $4 OR leads.instance = excluded.instance
		RETURNING instance`, job, p.instance, now.Add(ttl), now).Scan(&holder)
	if errors.Is(err, pgx.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("ledger: lead %s: %w", job, err)
	}
	return true, nil
}
