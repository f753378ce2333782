package main

import (
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/coinslot/coinslot/edge/ledger"
)

// A start that cannot succeed ends with exit code 1 and one line naming the
// cause and the remedy: a ledger file another instance holds, a PostgreSQL
// server that does not answer, an address already taken.
func TestStartFailuresSayWhy(t *testing.T) {
	held := filepath.Join(t.TempDir(), "ledger.db")
	first, err := ledger.OpenFile(held)
	if err != nil {
		t.Fatal(err)
	}
	defer first.Close()
	taken, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer taken.Close()
	t.Setenv("COINSLOT_CONFIG", "")

	for _, c := range []struct {
		name string
		env  map[string]string
		args []string
		want string
	}{
		{"held ledger file", map[string]string{"COINSLOT_LEDGER_PATH": held}, []string{"--listen", "127.0.0.1:0"},
			"coinslot: ledger file " + held + " is locked by process " + strconv.Itoa(os.Getpid()) +
				" (another coinslot on the same file?); stop it, or set ledger.path (COINSLOT_LEDGER_PATH) to another file\n"},
		{"unreachable postgres", map[string]string{"COINSLOT_LEDGER_DRIVER": "postgres",
			"COINSLOT_LEDGER_DSN": "postgres://coinslot:secret@127.0.0.1:1/coinslot?connect_timeout=2"}, []string{"--listen", "127.0.0.1:0"},
			"coinslot: PostgreSQL ledger at postgres://coinslot:xxxxx@127.0.0.1:1/coinslot?connect_timeout=2 is unreachable: "},
		{"address taken", nil, []string{"--listen", taken.Addr().String()},
			"coinslot: cannot listen on " + taken.Addr().String() + ": listen tcp " + taken.Addr().String() + ": bind: address already in use; choose another address with --listen or COINSLOT_LISTEN\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			for k, v := range c.env {
				t.Setenv(k, v)
			}
			code, stdout, stderr := output(t, append([]string{"serve"}, c.args...)...)
			if code != 1 || stdout != "" || strings.Count(stderr, "\n") != 1 || !strings.HasPrefix(stderr, c.want) {
				t.Errorf("exit %d, stdout %q, stderr %q; want exit 1 and one line beginning %q", code, stdout, stderr, c.want)
			}
		})
	}
}
