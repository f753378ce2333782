package ledgertest

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coinslot/coinslot/edge/ledger"
)

func channel() *ledger.Channel {
	return &ledger.Channel{
		ID: "0xA05FBD14888A282DD2DC912A3F453FAE229AC42F5D2B7120B6EE783145B034CE", Config: json.RawMessage(`{"payer":"0x70997970C51812dc3A010C7d01b50e0d17dc79C8"}`),
		Charged: "1000", SignedMax: "1000", Signature: "0x01", Balance: "5000", TotalClaimed: "0",
		WithdrawRequestedAt: 0, RefundNonce: "0", SyncedAt: time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC),
		Request: "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08", Answer: []byte(`{"data":[1,2,3]}`),
		Settlement: json.RawMessage(`{"success":true,"transaction":"","network":"eip155:1337"}`),
	}
}

// channelVersions: a record is created once, read back whole, and written
// only over the version it was read at; it survives a reopen, and is
// listed without its latest call's answer and settlement.
func channelVersions(t *testing.T, open Opener) {
	s := open()
	c := channel()
	if _, err := s.Channel(ctx(t), c.ID); !errors.Is(err, ledger.ErrNotFound) {
		t.Fatalf("unknown channel: %v", err)
	}
	must(t, "create", s.PutChannel(ctx(t), c))
	if c.Version != 1 {
		t.Fatalf("version after create %d, want 1", c.Version)
	}
	again := channel()
	wantErr(t, "second create", s.PutChannel(ctx(t), again), ledger.ErrConflict)

	got, err := s.Channel(ctx(t), "0xa05fbd14888a282dd2dc912a3f453fae229ac42f5d2b7120b6ee783145b034ce")
	must(t, "read", err)
	want := *c
	want.ID = "0xa05fbd14888a282dd2dc912a3f453fae229ac42f5d2b7120b6ee783145b034ce"
	if !reflect.DeepEqual(*got, want) {
		t.Fatalf("read back\n%+v\nwant\n%+v", *got, want)
	}
	got.Charged, got.SignedMax = "2000", "2000"
	got.Refunding = time.Date(2026, 11, 25, 12, 0, 1, 500, time.UTC)
	got.Quarantine = &ledger.Quarantine{Charged: "1000", Since: time.Date(2026, 11, 25, 12, 0, 2, 0, time.UTC), Retries: 2, Reason: "reverted"}
	must(t, "advance", s.PutChannel(ctx(t), got))
	back, err := s.Channel(ctx(t), c.ID)
	must(t, "read the advance", err)
	if !reflect.DeepEqual(*back, *got) {
		t.Fatalf("a refund hold and a quarantine read back\n%+v\nwant\n%+v", *back, *got)
	}
	stale := *c // still at version 1
	stale.Charged = "9999"
	wantErr(t, "stale write", s.PutChannel(ctx(t), &stale), ledger.ErrConflict)

	must(t, "close", s.Close())
	s = open()
	defer s.Close()
	all, err := s.ListChannels(ctx(t))
	must(t, "list", err)
	listed := *got
	listed.Answer, listed.Settlement = nil, nil
	if len(all) != 1 || !reflect.DeepEqual(all[0], listed) {
		t.Fatalf("listed after reopen\n%+v\nwant the record without its answer and settlement\n%+v", all, listed)
	}
}

// concurrentChannelWrites: of writers racing from the same version, exactly
// one wins.
func concurrentChannelWrites(t *testing.T, open Opener) {
	s := open()
	defer s.Close()
	c := channel()
	must(t, "create", s.PutChannel(ctx(t), c))
	var wg sync.WaitGroup
	var mu sync.Mutex
	won := 0
	for range 8 {
		wg.Go(func() {
			mine := *c
			mine.Charged = "2000"
			err := s.PutChannel(ctx(t), &mine)
			if err != nil && !errors.Is(err, ledger.ErrConflict) {
				t.Error(err)
			}
			mu.Lock()
			defer mu.Unlock()
			if err == nil {
				won++
			}
		})
	}
	wg.Wait()
	if won != 1 {
		t.Fatalf("%d writers won, want 1", won)
	}
}

// manyChannelsAtOnce: calls on many channels at once, as a busy seller
// makes them, each land on their own channel, and a writer that keeps
// writing at a version already passed is refused every time while the
// others' writes land.
func manyChannelsAtOnce(t *testing.T, open Opener) {
	s := open()
	defer s.Close()
	const channels, calls = 16, 20
	stale := channel()
	must(t, "create", s.PutChannel(ctx(t), stale))
	must(t, "advance", s.PutChannel(ctx(t), stale))
	var wg sync.WaitGroup
	for i := range channels {
		wg.Go(func() {
			c := channel()
			c.ID = fmt.Sprintf("0x%064x", i)
			for n := range calls {
				c.Charged = fmt.Sprint(n)
				if err := s.PutChannel(ctx(t), c); err != nil {
					t.Errorf("channel %d, call %d: %v", i, n, err)
					return
				}
			}
		})
	}
	wg.Go(func() {
		for range calls {
			old := *stale
			old.Version = 1
			if err := s.PutChannel(ctx(t), &old); !errors.Is(err, ledger.ErrConflict) {
				t.Errorf("a write at a passed version: %v, want a conflict", err)
				return
			}
		}
	})
	wg.Wait()
	all, err := s.ListChannels(ctx(t))
	must(t, "list", err)
	if len(all) != channels+1 {
		t.Fatalf("%d channels, want %d", len(all), channels+1)
	}
	for _, c := range all {
		if !strings.EqualFold(c.ID, stale.ID) && (c.Version != calls || c.Charged != fmt.Sprint(calls-1)) {
			t.Errorf("channel %s at version %d charged %s, want %d and %d", c.ID, c.Version, c.Charged, calls, calls-1)
		}
	}
}
