package ledger

import (
	"cmp"
	"context"
	"crypto/rand"
	_ "embed"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Postgres is the shared ledger: several instances behind one load balancer
// use one database. Times come from each instance's clock, so instances must
// keep NTP time (the hold has minutes of margin, the lease seconds).
type Postgres struct {
	pool     *pgxpool.Pool
	instance string // this instance's id in instances
	settings

	stop      chan struct{} // ends the lease's renewal
	closing   sync.Once
	renewed   sync.WaitGroup
	lastPrune atomic.Int64 // unix ns of the last prune of answers
	// ids is how many payment ids of paid calls are bound, counted at open
	// and at each prune: the calls paid in between are seen at the next.
	ids atomic.Int64
	// charges groups the channel writes of concurrent calls, payments
	// their exact payments' durable writes.
	charges  *chargeGroup
	payments *paymentGroup
}

// pruneEvery spaces the prunes of answers: each sums the sizes of every
// answer kept (an index-only scan).
const pruneEvery = time.Minute

//go:embed postgres.sql
var schema string

// migrationLock serialises instances that start at the same moment: CREATE
// ... IF NOT EXISTS is not safe against a concurrent CREATE.
const migrationLock = 0x636f696e736c6f74 // "coinslot"

// DefaultMaxConns sizes the pool for paid concurrency: every paid call
// holds a connection at reserve, settling and record, and pgxpool's own
// default (the number of cores, at least 4) queues them on small machines.
func DefaultMaxConns() int { return max(4*runtime.GOMAXPROCS(0), 16) }

// WithMaxConns caps the postgres pool at n connections (0: DefaultMaxConns).
func WithMaxConns(n int) Option { return func(s *settings) { s.maxConns = n } }

// OpenPostgres connects to dsn and creates the ledger tables if missing.
func OpenPostgres(ctx context.Context, dsn string, opts ...Option) (*Postgres, error) {
	set := newSettings(opts)
	pc, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("ledger: postgres: %w", err)
	}
	pc.MaxConns = int32(cmp.Or(set.maxConns, DefaultMaxConns()))
	pool, err := pgxpool.NewWithConfig(ctx, pc)
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
	id := make([]byte, 8)
	rand.Read(id)
	p := &Postgres{pool: pool, instance: hex.EncodeToString(id), settings: set, stop: make(chan struct{}), charges: newChargeGroup(pc.ConnConfig),
		payments: &paymentGroup{pool: pool}}
	if err := p.renew(ctx); err != nil {
		pool.Close()
		return nil, err
	}
	if err := p.countIDs(ctx); err != nil {
		pool.Close()
		return nil, err
	}
	p.renewed.Go(p.renewing)
	return p, nil
}

// renew extends this instance's lease.
func (p *Postgres) renew(ctx context.Context) error {
	_, err := p.pool.Exec(ctx, `
		INSERT INTO instances (id, lease_until) VALUES ($1, $2)
		ON CONFLICT (id) DO UPDATE SET lease_until = excluded.lease_until`,
		p.instance, p.stamp().Add(p.lease))
	if err != nil {
		return fmt.Errorf("ledger: lease: %w", err)
	}
	return nil
}

// renewing renews the lease every third of it until Close. A renewal that
// fails is tried again at the next; if the lease lapses, other instances
// may take this one's reservations over, but Settling refuses a pair that
// changed hands, so a payment is never settled twice.
func (p *Postgres) renewing() {
	tick := time.NewTicker(p.lease / 3)
	defer tick.Stop()
	for {
		select {
		case <-p.stop:
			return
		case <-tick.C:
		}
		ctx, cancel := context.WithTimeout(context.Background(), p.lease/3)
		if err := p.renew(ctx); err != nil {
			slog.Warn("ledger: lease renewal failed; retried next tick", "err", err)
		}
		cancel()
	}
}

// MaxConns is the size of the connection pool.
func (p *Postgres) MaxConns() int { return int(p.pool.Config().MaxConns) }

func (p *Postgres) stamp() time.Time { return p.now().UTC().Truncate(time.Microsecond) }

