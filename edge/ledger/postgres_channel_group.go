package ledger

import (
	"context"
	"encoding/binary"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// chargeGroup commits the channel writes of concurrent calls together, as
// the file ledger's group does its writes: those that arrive while a group
// is in flight share the next one, sent as one batch (one round trip, one
// transaction, one commit record) of at most two statements, whatever its
// size. A lone write commits at once. A voucher call's write is a small
// fraction of what the database spends on a transaction of its own (its
// round trip, its statement's start, its commit): alone, those bounded
// the calls served at under half of the file ledger's.
type chargeGroup struct {
	mu      sync.Mutex
	waiting []*chargeWrite
	busy    bool // a goroutine is committing; it takes the waiting writes next
	// buf holds the committing group's parameters; only the goroutine
	// committing uses it, and the next group reuses its room.
	buf []byte
}

// chargeWrite is one PutChannel: doc written over version (0: created).
type chargeWrite struct {
	id      string
	version int64
	doc     []byte
	done    chan error
}

// maxCharges bounds a group: one this large amortises its transaction
// already, and a larger one would hold the rows it locked for longer.
const maxCharges = 256

// Each member's row is written only at the version its writer read, and
// the statement returns the rows it wrote: a member left out lost to
// another writer, alone, and the group's others still commit.
const (
	createChannelsSQL = `INSERT INTO channels (id, version, doc, payer)
		SELECT id, 1, doc, lower(doc->'config'->>'payer') FROM unnest($1::text[], $2::json[]) AS w(id, doc)
		ON CONFLICT (id) DO NOTHING RETURNING id`
	advanceChannelsSQL = `UPDATE channels AS c SET version = c.version + 1, doc = w.doc,
			payer = coalesce(c.payer, lower(w.doc->'config'->>'payer'))
		FROM unnest($1::text[], $2::bigint[], $3::json[]) AS w(id, version, doc)
		WHERE c.id = w.id AND c.version = w.version RETURNING c.id`
)

// put writes w with the next group, and returns its outcome, or ctx's
// error once ctx ends first. The group itself is not cut off: it carries
// the other calls' writes.
func (g *chargeGroup) put(ctx context.Context, pool *pgxpool.Pool, w *chargeWrite) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	w.done = make(chan error, 1)
	g.mu.Lock()
	g.waiting = append(g.waiting, w)
	lead := !g.busy
	g.busy = true
	g.mu.Unlock()
	if lead {
		go g.commitWaiting(pool)
	}
	select {
	case err := <-w.done:
		return err
	case <-ctx.Done():
		return ctx.Err()
	}
}

// commitWaiting commits groups until no write is waiting.
func (g *chargeGroup) commitWaiting(pool *pgxpool.Pool) {
	for {
		gather(g.pending, maxCharges)
		writes := g.next()
		if len(writes) == 0 {
			return
		}
		err := g.commit(pool, writes)
		switch {
		case err == nil:
		case len(writes) == 1:
			writes[0].done <- err
		default:
			// A statement that failed (a deadlock with another instance's
			// group, say) failed them all: each is tried alone, for an
			// outcome of its own.
			for _, w := range writes {
				if err := g.commit(pool, []*chargeWrite{w}); err != nil {
					w.done <- err
				}
			}
		}
	}
}

func (g *chargeGroup) pending() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return len(g.waiting)
}

// next takes the next group off the waiting writes: a channel's second
// write waits for the group after its first, since one statement writes a
// row once. The group is in the order of its ids, which is the order the
// statements lock the rows in, so that two instances' groups sharing rows
// wait for each other rather than deadlock.
func (g *chargeGroup) next() []*chargeWrite {
	g.mu.Lock()
	defer g.mu.Unlock()
	var writes, later []*chargeWrite
	seen := make(map[string]bool, len(g.waiting))
	for _, w := range g.waiting {
		if seen[w.id] || len(writes) == maxCharges {
			later = append(later, w)
			continue
		}
		seen[w.id] = true
		writes = append(writes, w)
	}
	g.waiting = later
	if len(writes) == 0 {
		g.busy = false
	}
	slices.SortFunc(writes, func(a, b *chargeWrite) int { return strings.Compare(a.id, b.id) })
	return writes
}

// The statements' names on every connection of the pool, prepared at a
// connection's first group (pgx keeps them by name after that).
const (
	groupSettingsStmt   = "coinslot_group_settings"
	createChannelsStmt  = "coinslot_create_channels"
	advanceChannelsStmt = "coinslot_advance_channels"
)

var groupStatements = []struct{ name, sql string }{
	{groupSettingsStmt, groupSettingsSQL}, {createChannelsStmt, createChannelsSQL}, {advanceChannelsStmt, advanceChannelsSQL},
}

