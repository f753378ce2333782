package ledger

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"strings"
	"sync"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// chargeGroup commits the channel writes of concurrent calls together, as
// the file ledger's group does its writes: those that arrive while a group
// is in flight share the next one, sent as one pipeline (one round trip,
// one transaction, one commit record). A lone write commits at once. A
// voucher call's write is a small fraction of what the database spends on
// a transaction of its own (its round trip, its statement's start, its
// commit): alone, those bounded the calls served at under half of the
// file ledger's.
type chargeGroup struct {
	queue[*chargeWrite]

	// The groups' own connection, outside the pool: one group commits at
	// a time, and its connection keeps the settings and plans groups need
	// from one group to the next (see newChargeGroup).
	config *pgx.ConnConfig
	connMu sync.Mutex // held while committing, and to close
	conn   *pgx.Conn  // dialled at the first group, and again once lost
	closed bool
	buf    []byte // the messages of the group being sent (see room)
	// The text of the statement advancing n channels, by n: pgx finds a
	// prepared statement by its name and text, and a group's would
	// otherwise be written out again at every group.
	advanceSQL map[int]string
}

// newChargeGroup commits the groups over connections made with config's
// copy, whose session takes the settings every group needs.
//
// A commit does not wait for the WAL to reach the disk
// (synchronous_commit off): it is visible to every instance at once and
// outlives this process, and a crash of the database's machine loses at
// most its last three wal_writer_delay of records (600 ms by default),
// each channel back to an earlier cumulative voucher, as the file ledger's
// journal allows (see ChannelCommitEvery).
//
// Statements take their generic plans: a plan made at each write would
// cost the database as much as the write, and the generic one is the plan
// for any group. That plan must look each channel up by its id, in the
// order of the group's ids (see next), whatever the table held when it was
// made: a hash join over the whole table, chosen while it was small, would
// read every row at every group once it is large.
func newChargeGroup(config *pgx.ConnConfig) *chargeGroup {
	config = config.Copy()
	if config.RuntimeParams == nil {
		config.RuntimeParams = map[string]string{}
	}
	for name, value := range map[string]string{
		"synchronous_commit": "off", "plan_cache_mode": "force_generic_plan",
		"enable_hashjoin": "off", "enable_mergejoin": "off", "enable_seqscan": "off",
	} {
		config.RuntimeParams[name] = value
	}
	return &chargeGroup{config: config, advanceSQL: map[int]string{}}
}

// chargeWrite is one PutChannel: doc written over version (0: created).
type chargeWrite struct {
	id      string
	version int64
	doc     []byte
	outcome
}

// maxCharges bounds a group: one this large amortises its transaction
// already, and a larger one would hold the rows it locked for longer.
const maxCharges = 256

// Each member's row is written only at the version its writer read (or,
// created, only if it is new), and the statements return the ids of the
// rows they wrote: a member left out lost to another writer, alone, and
// the group's others still commit. The records are parameters, not
// arrays: a statement over arrays materialised the group's records twice
// more in the backend (the arrays, then the rows unnest made of them), and
// a group of ten 3 KiB records took the backend's heap past malloc's trim
// threshold, to be given back to the kernel and faulted in again at every
// group. A channel is created by a statement of its own: it happens once.
const createChannelSQL = `INSERT INTO channels (id, version, doc, payer) VALUES ($1, 1, $2, lower($2::json->'config'->>'payer'))
	ON CONFLICT (id) DO NOTHING RETURNING id`

// put writes w with the next group (see outcome.awaited).
func (g *chargeGroup) put(ctx context.Context, w *chargeWrite) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	w.outcome = newOutcome()
	g.add(w, g.commitWaiting)
	return w.awaited(ctx)
}

// commitWaiting commits groups until no write is waiting.
func (g *chargeGroup) commitWaiting() { commitGroups(&g.queue, maxCharges, oneWriteEach, g.commit) }

// oneWriteEach parts the next group off the waiting writes: a channel's
// second write waits for the group after its first, and meets the version
// that one committed. The group is in the order of its ids, which is the
// order the statements lock the rows in, so that two instances' groups
// sharing rows wait for each other rather than deadlock.
func oneWriteEach(waiting []*chargeWrite) (group, later []*chargeWrite) {
	seen := make(map[string]bool, len(waiting))
	for _, w := range waiting {
		if seen[w.id] || len(group) == maxCharges {
			later = append(later, w)
			continue
		}
		seen[w.id] = true
		group = append(group, w)
	}
	slices.SortFunc(group, func(a, b *chargeWrite) int { return strings.Compare(a.id, b.id) })
	return group, later
}

// The statement creating a channel is named for what it does, and the
// statement advancing n channels for its n: each is prepared on the
// group's connection at the first group that needs it (pgx keeps them by
// name after that).
const (
	createChannelStmt   = "coinslot_create_channel"
	advanceChannelsStmt = "coinslot_advance_%d"
)

