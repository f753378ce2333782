package main

import (
	"context"
	"crypto/ecdsa"
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"time"

	"github.com/jackc/pgx/v5"
)

// ledgers is section 7: voucher calls on coinslot over the PostgreSQL
// ledger, in turns with the same calls over the file ledger, then exact
// payments the same way, then two instances sharing that PostgreSQL
// ledger, driven at once by one driver with half the connections each.
// The database server is the one -postgres names, on this machine: it
// shares the cores with coinslot and the driver, at its own priority, and
// its backends' CPU is read from /proc.
func (b *bench) ledgers() {
	if b.postgres == "" {
		fail("section 7 needs -postgres, a database the run may make a schema of its own in")
	}
	db := openBenchSchema(b.postgres)
	defer db.drop()
	file := b.coinslot("coinslot-file")
	pg := b.coinslotOn("coinslot-postgres", "COINSLOT_LEDGER_DRIVER=postgres", "COINSLOT_LEDGER_DSN="+db.dsn("coinslot-postgres"))
	onPG := b.voucherCalls("vouchers: coinslot, PostgreSQL ledger", pg, termsOf(pg, unpaidCall), conns)
	onPG.serverCPU = db.cpu
	rs := b.measure(b.voucherCalls("vouchers: coinslot, file ledger", file, termsOf(file, unpaidCall), conns), onPG)
	rFile, rPG := rs[0], rs[1]
	b.row("  PostgreSQL (its backends and WAL writer), per voucher call on its ledger", "", "", "", dur(rPG.serverPerCall), "", "", "")
	b.row("  the machine, per voucher call on the file ledger", "", "", "", dur(rFile.machinePerCall), "", "", "")
	b.row("  the machine, per voucher call on the PostgreSQL ledger", "", "", "", dur(rPG.machinePerCall), "", "", "")
	b.switchPrices()
	b.ratio("vouchers, PostgreSQL / file ledger", rPG.rps()/rFile.rps(), ">= 0.80", rPG.rps() >= 0.8*rFile.rps())
	b.byRound("vouchers, PostgreSQL / file ledger", rFile, rPG)
	b.ratio("voucher p99, PostgreSQL ledger (ms)", ms(rPG.p99), "<= 12", rPG.p99 <= 12*time.Millisecond)
	b.ratio("vouchers per core of coinslot's own, PostgreSQL / file ledger", perCore(rFile, rPG), "", true)

	b.exactOnLedgers(file, pg, db)

	second := b.coinslotOn("coinslot-postgres-2", "COINSLOT_LEDGER_DRIVER=postgres", "COINSLOT_LEDGER_DSN="+db.dsn("coinslot-postgres-2"))
	first := b.voucherCalls("vouchers: two instances, one PostgreSQL, first", pg, termsOf(pg, unpaidCall), conns/2)
	first.serverCPU = db.cpu // both instances', per call of both
	both := atOnce(first, b.voucherCalls("vouchers: two instances, one PostgreSQL, second", second, termsOf(second, unpaidCall), conns/2))
	for _, r := range both {
		b.result(r)
	}
	b.row("  PostgreSQL (its backends and WAL writer), per voucher call of either", "", "", "", dur(both[0].serverPerCall*time.Duration(both[0].n)/time.Duration(both[0].n+both[1].n)), "", "", "")
	b.ratio("vouchers, two instances / one, one PostgreSQL", (both[0].rps()+both[1].rps())/rPG.rps(), "", true)
}

// exactOnLedgers measures exact payments, signed ahead and each sent once,
// on file and on pg in turns: each call reserves its payment's nonce,
// settles it with the facilitator double, and keeps its receipt and answer
// in the ledger, with a synchronous commit on PostgreSQL where a voucher's
// write has none.
func (b *bench) exactOnLedgers(file, pg *proc, db *benchSchema) {
	phase := func(name string, target *proc) phase {
		signed := payments(termsOf(target, unpaidCall), []*ecdsa.PrivateKey{newKey(), newKey()}, b.paidN/2)
		return b.signed(name, target, paidCalls(trifectaPath, trifectaBody, signed), len(signed)/50)
	}
	onPG := phase("exact: coinslot, PostgreSQL ledger", pg)
	onPG.serverCPU = db.cpu
	rs := b.measure(phase("exact: coinslot, file ledger", file), onPG)
	b.row("  PostgreSQL (its backends and WAL writer), per exact call on its ledger", "", "", "", dur(rs[1].serverPerCall), "", "", "")
	b.row("  the machine, per exact call on the file ledger", "", "", "", dur(rs[0].machinePerCall), "", "", "")
	b.row("  the machine, per exact call on the PostgreSQL ledger", "", "", "", dur(rs[1].machinePerCall), "", "", "")
	b.ratio("exact, PostgreSQL / file ledger", rs[1].rps()/rs[0].rps(), "", true)
	b.byRound("exact, PostgreSQL / file ledger", rs[0], rs[1])
	b.ratio("exact calls per core of coinslot's own, PostgreSQL / file ledger", perCore(rs[0], rs[1]), "", true)
}

