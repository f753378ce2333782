package ledger_test

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"testing"
	"time"

	"github.com/coinslot/coinslot/edge/ledger"
	"github.com/coinslot/coinslot/edge/ledger/ledgertest"
	"github.com/jackc/pgx/v5"
)

func TestPostgres(t *testing.T) {
	ledgertest.RequirePostgres(t)
	ledgertest.Run(t, ledgertest.Postgres)
}

func BenchmarkPostgres(b *testing.B) {
	ledgertest.RequirePostgres(b)
	ledgertest.Benchmark(b, ledgertest.Postgres(b)())
}

func BenchmarkPostgresPaymentsParallel(b *testing.B) {
	benchmarkPostgresBackends(b, ledgertest.BenchmarkPaymentsParallel)
}

func BenchmarkPostgresCharge(b *testing.B) {
	benchmarkPostgresBackends(b, ledgertest.BenchmarkCharge)
}

// benchmarkPostgresBackends runs bench on a PostgreSQL ledger of its own,
// and reports what its backends spent per operation beside it.
func benchmarkPostgresBackends(b *testing.B, bench func(*testing.B, ledger.Store)) {
	ledgertest.RequirePostgres(b)
	dsn := ledgertest.PostgresSchema(b)
	s := openPostgres(b, dsn)
	start := ledgertest.BackendCPU(b, dsn)
	bench(b, s)
	b.ReportMetric(float64(ledgertest.BackendCPU(b, dsn)-start)/float64(time.Microsecond)/float64(b.N), "backend-µs/op")
}

// openPostgres opens the ledger at dsn, closed when the test ends: for a
// test that reads the database behind it through dsn too.
func openPostgres(tb testing.TB, dsn string) *ledger.Postgres {
	s, err := ledger.OpenPostgres(context.Background(), dsn)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { s.Close() })
	return s
}

// Two instances share the ledger: a live instance keeps its reservations
// past its lease by renewing it; once it stops, another takes them over
// within the lease.
func TestPostgresLease(t *testing.T) {
	ledgertest.RequirePostgres(t)
	open := ledgertest.Postgres(t)
	const lease = 1500 * time.Millisecond // renewals stay well inside it on a loaded machine
	a, b := open(ledger.WithLease(lease)), open(ledger.WithLease(lease))
	c := context.Background()
	const payer, nonce = "0xAbCdEf0123456789aBcDeF0123456789AbCdEf01", "0xf00d"
	if err := a.Reserve(c, payer, nonce, "tool_a"); err != nil {
		t.Fatal(err)
	}
	time.Sleep(2 * lease)
	if err := b.Reserve(c, payer, nonce, "tool_a"); !errors.Is(err, ledger.ErrReplayed) {
		t.Fatalf("reserve a live instance's pair: got %v, want ErrReplayed", err)
	}
	a.Close() // as a crash would: the lease is left to lapse
	time.Sleep(lease + 200*time.Millisecond)
	if err := b.Reserve(c, payer, nonce, "tool_b"); err != nil {
		t.Fatalf("reserve once the holder's lease lapsed: %v", err)
	}
	if err := b.Settling(c, payer, nonce, &ledger.Receipt{Tool: "tool_b"}, nil); err != nil {
		t.Fatalf("the new holder settles: %v", err)
	}
	if p, err := b.Payment(c, payer, nonce); err != nil || p.State != ledger.Settling {
		t.Fatalf("payment: %+v, %v", p, err)
	}
}

// The pool is sized for paid concurrency unless ledger.max_conns says
// otherwise.
func TestPostgresPoolSize(t *testing.T) {
	ledgertest.RequirePostgres(t)
	open := ledgertest.Postgres(t)
	if got, want := open().(*ledger.Postgres).MaxConns(), max(4*runtime.GOMAXPROCS(0), 16); got != want {
		t.Errorf("default pool: %d connections, want %d", got, want)
	}
	if got := open(ledger.WithMaxConns(40)).(*ledger.Postgres).MaxConns(); got != 40 {
		t.Errorf("max_conns 40: pool of %d", got)
	}
}