// advanceChannelsSQL is the statement advancing n channels, each only at
// the version its writer read, and returning the ids of those it wrote.
// One statement for the group's advances rather than one each: a
// statement's start and end cost the database more than its row does.
func advanceChannelsSQL(n int) string {
	var b strings.Builder
	b.WriteString(`UPDATE channels c SET version = c.version + 1, doc = w.doc,
			payer = coalesce(c.payer, lower(w.doc->'config'->>'payer'))
		FROM (VALUES `)
	for i := range n {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "($%d::text, $%d::bigint, $%d::json)", 3*i+1, 3*i+2, 3*i+3)
	}
	b.WriteString(`) AS w (id, version, doc) WHERE c.id = w.id AND c.version = w.version RETURNING c.id`)
	return b.String()
}

// commit writes writes in one transaction over the group's connection,
// as send does.
func (g *chargeGroup) commit(writes []*chargeWrite) error {
	g.connMu.Lock()
	defer g.connMu.Unlock()
	conn, err := g.connect()
	if err != nil {
		return fmt.Errorf("ledger: put channel: %w", err)
	}
	if err = g.send(conn, writes); conn.IsClosed() {
		g.conn = nil
	}
	return err
}

// connect returns the group's connection, dialled anew unless it is open.
func (g *chargeGroup) connect() (*pgx.Conn, error) {
	if g.closed {
		return nil, errors.New("ledger: closed")
	}
	if g.conn == nil {
		conn, err := pgx.ConnectConfig(context.Background(), g.config)
		if err != nil {
			return nil, err
		}
		g.conn = conn
	}
	return g.conn, nil
}

// close closes the group's connection once its commit, if any, is done.
func (g *chargeGroup) close() {
	g.connMu.Lock()
	defer g.connMu.Unlock()
	g.closed = true
	if g.conn != nil {
		g.conn.Close(context.Background())
		g.conn = nil
	}
}

// send writes writes over conn in one transaction and tells each its
// outcome, unless the transaction failed: that error is returned, and no
// write is told. The parameters are sent as they are, in binary: an id's
// and a record's bytes are their text, a version eight bytes.
func (g *chargeGroup) send(conn *pgx.Conn, writes []*chargeWrite) error {
	ctx := context.Background()
	var created, advanced []*chargeWrite
	for _, w := range writes {
		if w.version == 0 {
			created = append(created, w)
		} else {
			advanced = append(advanced, w)
		}
	}
	// Sent with its description, a statement's rows need no Describe.
	var create, advance *pgconn.StatementDescription
	var err error
	if len(created) > 0 {
		if create, err = conn.Prepare(ctx, createChannelStmt, createChannelSQL); err != nil {
			return fmt.Errorf("ledger: put channel: %w", err)
		}
	}
	// The statement for the next power of two at or above the advances,
	// padded with rows of no id, which match none: a connection plans one
	// statement per power of two up to maxCharges, not one for every size
	// a group takes. Its text is made once.
	padded := 0
	if len(advanced) > 0 {
		padded = 1 << bits.Len(uint(len(advanced)-1))
		sql, ok := g.advanceSQL[padded]
		if !ok {
			sql = advanceChannelsSQL(padded)
			g.advanceSQL[padded] = sql
		}
		if advance, err = conn.Prepare(ctx, fmt.Sprintf(advanceChannelsStmt, padded), sql); err != nil {
			return fmt.Errorf("ledger: put channel: %w", err)
		}
	}
	pg := conn.PgConn()
	pg.Frontend().Send(room{&g.buf, groupSize(writes)})
	p := pg.StartPipeline(ctx)
	for _, w := range created {
		p.SendQueryStatement(create, [][]byte{[]byte(w.id), w.doc}, allBinary, nil)
	}
	if advance != nil {
		params := make([][]byte, 3*padded)
		versions := make([]byte, 8*len(advanced))
		for i, w := range advanced {
			version := versions[8*i : 8*i+8]
			binary.BigEndian.PutUint64(version, uint64(w.version))
			params[3*i], params[3*i+1], params[3*i+2] = []byte(w.id), version, w.doc
		}
		p.SendQueryStatement(advance, params, allBinary, nil)
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
			// The id of each channel written.
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
			w.tell(nil)
		} else {
			w.tell(ErrConflict)
		}
	}
	return nil
}

// room is a message of no bytes whose encoding grows the frontend's
// buffer by n bytes, in buf's storage. pgproto3 shrinks that buffer to
// 1 KiB after every flush, and a group's records appended to it one by one
// made it grow again at each: allocations and copies of four times the
// group's size. The group's own buffer, handed to the frontend before each
// group and dropped by it at the flush, serves every group.
type room struct {
	buf *[]byte
	n   int
}

func (room) Frontend() {}

func (room) Decode([]byte) error { return errors.New("ledger: room is never received") }

func (r room) Encode(dst []byte) ([]byte, error) {
	*r.buf = slices.Grow(append((*r.buf)[:0], dst...), r.n)
	return *r.buf, nil
}

// groupSize is at least the bytes of a group's messages: each write's Bind
// (its header, statement name, formats and parameters) and Execute, and the
// Sync's.
func groupSize(writes []*chargeWrite) int {
	n := 128
	for _, w := range writes {
		n += 96 + len(w.id) + len(w.doc)
	}
	return n
}

// allBinary is the format of every parameter of the group's statements:
// one format code stands for all of a statement's parameters.
var allBinary = []int16{pgx.BinaryFormatCode}
