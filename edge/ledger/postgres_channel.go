package ledger

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
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

// PutChannel writes c with the concurrent calls' writes, in one
// transaction (see chargeGroup). A write whose context ends before its
// group's outcome returns the context's error; it may still commit, as a
// transaction cut off in flight may.
func (p *Postgres) PutChannel(ctx context.Context, c *Channel) error {
	next := *c
	next.ID = strings.ToLower(c.ID)
	doc, err := appendChannelJSON(nil, &next)
	if err != nil {
		return err
	}
	if err := p.charges.put(ctx, &chargeWrite{id: next.ID, version: c.Version, doc: doc}); err != nil {
		return err
	}
	c.Version++
	return nil
}

func (p *Postgres) ListChannels(ctx context.Context) ([]Channel, error) {
	rows, err := p.pool.Query(ctx, `SELECT doc, version FROM channels ORDER BY id`)
	if err != nil {
		return nil, fmt.Errorf("ledger: channels: %w", err)
	}
	defer rows.Close()
	var out []Channel
	var buf []byte
	for rows.Next() {
		var doc []byte
		var version int64
		// The row's own bytes, valid until the next row: the listed
		// record is decoded from them, not from a copy.
		if err := rows.Scan((*pgtype.DriverBytes)(&doc), &version); err != nil {
			return nil, err
		}
		c, scratch, err := decodeListed(doc, version, buf)
		buf = scratch
		if err != nil {
			return nil, fmt.Errorf("ledger: channel: %w", err)
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
