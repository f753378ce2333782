package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"net/url"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/coinslot/coinslot/edge/ledger"
	"github.com/coinslot/coinslot/edge/ledger/ledgertest"
	"github.com/jackc/pgx/v5"
)

// backupCommands are the commands of docs/operations.md's PostgreSQL backup
// block: the dump, then the restore.
func backupCommands(t *testing.T) (dump, restore string) {
	t.Helper()
	doc, err := os.ReadFile("../../docs/operations.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(doc), "## Ledger backup and restore")
	_, block, ok2 := strings.Cut(section, "```sh\n")
	block, _, ok3 := strings.Cut(block, "```")
	if !ok || !ok2 || !ok3 {
		t.Fatal("docs/operations.md has no sh block under ## Ledger backup and restore")
	}
	for _, line := range strings.Split(block, "\n") {
		switch {
		case strings.HasPrefix(line, "pg_dump "):
			dump = line
		case strings.HasPrefix(line, "pg_restore "):
			restore = line
		case line != "" && !strings.HasPrefix(line, "#"):
			t.Fatalf("the backup block has a command this test does not run: %s", line)
		}
	}
	if dump == "" || restore == "" {
		t.Fatalf("the backup block needs a pg_dump and a pg_restore line:\n%s", block)
	}
	return dump, restore
}

// scratchDatabase creates an empty database for the test and returns its
// DSN; it is dropped when the test ends.
func scratchDatabase(t *testing.T, admin *pgx.Conn) string {
	t.Helper()
	suffix := make([]byte, 6)
	rand.Read(suffix)
	name := "coinslot_backup_" + hex.EncodeToString(suffix)
	ctx := context.Background()
	if _, err := admin.Exec(ctx, "CREATE DATABASE "+name); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if _, err := admin.Exec(ctx, "DROP DATABASE "+name+" WITH (FORCE)"); err != nil {
			t.Errorf("drop %s: %v", name, err)
		}
	})
	u, err := url.Parse(ledgertest.PostgresDSN())
	if err != nil {
		t.Fatal(err)
	}
	u.Path = "/" + name
	return u.String()
}

// The backup docs/operations.md gives, run as printed, brings back every
// table of a ledger in an empty database: a settled payment's receipt and
// answer, a payment-identifier binding and a batch-settlement channel with
// its unclaimed voucher.
func TestDocumentedBackupRestoresTheLedger(t *testing.T) {
	ledgertest.RequirePostgres(t)
	for _, tool := range []string{"pg_dump", "pg_restore"} {
		if _, err := exec.LookPath(tool); err != nil {
			if os.Getenv("COINSLOT_REQUIRE_POSTGRES") == "1" {
				t.Fatalf("%s is required (COINSLOT_REQUIRE_POSTGRES=1): %v", tool, err)
			}
			t.Skipf("%s not installed", tool)
		}
	}
	dump, restore := backupCommands(t)
	ctx := context.Background()
	admin, err := pgx.Connect(ctx, ledgertest.PostgresDSN())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { admin.Close(ctx) }) // after the databases are dropped
	from, to := scratchDatabase(t, admin), scratchDatabase(t, admin)

	const payer, nonce, tx = "0x70997970c51812dc3a010c7d01b50e0d17dc79c8", "0x0b0c", "0x5e771ed"
	answer := []byte(`{"data":{"business_days":5}}`)
	receipt := &ledger.Receipt{Tool: "business_days", Payer: payer, Tx: tx, SettledAt: time.Date(2026, 11, 20, 9, 0, 0, 0, time.UTC)}
	channel := &ledger.Channel{ID: "0xc4a77e1", Config: json.RawMessage(`{"payer":"` + payer + `"}`), Charged: "30000",
		SignedMax: "40000", Signature: "0x51", Balance: "1000000", TotalClaimed: "0", RefundNonce: "0"}
	src, err := ledger.OpenPostgres(ctx, from)
	if err != nil {
		t.Fatal(err)
	}
	for _, step := range []error{
		src.Reserve(ctx, payer, nonce, receipt.Tool),
		src.Settling(ctx, payer, nonce, receipt, answer),
		src.Record(ctx, payer, nonce, receipt),
		src.PutChannel(ctx, channel),
	} {
		if step != nil {
			t.Fatal(step)
		}
	}
	if b, err := src.Identify(ctx, payer, "pay-1", "fp-1", nonce); b != nil || err != nil {
		t.Fatalf("identify: %+v, %v", b, err)
	}
	src.Close()

	dir := t.TempDir()
	for _, c := range []struct{ line, dsn string }{{dump, from}, {restore, to}} {
		cmd := exec.Command("bash", "-euo", "pipefail", "-c", c.line)
		cmd.Dir, cmd.Env = dir, append(os.Environ(), "DSN="+c.dsn)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Run(); err != nil {
			t.Fatalf("%s: %v\n%s", c.line, err, stderr.Bytes())
		}
	}

	dst, err := ledger.OpenPostgres(ctx, to)
	if err != nil {
		t.Fatal(err)
	}
	defer dst.Close()
	p, err := dst.Payment(ctx, payer, nonce)
	if err != nil || p.State != ledger.Settled || p.Receipt == nil || p.Receipt.Tx != tx || !bytes.Equal(p.Answer, answer) {
		t.Errorf("restored payment: %+v, %v", p, err)
	}
	if r, err := dst.Receipt(ctx, tx); err != nil || r.Tool != receipt.Tool {
		t.Errorf("restored receipt: %+v, %v", r, err)
	}
	if b, err := dst.Identify(ctx, payer, "pay-1", "fp-other", "0x0d0e"); err != nil || b == nil || b.Fingerprint != "fp-1" || b.Nonce != nonce {
		t.Errorf("restored payment-identifier binding: %+v, %v", b, err)
	}
	c, err := dst.Channel(ctx, channel.ID)
	if err != nil || c.Charged != channel.Charged || c.SignedMax != channel.SignedMax || c.Signature != channel.Signature || c.Version != 1 {
		t.Errorf("restored channel: %+v, %v", c, err)
	}
}