// The commit does not wait for the WAL to reach the disk
// (synchronous_commit off, for this transaction only): it is visible to
// every instance at once and outlives this process, and a crash of the
// database's machine loses at most its last three wal_writer_delay of
// records (600 ms by default), each channel back to an earlier cumulative
// voucher, as the file ledger's journal allows (see ChannelCommitEvery).
// Its statements take their generic plans: a plan made for each group's
// arrays would cost as much as writing them, and the generic one (an index
// lookup per member, in the arrays' order) is the plan for any group.
const groupSettingsSQL = `SELECT set_config('synchronous_commit', 'off', true), set_config('plan_cache_mode', 'force_generic_plan', true)`

// commit writes writes in one transaction and tells each its outcome,
// unless the transaction failed: that error is returned, and no write is
// told. The statements' arrays are encoded here, in PostgreSQL's binary
// array format, into one buffer the group keeps: pgx would encode each
// record by reflection into a buffer grown from 256 bytes at every
// statement, which cost more of a voucher call than the rest of its write.
func (g *chargeGroup) commit(pool *pgxpool.Pool, writes []*chargeWrite) error {
	ctx := context.Background()
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return fmt.Errorf("ledger: put channel: %w", err)
	}
	defer conn.Release()
	for _, st := range groupStatements {
		if _, err := conn.Conn().Prepare(ctx, st.name, st.sql); err != nil {
			return fmt.Errorf("ledger: put channel: %w", err)
		}
	}
	var created, advanced []*chargeWrite
	for _, w := range writes {
		if w.version == 0 {
			created = append(created, w)
		} else {
			advanced = append(advanced, w)
		}
	}
	g.buf = g.buf[:0]
	p := conn.Conn().PgConn().StartPipeline(ctx)
	p.SendQueryPrepared(groupSettingsStmt, nil, nil, nil)
	if len(created) > 0 {
		p.SendQueryPrepared(createChannelsStmt, g.params(created, false), binaryFormats[:2], nil)
	}
	if len(advanced) > 0 {
		p.SendQueryPrepared(advanceChannelsStmt, g.params(advanced, true), binaryFormats[:3], nil)
	}
	written := make(map[string]bool, len(writes))
	err = p.Sync()
	for err == nil {
		var r any
		if r, err = p.GetResults(); err != nil {
			break
		}
		if _, synced := r.(*pgconn.PipelineSync); synced {
			break
		}
		if rows, ok := r.(*pgconn.ResultReader); ok {
			for rows.NextRow() {
				written[string(rows.Values()[0])] = true
			}
			_, err = rows.Close()
		}
	}
	if cerr := p.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("ledger: put channel: %w", err)
	}
	for _, w := range writes {
		if written[w.id] {
			w.done <- nil
		} else {
			w.done <- ErrConflict
		}
	}
	return nil
}

// binaryFormats is the format of every parameter of the group's statements.
var binaryFormats = [3]int16{pgx.BinaryFormatCode, pgx.BinaryFormatCode, pgx.BinaryFormatCode}

// The element types of the statements' arrays.
const (
	textOID = 25
	int8OID = 20
	jsonOID = 114
)

// params are the statement's arrays for ws, in g.buf: their ids, their
// versions when advancing, and their records.
func (g *chargeGroup) params(ws []*chargeWrite, versions bool) [][]byte {
	var out [][]byte
	out = append(out, g.array(textOID, ws, func(b []byte, w *chargeWrite) []byte { return append(b, w.id...) }))
	if versions {
		out = append(out, g.array(int8OID, ws, func(b []byte, w *chargeWrite) []byte { return binary.BigEndian.AppendUint64(b, uint64(w.version)) }))
	}
	return append(out, g.array(jsonOID, ws, func(b []byte, w *chargeWrite) []byte { return append(b, w.doc...) }))
}

// array appends to g.buf a one-dimensional array of ws's elements of type
// oid, in PostgreSQL's binary format (array_recv): dimensions, no nulls,
// the element type, the length and lower bound, then each element's
// length and bytes (a json element's are its text). It returns the array.
func (g *chargeGroup) array(oid uint32, ws []*chargeWrite, elem func([]byte, *chargeWrite) []byte) []byte {
	start := len(g.buf)
	b := binary.BigEndian.AppendUint32(g.buf, 1)
	b = binary.BigEndian.AppendUint32(b, 0)
	b = binary.BigEndian.AppendUint32(b, oid)
	b = binary.BigEndian.AppendUint32(b, uint32(len(ws)))
	b = binary.BigEndian.AppendUint32(b, 1)
	for _, w := range ws {
		at := len(b)
		b = elem(binary.BigEndian.AppendUint32(b, 0), w)
		binary.BigEndian.PutUint32(b[at:], uint32(len(b)-at-4))
	}
	g.buf = b
	return b[start:]
}
