package main

import (
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"
)

// claimSandboxLedger makes the sandbox's file ledger at path the ledger of
// chain, the sandbox chain's identity, which path+".chain" records. A
// ledger made on another sandbox chain holds channels, charged totals and
// nonces of a chain that is gone (an in-process chain ends with its
// process): it is removed, so a buyer's channel on the new chain, whose id
// is the same, does not inherit the old charged total. A ledger file that
// records no chain is kept, moved aside.
func claimSandboxLedger(path string, chain common.Hash, log *slog.Logger) error {
	mark := path + ".chain"
	was, err := os.ReadFile(mark)
	switch {
	case err == nil && strings.TrimSpace(string(was)) == chain.Hex():
		return nil
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("sandbox ledger: %w", err)
	}
	if _, err := os.Stat(path); err == nil {
		if len(was) > 0 {
			if err := os.Remove(path); err != nil {
				return fmt.Errorf("sandbox ledger: removing the ledger of another chain: %w", err)
			}
			log.Warn("sandbox: the ledger file was made on another sandbox chain, which is gone; starting an empty ledger",
				"path", path, "its_chain", strings.TrimSpace(string(was)), "this_chain", chain.Hex())
		} else {
			aside := path + ".before-" + strconv.FormatInt(time.Now().Unix(), 10)
			if err := os.Rename(path, aside); err != nil {
				return fmt.Errorf("sandbox ledger: moving aside a ledger of no known chain: %w", err)
			}
			log.Warn("sandbox: the ledger file records no sandbox chain; moved aside, starting an empty ledger", "path", path, "moved_to", aside)
		}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("sandbox ledger: %w", err)
	}
	if err := os.WriteFile(mark, []byte(chain.Hex()+"\n"), 0o644); err != nil {
		return fmt.Errorf("sandbox ledger: %w", err)
	}
	return nil
}
