package ledgertest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/url"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coinslot/coinslot/edge/ledger"
	"github.com/jackc/pgx/v5"
)

const defaultPostgresDSN = "postgres://postgres@127.0.0.1:5432/test?sslmode=disable"

// PostgresDSN is the server the PostgreSQL tests run against:
// COINSLOT_TEST_POSTGRES, or the local test database.
func PostgresDSN() string {
	if dsn := os.Getenv("COINSLOT_TEST_POSTGRES"); dsn != "" {
		return dsn
	}
	return defaultPostgresDSN
}

// RequirePostgres skips the test when no server answers, or fails it when
// COINSLOT_REQUIRE_POSTGRES=1 (as in CI).
func RequirePostgres(tb testing.TB) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, PostgresDSN())
	if err == nil {
		err = conn.Ping(ctx)
		conn.Close(ctx)
	}
	if err == nil {
		return
	}
	if os.Getenv("COINSLOT_REQUIRE_POSTGRES") == "1" {
		tb.Fatalf("PostgreSQL at %s is required (COINSLOT_REQUIRE_POSTGRES=1) but unreachable: %v", PostgresDSN(), err)
	}
	tb.Skipf("PostgreSQL at %s unreachable (%v): start one with .ci/postgres.sh or set COINSLOT_TEST_POSTGRES", PostgresDSN(), err)
}

// Postgres is a Backend: each test gets its own schema, dropped when it
// ends, so parallel tests and parallel runs never share tables. Every
// store the Opener opens is one more instance sharing that ledger.
func Postgres(tb testing.TB) Opener {
	dsn := PostgresSchema(tb)
	return func(opts ...ledger.Option) ledger.Store {
		s, err := ledger.OpenPostgres(context.Background(), dsn, opts...)
		if err != nil {
			tb.Fatal(err)
		}
		tb.Cleanup(func() { s.Close() })
		return s
	}
}

// PostgresSchema creates a schema of its own for the test, dropped when it
// ends, and returns the DSN that uses it: for whole services (each one an
// instance) sharing one ledger.
func PostgresSchema(tb testing.TB) string {
	ctx := context.Background()
	suffix := make([]byte, 8)
	rand.Read(suffix)
	schema := "ledgertest_" + hex.EncodeToString(suffix)
	admin, err := pgx.Connect(ctx, PostgresDSN())
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
	u, err := url.Parse(PostgresDSN())
	if err != nil {
		tb.Fatalf("COINSLOT_TEST_POSTGRES must be a postgres:// URL: %v", err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	q.Set("application_name", schema) // BackendCPU finds its backends by it
	u.RawQuery = q.Encode()
	return u.String()
}

// BackendCPU is the CPU time the server's backends serving dsn (a DSN of
// PostgresSchema) have used so far, from /proc: what a write costs the
// database, beside what it costs the caller, when the server runs on this
// machine. Backends are found by the schema's application name.
func BackendCPU(tb testing.TB, dsn string) time.Duration {
	u, err := url.Parse(dsn)
	if err != nil {
		tb.Fatal(err)
	}
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, PostgresDSN())
	if err != nil {
		tb.Fatal(err)
	}
	defer conn.Close(ctx)
	rows, _ := conn.Query(ctx, `SELECT pid FROM pg_stat_activity WHERE application_name = $1`, u.Query().Get("application_name"))
	pids, err := pgx.CollectRows(rows, pgx.RowTo[int32])
	if err != nil {
		tb.Fatal(err)
	}
	var sum time.Duration
	for _, pid := range pids {
		// schedstat's first field is the time on a CPU, in nanoseconds.
		b, err := os.ReadFile(fmt.Sprintf("/proc/%d/schedstat", pid))
		if err != nil {
			tb.Fatalf("PostgreSQL's backend %d: %v (is the server on another machine?)", pid, err)
		}
		ns, _ := strconv.ParseInt(strings.Fields(string(b))[0], 10, 64)
		sum += time.Duration(ns)
	}
	return sum
}
