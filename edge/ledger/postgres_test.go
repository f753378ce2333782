package ledger_test

import (
	"context"
	"errors"
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

func BenchmarkPostgresCharge(b *testing.B) {
	ledgertest.RequirePostgres(b)
	ledgertest.BenchmarkCharge(b, ledgertest.Postgres(b)())
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

// A ledger written before pairs kept what identifies their payment takes
// the columns at the next start: its settling pair is still pending, with
// neither digest, and is recorded as before.
func TestPostgresTakesPaymentKeys(t *testing.T) {
	ledgertest.RequirePostgres(t)
	dsn := ledgertest.PostgresSchema(t)
	c := context.Background()
	conn, err := pgx.Connect(c, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(c)
	const payer, nonce = "0xabcdef0123456789abcdef0123456789abcdef01", "0xf00d"
	_, err = conn.Exec(c, `
		CREATE TABLE nonces (
			payer text NOT NULL, nonce text NOT NULL, tool text NOT NULL,
			state text NOT NULL CHECK (state IN ('reserved', 'settling', 'settled')),
			since timestamptz NOT NULL, pending jsonb, tx text,
			valid_before bigint NOT NULL DEFAULT 0, answer bytea, instance text NOT NULL DEFAULT '',
			request_key text NOT NULL DEFAULT '',
			PRIMARY KEY (payer, nonce));
		INSERT INTO nonces (payer, nonce, tool, state, since, pending, request_key)
		VALUES ('`+payer+`', '`+nonce+`', 'tool_a', 'settling', now(), '{"network":"eip155:8453","tool":"tool_a"}', 'k1')`)
	if err != nil {
		t.Fatal(err)
	}
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
