package ledger_test

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coinslot/coinslot/edge/ledger"
	"github.com/coinslot/coinslot/edge/ledger/ledgertest"
	"github.com/jackc/pgx/v5"
)

const (
	pgKillChild    = "LEDGER_PG_KILL_CHILD" // the DSN the child writes to
	pgKillChannels = 32                     // the child's writers, a channel each
	pgKillAcked    = 2000                   // the writes acknowledged before the kill
)

func pgKillChannel(i int) string { return fmt.Sprintf("0x%064x", 0xc100+i) }

// The child of TestPostgresChannelsOutliveKill: pgKillChannels goroutines
// each charge a channel of their own, as a busy seller's voucher calls do,
// and print "acked <channel> <version>" once PutChannel returned nil for a
// write, until the parent kills the process.
func TestPostgresChannelKillChild(t *testing.T) {
	dsn := os.Getenv(pgKillChild)
	if dsn == "" {
		t.Skip("run by TestPostgresChannelsOutliveKill")
	}
	ctx := context.Background()
	s, err := ledger.OpenPostgres(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	out := bufio.NewWriter(os.Stdout)
	acked := func(id string, version int64) {
		mu.Lock()
		defer mu.Unlock()
		fmt.Fprintf(out, "acked %s %d\n", id, version)
		if err := out.Flush(); err != nil {
			os.Exit(2) // the parent is gone
		}
	}
	answer := []byte(`{"data":"` + strings.Repeat("a", 2048) + `"}`)
	failed := make(chan error, pgKillChannels)
	for i := range pgKillChannels {
		go func() {
			c := &ledger.Channel{ID: pgKillChannel(i), Config: []byte(`{"payer":"0x00000000000000000000000000000000000000b1"}`),
				Answer: answer, Settlement: []byte(`{"success":true}`)}
			for {
				c.Charged = strconv.FormatInt(c.Version+1, 10)
				if err := s.PutChannel(ctx, c); err != nil {
					failed <- fmt.Errorf("%s at version %d: %w", c.ID, c.Version, err)
					return
				}
				acked(c.ID, c.Version)
			}
		}()
	}
	select {
	case err := <-failed:
		t.Fatal(err)
	case <-time.After(time.Minute):
		t.Fatal("not killed")
	}
}

// A coinslot process killed with SIGKILL mid-burst loses no voucher write
// it acknowledged: a group's commit is in the database before PutChannel
// returns, synchronous_commit off or not. The writes in flight at the kill
// either committed whole or not at all, none twice, and the next instance
// goes on from what is stored while a stale writer cannot overwrite it.
func TestPostgresChannelsOutliveKill(t *testing.T) {
	ledgertest.RequirePostgres(t)
	dsn := ledgertest.PostgresSchema(t)
	acked, total := killPostgresWriter(t, dsn)
	waitForBackendsGone(t, dsn)

	ctx := context.Background()
	s, err := ledger.OpenPostgres(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	beyond := 0
	for i := range pgKillChannels {
		id := pgKillChannel(i)
		c, err := s.Channel(ctx, id)
		if errors.Is(err, ledger.ErrNotFound) {
			c, err = &ledger.Channel{ID: id, Config: []byte(`{}`), Charged: "0"}, nil
		}
		if err != nil {
			t.Fatal(err)
		}
		a := acked[id]
		switch {
		case c.Version < a:
			t.Errorf("%s: stored at version %d, but version %d was acknowledged: a write was lost", id, c.Version, a)
		case c.Version > a+1:
			t.Errorf("%s: stored at version %d, but only version %d was acknowledged and one write was in flight", id, c.Version, a)
		case c.Version == a+1:
			beyond++
		}
		if want := strconv.FormatInt(c.Version, 10); c.Charged != want {
			t.Errorf("%s: charged %s at version %d, want %s: a write is not its own", id, c.Charged, c.Version, want)
		}
		read := c.Version
		c.Charged = strconv.FormatInt(read+1, 10)
		if err := s.PutChannel(ctx, c); err != nil {
			t.Errorf("%s: the next instance's write at the stored version %d: %v", id, read, err)
			continue
		}
		stale := *c
		stale.Version, stale.Charged = read, "0"
		if err := s.PutChannel(ctx, &stale); !errors.Is(err, ledger.ErrConflict) {
			t.Errorf("%s: a write at the stale version %d: %v, want ErrConflict", id, read, err)
		}
		if c, err := s.Channel(ctx, id); err != nil || c.Version != read+1 || c.Charged != strconv.FormatInt(read+1, 10) {
			t.Errorf("%s after the next writes: %+v, %v; want charged %d at version %d", id, c, err, read+1, read+1)
		}
	}
	t.Logf("%d writes acknowledged before the kill, %d more committed unacknowledged (at most one per channel, of %d)", total, beyond, pgKillChannels)
}

// killPostgresWriter runs the child on dsn, SIGKILLs it once pgKillAcked
// writes were acknowledged, and returns the last version acknowledged for
// each channel and how many writes were, counting those printed before the
// kill and read after it.
func killPostgresWriter(t *testing.T, dsn string) (acked map[string]int64, total int) {
	cmd := exec.Command(os.Args[0], "-test.run=^TestPostgresChannelKillChild$", "-test.count=1")
	cmd.Env = append(os.Environ(), pgKillChild+"="+dsn)
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	stuck := time.AfterFunc(20*time.Second, func() { cmd.Process.Kill() })
	defer stuck.Stop()
	acked = make(map[string]int64)
	var other []string
	killed := false
	lines := bufio.NewScanner(out)
	for lines.Scan() {
		f := strings.Fields(lines.Text())
		if len(f) == 0 || f[0] != "acked" {
			other = append(other, lines.Text())
			continue
		}
		v, err := strconv.ParseInt(f[len(f)-1], 10, 64)
		if len(f) != 3 || err != nil {
			t.Fatalf("the child printed %q", lines.Text())
		}
		if v != acked[f[1]]+1 {
			t.Fatalf("%s acknowledged at version %d after %d", f[1], v, acked[f[1]])
		}
		acked[f[1]] = v
		total++
		if total == pgKillAcked && !killed {
			if err := cmd.Process.Signal(os.Kill); err != nil {
				t.Fatal(err)
			}
			killed = true
		}
	}
	err = cmd.Wait()
	if !killed {
		t.Fatalf("the child stopped after %d acknowledged writes (%v):\n%s", total, err, strings.Join(other, "\n"))
	}
	return acked, total
}

// waitForBackendsGone waits until the server's backends of the killed
// child's connections have ended: a group whose statements all reached
// the server before the kill still commits, and the next instance's
// reads and writes must come after it.
func waitForBackendsGone(t *testing.T, dsn string) {
	u, err := url.Parse(dsn)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, ledgertest.PostgresDSN())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		var n int
		err := conn.QueryRow(ctx, `SELECT count(*) FROM pg_stat_activity WHERE application_name = $1`, u.Query().Get("application_name")).Scan(&n)
		if err != nil {
			t.Fatal(err)
		}
		if n == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d backends of the killed child are still there", n)
		}
	}
}