// A reservation commits without waiting for the WAL's flush, and only its
// own transaction does: the settling and settled writes that follow it on
// the same connection wait for theirs.
func TestPostgresReserveLeavesCommitsSynchronous(t *testing.T) {
	ledgertest.RequirePostgres(t)
	s := ledgertest.Postgres(t)(ledger.WithMaxConns(1)).(*ledger.Postgres)
	c := context.Background()
	if err := s.Reserve(c, "0xabc", "0x1", "tool_a"); err != nil {
		t.Fatal(err)
	}
	if err := s.Reserve(c, "0xabc", "0x1", "tool_a"); !errors.Is(err, ledger.ErrReplayed) {
		t.Fatalf("the pair reserved again: %v; want ErrReplayed", err)
	}
	if v, err := s.Setting("synchronous_commit"); err != nil || v != "on" {
		t.Fatalf("synchronous_commit after a reservation: %q, %v; want on", v, err)
	}
}

// The exact payments' writes of one group are each written, or refused,
// on their own: a pair not reserved is refused its settling, a pair
// settled with another transaction is a replay, and a record the database
// rejects fails alone; the group's others commit.
func TestPostgresPaymentGroupMembersFailAlone(t *testing.T) {
	ledgertest.RequirePostgres(t)
	s := ledgertest.Postgres(t)().(*ledger.Postgres)
	c := context.Background()
	const payer = "0xabc"
	for _, nonce := range []string{"0x1", "0x2", "0x3"} {
		if err := s.Reserve(c, payer, nonce, "tool_a"); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Settling(c, payer, "0x3", &ledger.Receipt{Tool: "tool_a"}, nil); err != nil {
		t.Fatal(err)
	}
	if err := s.Record(c, payer, "0x3", &ledger.Receipt{Tool: "tool_a", Tx: "0x03"}); err != nil {
		t.Fatal(err)
	}
	settling := func(nonce string) func() error {
		return func() error {
			return s.Settling(c, payer, nonce, &ledger.Receipt{Tool: "tool_a"}, []byte(`{"n":"`+nonce+`"}`))
		}
	}
	errs := s.PaymentsTogether(settling("0x1"), settling("0x9"), settling("0x2"))
	if errs[0] != nil || !errors.Is(errs[1], ledger.ErrNotReserved) || errs[2] != nil {
		t.Fatalf("settling 0x1, 0x9 (never reserved), 0x2 together: %v; want nil, ErrNotReserved, nil", errs)
	}
	record := func(nonce, tool, tx string) func() error {
		return func() error { return s.Record(c, payer, nonce, &ledger.Receipt{Tool: tool, Tx: tx}) }
	}
	errs = s.PaymentsTogether(record("0x1", "tool_a", "0x01"), record("0x3", "tool_a", "0x0f"), record("0x2", "tool\x00a", "0x02"))
	if errs[0] != nil || !errors.Is(errs[1], ledger.ErrReplayed) || errs[2] == nil || errors.Is(errs[2], ledger.ErrReplayed) {
		t.Fatalf("recording 0x1, 0x3 with another transaction, 0x2 with a tool the database refuses, together: %v; want nil, ErrReplayed, an error", errs)
	}
	for nonce, want := range map[string]ledger.State{"0x1": ledger.Settled, "0x2": ledger.Settling, "0x3": ledger.Settled} {
		if pm, err := s.Payment(c, payer, nonce); err != nil || pm.State != want {
			t.Fatalf("pair %s after the groups: %+v, %v; want %s", nonce, pm, err, want)
		}
	}
	if pm, _ := s.Payment(c, payer, "0x1"); string(pm.Answer) != `{"n":"0x1"}` {
		t.Fatalf("0x1's answer after the groups: %q; want the one kept at settling", pm.Answer)
	}
	if _, err := s.Receipt(c, "0x0f"); !errors.Is(err, ledger.ErrNotFound) {
		t.Fatalf("the replay's receipt: %v; want none", err)
	}
	if r, err := s.Receipt(c, "0x01"); err != nil || r.Tx != "0x01" {
		t.Fatalf("0x1's receipt: %+v, %v; want it written", r, err)
	}
}

// Of two instances sharing the ledger one leads a job; the other takes it
// over only once the leader has not renewed within the lead's ttl.
func TestPostgresLead(t *testing.T) {
	ledgertest.RequirePostgres(t)
	open := ledgertest.Postgres(t)
	now := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	clock := ledger.WithClock(func() time.Time { return now })
	a, b := open(clock), open(clock)
	c := context.Background()
	lead := func(s ledger.Store, want bool) {
		t.Helper()
		if got, err := s.Lead(c, "claims", time.Minute); err != nil || got != want {
			t.Fatalf("at %s: lead %v (%v), want %v", now.Format(time.TimeOnly), got, err, want)
		}
	}
	lead(a, true)
	lead(b, false)
	now = now.Add(50 * time.Second)
	lead(a, true) // renewed until 12:01:50
	now = now.Add(30 * time.Second)
	lead(b, false)
	now = now.Add(31 * time.Second)
	lead(b, true) // a did not renew
	lead(a, false)
}

func TestFileLeadsAlone(t *testing.T) {
	s := fileBackend(t)()
	defer s.Close()
	if ok, err := s.Lead(context.Background(), "claims", time.Minute); err != nil || !ok {
		t.Fatalf("lead %v %v", ok, err)
	}
}

// Payment tells a pair another live instance holds, reserved or settling,
// from one this instance holds: a call there may still be running with it.
func TestPostgresPaymentElsewhere(t *testing.T) {
	ledgertest.RequirePostgres(t)
	open := ledgertest.Postgres(t)
	a, b := open(), open()
	c := context.Background()
	const payer, nonce = "0xAbCdEf0123456789aBcDeF0123456789AbCdEf01", "0xf00d"
	elsewhere := func(s ledger.Store, state ledger.State, want bool) {
		t.Helper()
		if p, err := s.Payment(c, payer, nonce); err != nil || p.State != state || p.Elsewhere != want {
			t.Fatalf("payment %+v (%v); want %s, elsewhere %v", p, err, state, want)
		}
	}
	if err := a.Reserve(c, payer, nonce, "tool_a"); err != nil {
		t.Fatal(err)
	}
	elsewhere(a, ledger.Reserved, false)
	elsewhere(b, ledger.Reserved, true)
	if err := a.Settling(c, payer, nonce, &ledger.Receipt{Tool: "tool_a"}, nil); err != nil {
		t.Fatal(err)
	}
	elsewhere(a, ledger.Settling, false)
	elsewhere(b, ledger.Settling, true)
	if err := b.Record(c, payer, nonce, &ledger.Receipt{Tool: "tool_a", Tx: "0x01"}); err != nil {
		t.Fatal(err)
	}
	elsewhere(b, ledger.Settled, false)
}

// Instances sharing the ledger seal sign-in-with-x nonces with one key, and
// a nonce one of them used up is used up for the other.
func TestPostgresSignInShared(t *testing.T) {
	ledgertest.RequirePostgres(t)
	open := ledgertest.Postgres(t)
	a, b := open(), open()
	c := context.Background()
	ka, err := a.SignInKey(c)
	if err != nil {
		t.Fatal(err)
	}
	if kb, err := b.SignInKey(c); err != nil || string(kb) != string(ka) {
		t.Fatalf("the second instance's key %x (%v), the first's %x", kb, err, ka)
	}
	const nonce = "a1b2c3d4e5f67890a1b2c3d4e5f67890"
	expires := time.Now().Add(time.Minute)
	if ok, err := a.SpendChallenge(c, nonce, expires); !ok || err != nil {
		t.Fatalf("first use: %v, %v", ok, err)
	}
	if ok, err := b.SpendChallenge(c, nonce, expires); ok || err != nil {
		t.Fatalf("use on the other instance: %v, %v; want refused", ok, err)
	}
}

// A ledger made before bindings were told pending from paid takes the
// distinction at the next start: a binding of a settling or settled pair
// is paid and counted; one of a pair released or never settled binds anew.
func TestPostgresPaysBindingsOfEarlierVersions(t *testing.T) {
	const payer, settled, released = "0xabc", "pay_7d5d747be160e280504c099d984bcfe0", "pay_0000000000000000aaaaaaaaaaaaaaaa"
	c, dsn, _ := earlierLedger(t, `
		CREATE TABLE nonces (payer text NOT NULL, nonce text NOT NULL, tool text NOT NULL,
			state text NOT NULL CHECK (state IN ('reserved', 'settling', 'settled')), since timestamptz NOT NULL,
			pending jsonb, tx text, PRIMARY KEY (payer, nonce));
		CREATE TABLE payment_ids (payer text NOT NULL, id text NOT NULL, fingerprint text NOT NULL, nonce text NOT NULL,
			bound_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (payer, id));
		INSERT INTO nonces VALUES ('0xabc', '0x1', 'tool_a', 'settled', now(), NULL, '0x1');
		INSERT INTO payment_ids (payer, id, fingerprint, nonce) VALUES
			('0xabc', '`+settled+`', 'fp-a', '0x1'), ('0xabc', '`+released+`', 'fp-a', '0x9')`)
	s, err := ledger.OpenPostgres(c, dsn, ledger.WithPaymentIDs(1))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.Reserve(c, payer, "0x2", "tool_a"); err != nil {
		t.Fatal(err)
	}
	if b, err := s.Identify(c, payer, settled, "fp-a", "0x2"); err != nil || b == nil || *b != (ledger.Binding{Fingerprint: "fp-a", Nonce: "0x1"}) {
		t.Fatalf("the binding of a settled payment: %+v, %v; want it kept", b, err)
	}
	if b, err := s.Identify(c, payer, released, "fp-b", "0x2"); err != nil || b != nil {
		t.Fatalf("the binding of a payment never settled: %+v, %v; want it bound anew", b, err)
	}
	if b, err := s.Identify(c, payer, "pay_1111111111111111aaaaaaaaaaaaaaaa", "fp-a", "0x2"); !errors.Is(err, ledger.ErrIDsFull) {
		t.Fatalf("a new id with one paid in a ledger of one: %+v, %v; want ErrIDsFull", b, err)
	}
}

// A group's advances share one statement, sized to the next power of
// two and padded with rows that match no channel: three advances, one of
// them stale, write the two others and nothing else.
func TestPostgresChargeGroupPaddedAdvances(t *testing.T) {
	ledgertest.RequirePostgres(t)
	s := ledgertest.Postgres(t)().(*ledger.Postgres)
	c := context.Background()
	record := func(id int, charged string, version int64) *ledger.Channel {
		return &ledger.Channel{ID: fmt.Sprintf("0x%064x", id), Config: []byte(`{"payer":"0xabc"}`), Charged: charged, Version: version}
	}
	for id := range 4 {
		if err := s.PutChannel(c, record(id, "1", 0)); err != nil {
			t.Fatal(err)
		}
	}
	group := []*ledger.Channel{record(0, "2", 1), record(1, "2", 2), record(2, "2", 1)}
	errs := s.PutChannelsTogether(group)
	if errs[0] != nil || !errors.Is(errs[1], ledger.ErrConflict) || errs[2] != nil {
		t.Fatalf("outcomes %v, want nil, a conflict, nil", errs)
	}
	for id, want := range []struct {
		charged string
		version int64
	}{{"2", 2}, {"1", 1}, {"2", 2}, {"1", 1}} {
		got, err := s.Channel(c, fmt.Sprintf("0x%064x", id))
		if err != nil || got.Charged != want.charged || got.Version != want.version {
			t.Errorf("channel %d: %+v, %v; want charged %s at version %d", id, got, err, want.charged, want.version)
		}
	}
}

// The groups' connection is dialled again once it is lost: a write on a
// connection the database dropped fails, and the next one commits.
func TestPostgresChargeGroupReconnects(t *testing.T) {
	ledgertest.RequirePostgres(t)
	dsn := ledgertest.PostgresSchema(t)
	s := openPostgres(t, dsn)
	c := context.Background()
	ch := &ledger.Channel{ID: fmt.Sprintf("0x%064x", 1), Config: []byte(`{"payer":"0xabc"}`), Charged: "1"}
	if err := s.PutChannel(c, ch); err != nil {
		t.Fatal(err)
	}
	admin, err := pgx.Connect(c, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close(c)
	var dropped int
	err = admin.QueryRow(c, `SELECT count(pg_terminate_backend(pid, 5000)) FROM pg_stat_activity
		WHERE application_name = current_setting('application_name') AND query LIKE 'INSERT INTO channels%'`).Scan(&dropped)
	if err != nil || dropped != 1 {
		t.Fatalf("dropping the groups' connection: %d dropped, %v", dropped, err)
	}
	ch.Charged = "2"
	if err := s.PutChannel(c, ch); err == nil {
		t.Fatal("a write on a dropped connection succeeded")
	}
	if err := s.PutChannel(c, ch); err != nil {
		t.Fatalf("the write after: %v", err)
	}
	if got, err := s.Channel(c, ch.ID); err != nil || got.Charged != "2" || got.Version != 2 {
		t.Fatalf("channel: %+v, %v; want charged 2 at version 2", got, err)
	}
}

func BenchmarkPostgresChargeParallel(b *testing.B) {
	benchmarkPostgresBackends(b, ledgertest.BenchmarkChargeParallel)
}

// The concurrent writes of one group are each written, or refused, on
// their own: a stale version, a channel created already, a second write
// of a channel in the same group, or a record the database rejects fails
// that write alone, and the group's others commit.
func TestPostgresChargeGroupMembersFailAlone(t *testing.T) {
	ledgertest.RequirePostgres(t)
	s := ledgertest.Postgres(t)().(*ledger.Postgres)
	c := context.Background()
	record := func(id int, charged string) *ledger.Channel {
		return &ledger.Channel{ID: fmt.Sprintf("0x%064x", id), Config: []byte(`{"payer":"0xabc"}`), Charged: charged}
	}
	for id := range 3 {
		if err := s.PutChannel(c, record(id, "1")); err != nil {
			t.Fatal(err)
		}
	}
	advanced, twice := record(0, "2"), record(0, "3")
	advanced.Version, twice.Version = 1, 1
	stale := record(1, "2") // at version 0, created already
	moved := record(2, "2")
	moved.Version = 1
	if err := s.PutChannel(c, moved); err != nil {
		t.Fatal(err)
	}
	staleAdvance := record(2, "9")
	staleAdvance.Version = 1
	created := record(3, "1")
	broken := record(4, "1")
	broken.Config = []byte(`{"payer":`)
	group := []*ledger.Channel{staleAdvance, twice, broken, created, stale, advanced}
	errs := s.PutChannelsTogether(group)
	want := []error{ledger.ErrConflict, nil, errors.New("a record the database rejects"), nil, ledger.ErrConflict, ledger.ErrConflict}
	for i, err := range errs {
		switch {
		case want[i] == nil && err != nil, want[i] != nil && err == nil:
			t.Errorf("write %d (%s at version %d): %v, want %v", i, group[i].Charged, group[i].Version, err, want[i])
		case errors.Is(want[i], ledger.ErrConflict) && !errors.Is(err, ledger.ErrConflict):
			t.Errorf("write %d: %v, want a conflict", i, err)
		case want[i] != nil && !errors.Is(want[i], ledger.ErrConflict) && errors.Is(err, ledger.ErrConflict):
			t.Errorf("write %d: a conflict, want the database's error", i)
		}
	}
	for id, charged := range []string{"3", "1", "2", "1"} {
		got, err := s.Channel(c, fmt.Sprintf("0x%064x", id))
		if err != nil || got.Charged != charged {
			t.Errorf("channel %d: %+v, %v; want charged %s", id, got, err, charged)
		}
	}
	if _, err := s.Channel(c, fmt.Sprintf("0x%064x", 4)); !errors.Is(err, ledger.ErrNotFound) {
		t.Errorf("the rejected record: %v, want none", err)
	}
}

// A channel written before its payer had a column of its own, or by an
// instance of that version still running, is found by its payer.
func TestPostgresPayerChannelsOfEarlierVersions(t *testing.T) {
	c, dsn, conn := earlierLedger(t, `CREATE TABLE channels (id text PRIMARY KEY, version bigint NOT NULL, doc json NOT NULL);
		INSERT INTO channels VALUES ('0x01', 3, '{"id":"0x01","charged":"5","config":{"payer":"0xABC"}}')`)
	s, err := ledger.OpenPostgres(c, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	// An instance of the earlier version, still running, opens another.
	if _, err := conn.Exec(c, `INSERT INTO channels (id, version, doc) VALUES ('0x02', 1, '{"id":"0x02","charged":"1","config":{"payer":"0xabc"}}')`); err != nil {
		t.Fatal(err)
	}
	got, err := s.PayerChannels(c, "0xabc", 10)
	if err != nil || len(got) != 2 || got[0].Charged != "5" || got[0].Version != 3 || got[1].Charged != "1" {
		t.Fatalf("the payer's channels: %+v, %v; want the two written by the earlier version", got, err)
	}
}

// A write whose caller has given up is not queued, and says why.
func TestPostgresChargeGivenUp(t *testing.T) {
	ledgertest.RequirePostgres(t)
	s := ledgertest.Postgres(t)()
	c, cancel := context.WithCancel(context.Background())
	cancel()
	if err := s.PutChannel(c, &ledger.Channel{ID: "0x01", Config: []byte(`{}`)}); !errors.Is(err, context.Canceled) {
		t.Fatalf("a write given up: %v, want the context's error", err)
	}
	if _, err := s.Channel(context.Background(), "0x01"); !errors.Is(err, ledger.ErrNotFound) {
		t.Fatalf("the write given up: %v, want no record", err)
	}
}

// A ledger written before pairs kept what identifies their payment takes
// the columns at the next start: its settling pair is still pending, with
// neither digest, and is recorded as before.
func TestPostgresTakesPaymentKeys(t *testing.T) {
	const payer, nonce = "0xabcdef0123456789abcdef0123456789abcdef01", "0xf00d"
	c, dsn, _ := earlierLedger(t, `
		CREATE TABLE nonces (
			payer text NOT NULL, nonce text NOT NULL, tool text NOT NULL,
			state text NOT NULL CHECK (state IN ('reserved', 'settling', 'settled')),
			since timestamptz NOT NULL, pending jsonb, tx text,
			valid_before bigint NOT NULL DEFAULT 0, answer bytea, instance text NOT NULL DEFAULT '',
			request_key text NOT NULL DEFAULT '',
			PRIMARY KEY (payer, nonce));
		INSERT INTO nonces (payer, nonce, tool, state, since, pending, request_key)
		VALUES ('`+payer+`', '`+nonce+`', 'tool_a', 'settling', now(), '{"network":"eip155:8453","tool":"tool_a"}', 'k1')`)
	s, err := ledger.OpenPostgres(c, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	pending, err := s.Pending(c)
	if err != nil || len(pending) != 1 || pending[0].Receipt.Network != "eip155:8453" || pending[0].Receipt.RequestKey != "k1" ||
		pending[0].Receipt.Sent != "" || pending[0].Receipt.IDKey != "" {
		t.Fatalf("pending %+v (%v)", pending, err)
	}
	if err := s.Record(c, payer, nonce, &ledger.Receipt{Tool: "tool_a", Network: "eip155:8453", Tx: "0x01"}); err != nil {
		t.Fatal(err)
	}
	if p, err := s.Payment(c, payer, nonce); err != nil || p.State != ledger.Settled || p.Receipt.RequestKey != "k1" || p.Receipt.Sent != "" {
		t.Fatalf("payment %+v (%v)", p, err)
	}
}

// earlierLedger is a schema of its own as an earlier version left it (the
// statements given), and a connection to it, for the next start to take.
func earlierLedger(t *testing.T, statements string) (context.Context, string, *pgx.Conn) {
	t.Helper()
	ledgertest.RequirePostgres(t)
	dsn := ledgertest.PostgresSchema(t)
	c := context.Background()
	conn, err := pgx.Connect(c, dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close(c) })
	if _, err := conn.Exec(c, statements); err != nil {
		t.Fatal(err)
	}
	return c, dsn, conn
}
