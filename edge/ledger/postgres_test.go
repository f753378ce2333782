package ledger_test

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"net/url"
	"os"
	"runtime"
	"testing"
	"time"

	"github.com/coinslot/coinslot/edge/ledger"
	"github.com/coinslot/coinslot/edge/ledger/ledgertest"
	"github.com/jackc/pgx/v5"
)

const defaultTestDSN = "postgres://postgres@127.0.0.1:5432/test?sslmode=disable"

// testDSN is the server the Postgres suite runs against.
func testDSN() string {
	if dsn := os.Getenv("COINSLOT_TEST_POSTGRES"); dsn != "" {
		return dsn
	}
	return defaultTestDSN
}

// requirePostgres skips the test when no server answers, or fails it when
// COINSLOT_REQUIRE_POSTGRES=1 (as in CI).
func requirePostgres(tb testing.TB) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, testDSN())
	if err == nil {
		err = conn.Ping(ctx)
		conn.Close(ctx)
	}
	if err == nil {
		return
	}
	if os.Getenv("COINSLOT_REQUIRE_POSTGRES") == "1" {
		tb.Fatalf("PostgreSQL at %s is required (COINSLOT_REQUIRE_POSTGRES=1) but unreachable: %v", testDSN(), err)
	}
	tb.Skipf("PostgreSQL at %s unreachable (%v): start one with .ci/postgres.sh or set COINSLOT_TEST_POSTGRES", testDSN(), err)
}

// postgresBackend gives each test its own schema, dropped when it ends, so
// parallel tests and parallel runs never share tables.
func postgresBackend(tb testing.TB) ledgertest.Opener {
	ctx := context.Background()
	suffix := make([]byte, 8)
	rand.Read(suffix)
	schema := "ledgertest_" + hex.EncodeToString(suffix)
	admin, err := pgx.Connect(ctx, testDSN())
	if err != nil {
		tb.Fatal(err)
	}
	if _, err := admin.Exec(ctx, "CREATE SCHEMA "+schema); err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() {
		if _, err := admin.Exec(ctx, "DROP SCHEMA "+schema+" CASCADE"); err != nil {
			tb.Errorf("drop %s: %v", schema, err)
		}
		admin.Close(ctx)
	})
	u, err := url.Parse(testDSN())
	if err != nil {
		tb.Fatalf("COINSLOT_TEST_POSTGRES must be a postgres:// URL: %v", err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return func(opts ...ledger.Option) ledger.Store {
		s, err := ledger.OpenPostgres(ctx, u.String(), opts...)
		if err != nil {
			tb.Fatal(err)
		}
		tb.Cleanup(func() { s.Close() })
		return s
	}
}

func TestPostgres(t *testing.T) {
	requirePostgres(t)
	ledgertest.Run(t, postgresBackend)
}

func BenchmarkPostgres(b *testing.B) {
	requirePostgres(b)
	ledgertest.Benchmark(b, postgresBackend(b)())
}

// Two instances share the ledger: a live instance keeps its reservations
// past its lease by renewing it; once it stops, another takes them over
// within the lease.
func TestPostgresLease(t *testing.T) {
	requirePostgres(t)
	open := postgresBackend(t)
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
	requirePostgres(t)
	open := postgresBackend(t)
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
	requirePostgres(t)
	open := postgresBackend(t)
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
