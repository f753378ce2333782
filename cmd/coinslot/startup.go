package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"net/url"
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/coinslot/coinslot/config"
	"github.com/coinslot/coinslot/edge/ledger"
	bolterrors "go.etcd.io/bbolt/errors"
)

// openLedger opens the configured ledger, or says in one line why it
// cannot and what to do about it.
func openLedger(ctx context.Context, l config.Ledger) (ledger.Store, error) {
	store, err := ledger.Open(ctx, l.Driver, l.Path, l.DSN, ledger.WithMaxConns(l.MaxConns),
		ledger.WithRetention(time.Duration(l.AnswersHours)*time.Hour, int64(l.AnswersMB)<<20),
		ledger.WithPaymentIDs(int64(l.PaymentIDsMax)), ledger.WithPendingIDs(int64(l.PaymentIDsPendingPerPayer)))
	switch {
	case err == nil:
		return store, nil
	case l.Driver == "file" && errors.Is(err, bolterrors.ErrTimeout):
		holder := "another process"
		if pid := lockHolder(l.Path); pid != 0 {
			holder = "process " + strconv.Itoa(pid)
		}
		return nil, fmt.Errorf("ledger file %s is locked by %s (another coinslot on the same file?); stop it, or set ledger.path (COINSLOT_LEDGER_PATH) to another file", l.Path, holder)
	case l.Driver == "file":
		return nil, fmt.Errorf("ledger file %s cannot be opened: %v; check the path and its permissions (ledger.path, COINSLOT_LEDGER_PATH)", l.Path, err)
	}
	return nil, fmt.Errorf("PostgreSQL ledger at %s is unreachable: %v; check that the server runs and ledger.dsn (COINSLOT_LEDGER_DSN)", redact(l.DSN), err)
}

// redact hides the password of a postgres:// DSN; a key=value DSN shows
// only its host.
func redact(dsn string) string {
	if u, err := url.Parse(dsn); err == nil && u.Scheme != "" {
		return u.Redacted()
	}
	for _, kv := range strings.Fields(dsn) {
		if strings.HasPrefix(kv, "host=") {
			return kv
		}
	}
	return "the configured DSN"
}

// lockHolder is the process holding the file lock on path, from
// /proc/locks; 0 when it cannot be told.
func lockHolder(path string) int {
	fi, err := os.Stat(path)
	if err != nil {
		return 0
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return 0
	}
	f, err := os.Open("/proc/locks")
	if err != nil {
		return 0
	}
	defer f.Close()
	inode := ":" + strconv.FormatUint(st.Ino, 10)
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		// 1: FLOCK  ADVISORY  WRITE 12345 08:01:1234567 0 EOF
		fields := strings.Fields(sc.Text())
		if len(fields) > 5 && strings.HasSuffix(fields[5], inode) {
			if pid, err := strconv.Atoi(fields[4]); err == nil {
				return pid
			}
		}
	}
	return 0
}