// perCore is the calls an instance on the PostgreSQL ledger serves per
// core of its own, as a share of one on the file ledger: the inverse of
// their CPU per call. It is the figure for instances that share a database
// on a machine of its own, as a cluster's do. This run's database takes
// its CPU from the same cores, which the calls-per-second ratio counts;
// the instance's CPU still counts what the database's wake-ups and
// interrupts cost it here.
func perCore(file, pg result) float64 {
	return float64(file.cpuPerCall) / float64(pg.cpuPerCall)
}

// coinslotOn starts coinslot in production mode against the facilitator
// double, over the ledger env chooses.
func (b *bench) coinslotOn(name string, env ...string) *proc {
	addr, fac := freeAddr(), b.facilitator()
	return launch(name, addr, "", append(append([]string{
		"COINSLOT_MODE=production", "COINSLOT_PAY_TO=" + payTo, "COINSLOT_FACILITATOR_URL=http://" + fac.addr,
		"COINSLOT_BASE_URL=http://" + addr,
	}, env...), liftedLimits...), underTest(b.bin.coinslot, "serve", "--listen", addr)...)
}

// benchSchema is a schema made for one run in the -postgres database, and
// dropped at its end, so that runs share no tables with each other or with
// anything else there.
type benchSchema struct {
	conn *pgx.Conn
	name string
	base *url.URL
}

func openBenchSchema(dsn string) *benchSchema {
	u, err := url.Parse(dsn)
	if err != nil {
		fail("-postgres must be a postgres:// URL: %v", err)
	}
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		fail("-postgres: %v", err)
	}
	suffix := make([]byte, 6)
	rand.Read(suffix)
	s := &benchSchema{conn: conn, name: "coinslot_bench_" + hex.EncodeToString(suffix), base: u}
	if _, err := conn.Exec(ctx, "CREATE SCHEMA "+s.name); err != nil {
		fail("-postgres: %v", err)
	}
	return s
}

// dsn is the schema's DSN for the instance name: its connections carry
// the name, by which backendCPU finds them.
func (s *benchSchema) dsn(name string) string {
	u := *s.base
	q := u.Query()
	q.Set("search_path", s.name)
	q.Set("application_name", name)
	u.RawQuery = q.Encode()
	return u.String()
}

func (s *benchSchema) drop() {
	ctx := context.Background()
	if _, err := s.conn.Exec(ctx, "DROP SCHEMA "+s.name+" CASCADE"); err != nil {
		logf("dropping %s: %v", s.name, err)
	}
	s.conn.Close(ctx)
}

// cpu is the CPU time the server has spent on the run's instances: the
// backends serving them, and the server's own processes (the WAL writer
// above all, which every commit of theirs may wake), which serve nobody
// else on a quiet machine. The server runs on this machine. The instances'
// pools keep their connections, so a backend's time is not lost with it.
func (s *benchSchema) cpu() time.Duration {
	rows, err := s.conn.Query(context.Background(), `SELECT pid FROM pg_stat_activity WHERE pid <> pg_backend_pid()
		AND (application_name LIKE 'coinslot-%' AND datname = current_database() OR backend_type <> 'client backend')`)
	if err != nil {
		fail("reading PostgreSQL's backends: %v", err)
	}
	pids, err := pgx.CollectRows(rows, pgx.RowTo[int32])
	if err != nil {
		fail("reading PostgreSQL's backends: %v", err)
	}
	var sum time.Duration
	for _, pid := range pids {
		d, err := pidCPU(int(pid))
		if err != nil {
			fail("PostgreSQL's backend %d: %v (is the server on another machine?)", pid, err)
		}
		sum += d
	}
	return sum
}
