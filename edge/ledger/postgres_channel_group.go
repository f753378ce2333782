package ledger

import (
	"context"
	"encoding/binary"
	"errors"
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
// is in flight share the next one, sent as one pipeline (one round trip,
// one transaction, one commit record) of a statement per write. A lone write commits at once. A voucher call's write is a small
// fraction of what the database spends on a transaction of its own (its
// round trip, its statement's start, its commit): alone, those bounded
// the calls served at under half of the file ledger's.
type chargeGroup struct {
	mu      sync.Mutex
	waiting []*chargeWrite
	busy    bool // a goroutine is committing; it takes the waiting writes next
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
// the statement returns the row it wrote: a member whose statement returns
// none lost to another writer, alone, and the group's others still commit.
// One statement per member, all in one pipeline, rather than one over
// arrays of them: a statement over arrays materialises the group's
// records twice more in the backend (the arrays, then the rows unnest
// makes of them), and a group of ten 3 KiB records took the backend's heap
// past malloc's trim threshold, to be given back to the kernel and faulted
// in again at every group.
const (
	createChannelSQL = `INSERT INTO channels (id, version, doc, payer) VALUES ($1, 1, $2, lower($2::json->'config'->>'payer'))
		ON CONFLICT (id) DO NOTHING RETURNING id`
	advanceChannelSQL = `UPDATE channels SET version = version + 1, doc = $3,
			payer = coalesce(payer, lower($3::json->'config'->>'payer'))
		WHERE id = $1 AND version = $2 RETURNING id`
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
// write waits for the group after its first, and meets the version that
// one committed. The group is in the order of its ids, which is the order the
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
	groupSettingsStmt  = "coinslot_group_settings"
	createChannelStmt  = "coinslot_create_channel"
	advanceChannelStmt = "coinslot_advance_channel"
)

var groupStatements = [...]struct{ name, sql string }{
	{groupSettingsStmt, groupSettingsSQL}, {createChannelStmt, createChannelSQL}, {advanceChannelStmt, advanceChannelSQL},
}

// The commit does not wait for the WAL to reach the disk
// (synchronous_commit off, for this transaction only): it is visible to
// every instance at once and outlives this process, and a crash of the
// database's machine loses at most its last three wal_writer_delay of
// records (600 ms by default), each channel back to an earlier cumulative
// voucher, as the file ledger's journal allows (see ChannelCommitEvery).
// Its statements take their generic plans: a plan made at each write would
// cost the database as much as the write, and the generic one (a lookup of
// the id in the primary key) is the plan for any.
const groupSettingsSQL = `SELECT set_config('synchronous_commit', 'off', true), set_config('plan_cache_mode', 'force_generic_plan', true)`

// commit writes writes in one transaction and tells each its outcome,
// unless the transaction failed: that error is returned, and no write is
// told. The parameters are sent as they are, in binary: an id's and a
// record's bytes are their text, a version eight bytes.
func (g *chargeGroup) commit(pool *pgxpool.Pool, writes []*chargeWrite) error {
	ctx := context.Background()
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return fmt.Errorf("ledger: put channel: %w", err)
	}
	defer conn.Release()
	// Sent with its description, a statement's rows need no Describe.
	var sds [len(groupStatements)]*pgconn.StatementDescription
	for i, st := range groupStatements {
		if sds[i], err = conn.Conn().Prepare(ctx, st.name, st.sql); err != nil {
			return fmt.Errorf("ledger: put channel: %w", err)
		}
	}
	settings, create, advance := sds[0], sds[1], sds[2]
	var version [8]byte // encoded with each statement as it is sent
	pg := conn.Conn().PgConn()
	pg.Frontend().Send(room(groupSize(writes)))
	p := pg.StartPipeline(ctx)
	p.SendQueryStatement(settings, nil, nil, nil)
	for _, w := range writes {
		if w.version == 0 {
			p.SendQueryStatement(create, [][]byte{[]byte(w.id), w.doc}, binaryFormats[:2], nil)
			continue
		}
		binary.BigEndian.PutUint64(version[:], uint64(w.version))
		p.SendQueryStatement(advance, [][]byte{[]byte(w.id), version[:], w.doc}, binaryFormats[:3], nil)
	}
	written := make([]bool, len(writes))
	err = p.Sync()
	for i := -1; err == nil; {
		var r any
		if r, err = p.GetResults(); err != nil {
			break
		}
		if _, synced := r.(*pgconn.PipelineSync); synced {
			break
		}
		if rows, ok := r.(*pgconn.ResultReader); ok {
			// The settings' result, then each write's in turn.
			for rows.NextRow() {
				if i >= 0 {
					written[i] = true
				}
			}
			_, err = rows.Close()
			i++
		}
	}
	if cerr := p.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("ledger: put channel: %w", err)
	}
	for i, w := range writes {
		if written[i] {
			w.done <- nil
		} else {
			w.done <- ErrConflict
		}
	}
	return nil
}

// room is a message of no bytes whose encoding grows the frontend's
// buffer by n bytes. pgproto3 shrinks that buffer to 1 KiB after every
// flush, and a group's records appended to it one by one made it grow
// again at each: allocations and copies of four times the group's size.
type room int

func (room) Frontend() {}

func (room) Decode([]byte) error { return errors.New("ledger: room is never received") }

func (n room) Encode(dst []byte) ([]byte, error) { return slices.Grow(dst, int(n)), nil }

// groupSize is at least the bytes of a group's messages: each write's Bind
// (its header, statement name, formats and parameters) and Execute, and the
// settings' and the Sync's.
func groupSize(writes []*chargeWrite) int {
	n := 128
	for _, w := range writes {
		n += 96 + len(w.id) + len(w.doc)
	}
	return n
}

// binaryFormats is the format of every parameter of the group's statements.
var binaryFormats = [3]int16{pgx.BinaryFormatCode, pgx.BinaryFormatCode, pgx.BinaryFormatCode}