// orphaned is true of a nonces row n reserved by a call that is gone: older
// than the hold ($hold), or held by an instance whose lease lapsed before
// $now. Such a pair is free: Reserve takes it over.
const orphaned = `(n.state = 'reserved' AND (n.since < $hold OR NOT EXISTS (
	SELECT 1 FROM instances WHERE id = n.instance AND lease_until >= $now)))`

// withOrphaned puts the orphaned condition, with its parameter numbers,
// into a statement.
func withOrphaned(sql, now, hold string) string {
	cond := strings.NewReplacer("$hold", hold, "$now", now).Replace(orphaned)
	return strings.ReplaceAll(sql, "{orphaned}", cond)
}

// The statements that tell an orphaned reservation from a live one.
var (
	reserveSQL = withOrphaned(`
		INSERT INTO nonces AS n (payer, nonce, tool, state, since, instance) VALUES ($1, $2, $3, 'reserved', $4, $6)
		ON CONFLICT (payer, nonce) DO UPDATE SET tool = excluded.tool, since = excluded.since, instance = excluded.instance
		WHERE {orphaned}`, "$4", "$5")
	paymentSQL = withOrphaned(`
		SELECT n.state, n.since, n.pending, n.valid_before, coalesce(n.answer, a.body), n.tx, a.stored_at, n.request_key, n.sent, n.id_key,
			n.state <> 'settled' AND n.instance <> $5 AND EXISTS (
				SELECT 1 FROM instances WHERE id = n.instance AND lease_until >= $3)
		FROM nonces n LEFT JOIN answers a ON a.payer = n.payer AND a.nonce = n.nonce
		WHERE n.payer = $1 AND n.nonce = $2 AND NOT {orphaned}`, "$3", "$4")
	// boundSQL reads the payer's pending ids, those whose pair is
	// reserved by a live call, and the id's binding with whether its pair
	// is in use, settling or settled.
	boundSQL = withOrphaned(`
		SELECT (SELECT count(*) FROM payment_ids b JOIN nonces n ON n.payer = b.payer AND n.nonce = b.nonce
				WHERE b.payer = $1 AND NOT b.paid AND NOT {orphaned}),
			b.fingerprint, b.nonce, EXISTS (
				SELECT 1 FROM nonces n WHERE n.payer = b.payer AND n.nonce = b.nonce AND NOT {orphaned})
		FROM (SELECT) one LEFT JOIN payment_ids b ON b.payer = $1 AND b.id = $2`, "$3", "$4")
	// pruneIDsSQL drops the pending bindings whose pair no live call
	// holds: their instance died before releasing them.
	pruneIDsSQL = withOrphaned(`
		DELETE FROM payment_ids b WHERE NOT paid AND NOT EXISTS (
			SELECT 1 FROM nonces n WHERE n.payer = b.payer AND n.nonce = b.nonce AND NOT {orphaned})`, "$1", "$2")
)

// Reserve's commit does not wait for the WAL to reach the disk
// (synchronous_commit off, for its transaction alone). A reservation
// guards its pair only until Settling, whose commit waits and comes before
// /settle is asked, as the file ledger's reservation in memory does. The
// WAL reaches the disk in order, so a reservation whose call went on to
// Settling is durable with it; one lost in a crash of the database's
// machine frees an authorization never sent to be settled. Every instance
// sees it from its commit on.
func (p *Postgres) Reserve(ctx context.Context, payer, nonce, tool string) error {
	payer, nonce = pair(payer, nonce)
	now := p.stamp()
	var reserved bool
	b := &pgx.Batch{}
	b.Queue(`SELECT set_config('synchronous_commit', 'off', true)`)
	b.Queue(reserveSQL, payer, nonce, tool, now, now.Add(-p.hold), p.instance).Exec(func(tag pgconn.CommandTag) error {
		reserved = tag.RowsAffected() > 0
		return nil
	})
	if err := p.pool.SendBatch(ctx, b).Close(); err != nil {
		return fmt.Errorf("ledger: reserve: %w", err)
	}
	if !reserved {
		return ErrReplayed
	}
	return nil
}

