package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/coinslot/coinslot/config"
	"github.com/coinslot/coinslot/edge/facilitator"
	"github.com/coinslot/coinslot/edge/ledger"
	"github.com/ethereum/go-ethereum/common"
)

// openServiceLedger opens the configured ledger; a sandbox's file ledger
// is its chain's (see openSandboxLedger).
func openServiceLedger(ctx context.Context, l config.Ledger, sandboxChain facilitator.ChainReader, log *slog.Logger) (ledger.Store, error) {
	if sandboxChain == nil || l.Driver != "file" {
		return openLedger(ctx, l)
	}
	identity, err := facilitator.SandboxIdentity(ctx, sandboxChain)
	if err != nil {
		return nil, fmt.Errorf("sandbox chain: %w", err)
	}
	return openSandboxLedger(ctx, l, identity, log)
}

// openSandboxLedger opens the sandbox's file ledger as the ledger of chain,
// the sandbox chain's identity, which l.Path+".chain" records. A ledger
// made on another sandbox chain holds channels, charged totals and nonces
// of a chain that is gone (an in-process chain ends with its process): it
// is removed, so a buyer's channel on the new chain, whose id is the same,
// does not inherit the old charged total. A ledger file that records no
// chain is kept, moved aside. Either is done only once the file is opened,
// so a file another process holds is never touched.
func openSandboxLedger(ctx context.Context, l config.Ledger, chain common.Hash, log *slog.Logger) (ledger.Store, error) {
	_, err := os.Stat(l.Path)
	existed := err == nil
	store, err := openLedger(ctx, l)
	if err != nil {
		return nil, err
	}
	mark := l.Path + ".chain"
	was, err := os.ReadFile(mark)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		store.Close()
		return nil, fmt.Errorf("sandbox ledger: %w", err)
	}
	its := strings.TrimSpace(string(was))
	if its == chain.Hex() {
		return store, nil
	}
	if existed {
		store.Close()
		if its != "" {
			if err := os.Remove(l.Path); err != nil {
				return nil, fmt.Errorf("sandbox ledger: removing the ledger of another chain: %w", err)
			}
			log.Warn("sandbox: the ledger file was made on another sandbox chain, which is gone; starting an empty ledger",
				"path", l.Path, "its_chain", its, "this_chain", chain.Hex())
		} else {
			aside := l.Path + ".before-" + strconv.FormatInt(time.Now().Unix(), 10)
			if err := os.Rename(l.Path, aside); err != nil {
				return nil, fmt.Errorf("sandbox ledger: moving aside a ledger of no known chain: %w", err)
			}
			log.Warn("sandbox: the ledger file records no sandbox chain; moved aside, starting an empty ledger", "path", l.Path, "moved_to", aside)
		}
		if store, err = openLedger(ctx, l); err != nil {
			return nil, err
		}
	}
	if err := os.WriteFile(mark, []byte(chain.Hex()+"\n"), 0o644); err != nil {
		store.Close()
		return nil, fmt.Errorf("sandbox ledger: %w", err)
	}
	return store, nil
}
