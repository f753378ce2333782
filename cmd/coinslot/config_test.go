package main

import (
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"testing"

	"github.com/coinslot/coinslot/config"
)

const emptyProblem = "(file): has no keys (it is empty or only comments); to run on the defaults, start without a config file"

// A file with no keys is refused by check and by serve alike.
func TestEmptyConfigIsRefusedByCheckAndServe(t *testing.T) {
	for name, body := range map[string]string{"empty": "", "comment only": "# nothing\n"} {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "c.yaml")
			if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
				t.Fatal(err)
			}
			if code, out, errText := output(t, "config", "check", path); code != 1 || out != path+":"+emptyProblem+"\n" || errText != "" {
				t.Errorf("check: exit %d, stdout %q, stderr %q", code, out, errText)
			}
			code, out, errText := output(t, "serve", "--config", path, "--listen", "127.0.0.1:0")
			if want := "coinslot: config " + path + ":\n" + emptyProblem + "\n"; code != 1 || out != "" || errText != want {
				t.Errorf("serve: exit %d, stdout %q, stderr %q; want stderr %q", code, out, errText, want)
			}
		})
	}
}

// The shipped defaults file passes check and starts the service.
func TestDefaultsFileChecksAndStarts(t *testing.T) {
	const path = "../../config/defaults.yaml"
	if code, out, errText := output(t, "config", "check", path); code != 0 || out != path+": ok\n" || errText != "" {
		t.Errorf("check: exit %d, stdout %q, stderr %q", code, out, errText)
	}
	t.Setenv("COINSLOT_LEDGER_PATH", filepath.Join(t.TempDir(), "ledger.db"))
	cfg, err := config.Load(path, config.Options{Listen: "127.0.0.1:0", Upstreams: sourceNames()})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	svc, err := start(ctx, cfg, slog.New(&logRecorder{}))
	if err != nil {
		t.Fatal(err)
	}
	svc.Close()
}

// A COINSLOT_ variable that names no key is a warning in check, with the
// closest name; the project's own variables are not.
func TestCheckWarnsOfUnknownVariables(t *testing.T) {
	const misspelt = "COINSLOT_" + "LOG_LEVLE" // apart, or config's test of the project's variables would count it
	path := filepath.Join(t.TempDir(), "c.yaml")
	if err := os.WriteFile(path, []byte("max_timeout_seconds: 30\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	t.Setenv(misspelt, "debug")
	t.Setenv("COINSLOT_REQUIRE_POSTGRES", "1")
	t.Setenv("COINSLOT_CONFIG", path)
	want := "warning: " + misspelt + ": is no config key and is ignored; did you mean COINSLOT_LOG_LEVEL?\n" + path + ": ok\n"
	if code, out, errText := output(t, "config", "check", path); code != 0 || out != want || errText != "" {
		t.Errorf("exit %d, stdout %q, stderr %q; want %q", code, out, errText, want)
	}
}

// A bad environment value is reported as the variable's, without a file line.
func TestCheckNamesTheVariableOfABadValue(t *testing.T) {
	path := filepath.Join(t.TempDir(), "l.yaml")
	if err := os.WriteFile(path, []byte("log:\n  level: info\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	t.Setenv("COINSLOT_LOG_LEVEL", "loud")
	want := path + `:log.level (COINSLOT_LOG_LEVEL): must be debug, info, warn or error, got "loud"` + "\n"
	if code, out, _ := output(t, "config", "check", path); code != 1 || out != want {
		t.Errorf("exit %d, stdout %q; want %q", code, out, want)
	}
}

// check refuses what serve would: a tool in payment_identifier_required
// that is not sold.
func TestCheckRefusesAnUnknownPaymentIdentifierTool(t *testing.T) {
	path := filepath.Join(t.TempDir(), "p.yaml")
	if err := os.WriteFile(path, []byte("payment_identifier_required: [business_days, busines_days]\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	want := path + `:1:46: payment_identifier_required[1]: "busines_days" is no paid tool; did you mean business_days?` + "\n"
	if code, out, _ := output(t, "config", "check", path); code != 1 || out != want {
		t.Errorf("exit %d, stdout %q; want %q", code, out, want)
	}
}