func (p *Postgres) Release(ctx context.Context, payer, nonce string) error {
	payer, nonce = pair(payer, nonce)
	// A reserved pair taken over by another instance is theirs now.
	_, err := p.pool.Exec(ctx, `
		DELETE FROM nonces WHERE payer = $1 AND nonce = $2
			AND (state = 'settling' OR state = 'reserved' AND instance = $3)`, payer, nonce, p.instance)
	if err != nil {
		return fmt.Errorf("ledger: release: %w", err)
	}
	return nil
}

func (p *Postgres) Settling(ctx context.Context, payer, nonce string, r *Receipt, answer []byte) error {
	payer, nonce = pair(payer, nonce)
	args := []any{payer, nonce, p.stamp(), stored(r), expiry(r.ValidBefore), compress(answer), p.instance, r.RequestKey, r.Sent, r.IDKey}
	var settling bool
	err := p.payments.do(ctx, payer, nonce, func(b *pgx.Batch) {
		b.Queue(`
			UPDATE nonces SET state = 'settling', since = $3, pending = $4, valid_before = $5, answer = $6, request_key = $8, sent = $9, id_key = $10
			WHERE payer = $1 AND nonce = $2 AND state = 'reserved' AND instance = $7`, args...).Exec(func(tag pgconn.CommandTag) error {
			settling = tag.RowsAffected() > 0
			return nil
		})
	})
	if err != nil {
		return fmt.Errorf("ledger: settling: %w", err)
	}
	if !settling {
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
	now := p.stamp()
	// One transaction, with the concurrent calls' writes (see
	// paymentGroup): a statement that fails undoes the others. The answer
	// moves from the journal to answers before the journal entry becomes
	// the settled row; the receipt is written only if the row is now
	// settled with this transaction, which it is not when the pair was
	// settled with another (replayed). Only a settled row has a
	// transaction: a condition on its state would let the planner look the
	// row up in a partial index on the state, by the payer alone, through
	// every payment the payer has made.
	var replayed bool
	err := p.payments.do(ctx, payer, nonce, func(b *pgx.Batch) {
		b.Queue(`
			INSERT INTO answers (payer, nonce, stored_at, body, size)
			SELECT payer, nonce, $3, answer, length(answer) FROM nonces
			WHERE payer = $1 AND nonce = $2 AND state <> 'settled' AND answer IS NOT NULL
			ON CONFLICT (payer, nonce) DO NOTHING`, payer, nonce, now)
		b.Queue(`
			INSERT INTO nonces (payer, nonce, tool, state, since, tx, request_key, sent, id_key) VALUES ($1, $2, $3, 'settled', $4, $5, $6, $7, $8)
			ON CONFLICT (payer, nonce) DO UPDATE
			SET tool = excluded.tool, state = 'settled', since = excluded.since, tx = excluded.tx,
				pending = NULL, valid_before = 0, answer = NULL,
				request_key = coalesce(nullif(excluded.request_key, ''), nonces.request_key),
				sent = coalesce(nullif(excluded.sent, ''), nonces.sent),
				id_key = coalesce(nullif(excluded.id_key, ''), nonces.id_key)
			WHERE nonces.state <> 'settled' OR nonces.tx = excluded.tx`,
			payer, nonce, rec.Tool, now, rec.Tx, rec.RequestKey, rec.Sent, rec.IDKey).Exec(func(tag pgconn.CommandTag) error {
			replayed = tag.RowsAffected() == 0
			return nil
		})
		b.Queue(`
			INSERT INTO receipts (tx, schema, receipt_id, network, asset, payer, pay_to, amount_atomic,
				amount_usd, tool, endpoint, request_sha256, response_sha256, settled_at, receipt_url)
			SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14::timestamptz, $15
			WHERE EXISTS (SELECT 1 FROM nonces WHERE payer = $16 AND nonce = $17 AND tx = $1)
			ON CONFLICT (tx) DO UPDATE SET schema = excluded.schema, receipt_id = excluded.receipt_id,
				network = excluded.network, asset = excluded.asset, payer = excluded.payer,
				pay_to = excluded.pay_to, amount_atomic = excluded.amount_atomic,
				amount_usd = excluded.amount_usd, tool = excluded.tool, endpoint = excluded.endpoint,
				request_sha256 = excluded.request_sha256, response_sha256 = excluded.response_sha256,
				settled_at = excluded.settled_at, receipt_url = excluded.receipt_url`,
			rec.Tx, rec.Schema, rec.ReceiptID, rec.Network, rec.Asset, rec.Payer, rec.PayTo, rec.AmountAtomic,
			rec.AmountUSD, rec.Tool, rec.Endpoint, rec.RequestSHA256, rec.ResponseSHA256, rec.SettledAt, rec.ReceiptURL,
			payer, nonce)
	})
	if err == nil && replayed {
		err = ErrReplayed
	}
	if err != nil && !errors.Is(err, ErrReplayed) {
		return fmt.Errorf("ledger: record: %w", err)
	}
	if err == nil {
		p.pruneIfDue(ctx, now)
	}
	return err
}

// pruneIfDue drops the answers older than the retention, then the oldest
// while they take more than its bytes, and the payment ids bound to them,
// at most once every pruneEvery. A
// failed prune is logged: the next one catches up.
func (p *Postgres) pruneIfDue(ctx context.Context, now time.Time) {
	last := p.lastPrune.Load()
	if now.UnixNano()-last < int64(pruneEvery) || !p.lastPrune.CompareAndSwap(last, now.UnixNano()) {
		return
	}
	_, err := p.pool.Exec(ctx, `
		DELETE FROM answers WHERE stored_at < $1 OR (payer, nonce) IN (
			SELECT payer, nonce FROM (
				SELECT payer, nonce, sum(size) OVER (ORDER BY stored_at DESC, payer, nonce) AS kept
				FROM answers) newest_first
			WHERE kept > $2)`,
		now.Add(-p.retention), p.retentionBytes)
	if err != nil {
		slog.Warn("ledger: pruning answers failed; the next round retries", "err", err)
	}
	p.pruneIDs(ctx, now)
	// Instances gone for a day hold nothing: a reservation whose instance
	// is missing is as free as one whose lease lapsed.
	if _, err := p.pool.Exec(ctx, `DELETE FROM instances WHERE lease_until < $1`, now.Add(-24*time.Hour)); err != nil {
		slog.Warn("ledger: pruning instances failed; the next round retries", "err", err)
	}
}

func (p *Postgres) Pending(ctx context.Context) ([]Pending, error) {
	rows, err := p.pool.Query(ctx, `SELECT payer, nonce, pending, since, valid_before, request_key, sent, id_key FROM nonces WHERE state = 'settling' ORDER BY since`)
	if err != nil {
		return nil, fmt.Errorf("ledger: pending: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (Pending, error) {
		var pd Pending
		var validBefore int64
		var k pairKeys
		err := row.Scan(&pd.Payer, &pd.Nonce, &pd.Receipt, &pd.Since, &validBefore, &k.RequestKey, &k.Sent, &k.IDKey)
		pd.Since = pd.Since.UTC()
		pd.Receipt.ValidBefore = fromExpiry(validBefore)
		k.onto(&pd.Receipt)
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

func (p *Postgres) Payment(ctx context.Context, payer, nonce string) (*Payment, error) {
	payer, nonce = pair(payer, nonce)
	var (
		state       State
		since       time.Time
		pending     *Receipt
		validBefore int64
		answer      []byte
		tx          *string
		storedAt    *time.Time
		k           pairKeys
		elsewhere   bool
	)
	now := p.stamp()
	err := p.pool.QueryRow(ctx, paymentSQL, payer, nonce, now, now.Add(-p.hold), p.instance).Scan(
		&state, &since, &pending, &validBefore, &answer, &tx, &storedAt, &k.RequestKey, &k.Sent, &k.IDKey, &elsewhere)
	if errors.Is(err, pgx.ErrNoRows) {
		return &Payment{State: Free}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("ledger: payment: %w", err)
	}
	pm := &Payment{State: state, Since: since.UTC(), Elsewhere: elsewhere}
	switch state {
	case Settling:
		pending.ValidBefore = fromExpiry(validBefore)
		k.onto(pending)
		pm.Receipt = pending
	case Settled:
		if pm.Receipt, err = p.Receipt(ctx, *tx); err != nil {
			return nil, err
		}
		k.onto(pm.Receipt)
		pm.Since = pm.Receipt.SettledAt
		if storedAt == nil || !p.retained(*storedAt, now) {
			answer = nil
		}
	}
	if pm.Answer, err = decompress(answer); err != nil {
		return nil, err
	}
	return pm, nil
}

// identifyLock is the class of the advisory locks that serialise one
// payer's bindings, so that its pending ids are counted and one added as
// one step.
const identifyLock = 0x69647300 // "ids"

func (p *Postgres) Identify(ctx context.Context, payer, id, fingerprint, nonce string) (*Binding, error) {
	payer, nonce = pair(payer, nonce)
	now := p.stamp()
	var prior *Binding
	err := pgx.BeginFunc(ctx, p.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1, hashtext($2))`, identifyLock, payer); err != nil {
			return err
		}
		var (
			pending     int64
			fp, boundTo *string
			inUse       *bool
		)
		if err := tx.QueryRow(ctx, boundSQL, payer, id, now, now.Add(-p.hold)).Scan(&pending, &fp, &boundTo, &inUse); err != nil {
			return err
		}
		switch {
		case inUse != nil && *inUse:
			prior = &Binding{Fingerprint: *fp, Nonce: *boundTo}
			return nil
		case fp == nil && p.ids.Load() >= p.paymentIDs:
			return ErrIDsFull
		case pending >= p.pendingIDs:
			return ErrIDsPending
		}
		_, err := tx.Exec(ctx, `
			INSERT INTO payment_ids (payer, id, fingerprint, nonce, bound_at, paid) VALUES ($1, $2, $3, $4, $5, false)
			ON CONFLICT (payer, id) DO UPDATE SET fingerprint = excluded.fingerprint, nonce = excluded.nonce,
				bound_at = excluded.bound_at, paid = false`,
			payer, id, fingerprint, nonce, now)
		return err
	})
	switch {
	case errors.Is(err, ErrIDsFull) || errors.Is(err, ErrIDsPending):
		return nil, err
	case err != nil:
		return nil, fmt.Errorf("ledger: payment id: %w", err)
	}
	return prior, nil
}

// pruneIDs drops the paid bindings whose answer is gone (past the
// retention) unless their payment is still settling and may yet be
// charged, and the pending ones of calls that died; then it counts the
// paid ones. A failure is logged: the next round retries.
func (p *Postgres) pruneIDs(ctx context.Context, now time.Time) {
	_, err := p.pool.Exec(ctx, `
		DELETE FROM payment_ids b WHERE bound_at < $1
			AND NOT EXISTS (SELECT 1 FROM answers a WHERE a.payer = b.payer AND a.nonce = b.nonce)
			AND NOT EXISTS (SELECT 1 FROM nonces n WHERE n.payer = b.payer AND n.nonce = b.nonce AND n.state <> 'settled')`,
		now.Add(-p.retention))
	if err == nil {
		_, err = p.pool.Exec(ctx, pruneIDsSQL, now, now.Add(-p.hold))
	}
	if err != nil {
		slog.Warn("ledger: pruning payment ids failed; the next round retries", "err", err)
	}
	if err := p.countIDs(ctx); err != nil {
		slog.Warn("ledger: counting payment ids failed; the next round retries", "err", err)
	}
}

// countIDs counts the bound payment ids of paid calls: all of them less
// the pending (index-only scans).
func (p *Postgres) countIDs(ctx context.Context) error {
	var n int64
	err := p.pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM payment_ids) - (SELECT count(*) FROM payment_ids WHERE NOT paid)`).Scan(&n)
	if err != nil {
		return fmt.Errorf("ledger: counting payment ids: %w", err)
	}
	p.ids.Store(n)
	return nil
}

// Close ends this instance's lease renewal and leaves the lease to lapse:
// calls still running elsewhere in this process keep their pairs until it
// does.
func (p *Postgres) Close() error {
	p.closing.Do(func() {
		close(p.stop)
		p.renewed.Wait()
		p.charges.close()
		p.pool.Close()
	})
	return nil
}
