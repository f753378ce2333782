package upkeep_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math/big"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/coinslot/coinslot/edge/ledger"
	"github.com/coinslot/coinslot/edge/ledger/ledgertest"
	"github.com/coinslot/coinslot/edge/upkeep"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/coinslot/coinslot/edge/x402/x402test"
)

// The upkeep jobs' load on a ledger holding scaleChannels open channels,
// one in scaleUnclaimedEvery of them with charges not yet claimed, and
// scalePending payments left settling.
const (
	scaleChannels       = 10_000
	scaleUnclaimedEvery = 10
	scalePending        = 100
	scalePrice          = 10_000 // atomic units a call, $0.01
)

// BenchmarkUpkeepAtScale times, on each ledger, the claimer's survey (the
// round Run makes every surveyEvery: every record read, the chain watched,
// the unclaimed charges tallied), its claim round (Once: a survey, one
// claim of the charged channels, their records written, a second listing)
// and one reconciler pass. Besides the wall time (ns/op) and the bytes
// allocated, it reports this process's CPU (cpu-µs/op) and, on
// PostgreSQL, the backends' (backend-µs/op).
func BenchmarkUpkeepAtScale(b *testing.B) {
	b.Run("file", func(b *testing.B) {
		store, err := ledger.OpenFile(filepath.Join(b.TempDir(), "ledger.db"))
		if err != nil {
			b.Fatal(err)
		}
		defer store.Close()
		benchUpkeep(b, store, nil)
	})
	b.Run("postgres", func(b *testing.B) {
		ledgertest.RequirePostgres(b)
		dsn := ledgertest.PostgresSchema(b)
		store, err := ledger.OpenPostgres(context.Background(), dsn)
		if err != nil {
			b.Fatal(err)
		}
		defer store.Close()
		benchUpkeep(b, store, func() time.Duration { return ledgertest.BackendCPU(b, dsn) })
	})
}

// benchUpkeep fills store and times the jobs on it; backend is the
// database's CPU so far (nil: none apart from this process).
func benchUpkeep(b *testing.B, store ledger.Store, backend func() time.Duration) {
	ctx := context.Background()
	chain := &scaleChain{states: map[string]x402.ChannelState{}}
	ids := fillChannels(b, store, chain)
	fillPending(b, store)
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	claimer, err := upkeep.NewClaimer(upkeep.Claimer{Ledger: store, Facilitator: &claimingChain{x402test.New(), chain},
		Chain: chain, Terms: scaleTerms, Log: quiet}, nil)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("survey", func(b *testing.B) {
		m := startMeter(b, backend)
		for b.Loop() {
			if due := claimer.Survey(ctx); due != scaleChannels/scaleUnclaimedEvery {
				b.Fatalf("%d channels due, want %d", due, scaleChannels/scaleUnclaimedEvery)
			}
		}
		m.report(b)
	})
	b.Run("claim", func(b *testing.B) {
		m := startMeter(b, backend)
		for b.Loop() {
			b.StopTimer()
			m.pause()
			chargeAgain(b, store, ids)
			m.resume()
			b.StartTimer()
			if claimed := claimer.Once(ctx); claimed != scaleChannels/scaleUnclaimedEvery {
				b.Fatalf("claimed %d channels, want %d", claimed, scaleChannels/scaleUnclaimedEvery)
			}
		}
		m.report(b)
	})
	b.Run("reconcile", func(b *testing.B) {
		finder := map[string]upkeep.SettlementFinder{x402.Base.ID: x402test.New()}
		later := time.Now().Add(time.Hour) // every payment due a lookup
		m := startMeter(b, backend)
		for b.Loop() {
			b.StopTimer()
			m.pause()
			// A reconciler of its own each pass, so each pass looks every
			// payment up rather than backing off.
			r, err := upkeep.NewReconciler(upkeep.Reconciliation{Ledger: store, Finders: finder, BaseURL: testBase, Log: quiet,
				Now: func() time.Time { return later }})
			if err != nil {
				b.Fatal(err)
			}
			m.resume()
			b.StartTimer()
			if left, err := r.Once(ctx); err != nil || left != scalePending {
				b.Fatalf("%d left pending (%v), want %d", left, err, scalePending)
			}
		}
		m.report(b)
	})
}

var baseUSDC = strings.ToLower(x402.Base.Asset.Hex())

var scaleTerms = x402.Requirements{Scheme: "batch-settlement", Network: x402.Base.ID, Asset: baseUSDC, PayTo: testPayTo}

// fillChannels writes scaleChannels records as calls leave them, from
// concurrent writers as the ledgers' group writes take them, and has the
// chain show each as its record mirrors it. It returns the ids of those
// with unclaimed charges.
func fillChannels(b *testing.B, store ledger.Store, chain *scaleChain) (unclaimed []string) {
	ctx := context.Background()
	start := time.Now()
	var item strings.Builder
	for i := range 24 {
		fmt.Fprintf(&item, `{"rank":%d,"title":"Result number %d of the search","url":"https://example.com/items/%d","score":0.%04d},`, i, i, i, 9000-i)
	}
	answer := `{"query":"scale test","results":[` + strings.TrimSuffix(item.String(), ",") + `],"took_ms":42}`
	synced := time.Now().UTC().Truncate(time.Microsecond)
	const writers = 32
	var wg sync.WaitGroup
	errs := make(chan error, writers)
	for w := range writers {
		wg.Go(func() {
			for i := w; i < scaleChannels; i += writers {
				id := fmt.Sprintf("0x%064x", i+1)
				cfg, _ := json.Marshal(x402.ChannelConfig{Payer: fmt.Sprintf("0x%040x", i+1), PayerAuthorizer: fmt.Sprintf("0x%040x", i+1),
					Receiver: testPayTo, ReceiverAuthorizer: testPayTo, Token: baseUSDC, WithdrawDelay: 86400, Salt: id})
				claimed := int64(100 * scalePrice)
				charged := claimed
				if i%scaleUnclaimedEvery == 0 {
					charged += 7 * scalePrice
				}
				rec := &ledger.Channel{ID: id, Config: cfg, Charged: fmt.Sprint(charged), SignedMax: fmt.Sprint(charged),
					Signature: "0x" + strings.Repeat(fmt.Sprintf("%02x", i%256), 65), Balance: "50000000", TotalClaimed: fmt.Sprint(claimed),
					RefundNonce: "0", SyncedAt: synced, Tool: "search_web", Request: fmt.Sprintf("%064x", i),
					Answer: json.RawMessage(answer),
					Settlement: json.RawMessage(fmt.Sprintf(`{"success":true,"payer":"0x%040x","network":"%s","transaction":"","amount":"%d","extra":{"channelState":{"channelId":"%s","balance":"50000000","totalClaimed":"%d","chargedCumulativeAmount":"%d"}}}`,
						i+1, x402.Base.ID, scalePrice, id, claimed, charged))}
				if err := store.PutChannel(ctx, rec); err != nil {
					errs <- err
					return
				}
				chain.set(id, x402.ChannelState{ChannelID: id, Balance: "50000000", TotalClaimed: fmt.Sprint(claimed), RefundNonce: "0"})
			}
		})
	}
	wg.Wait()
	close(errs)
	if err := <-errs; err != nil {
		b.Fatal(err)
	}
	for i := 0; i < scaleChannels; i += scaleUnclaimedEvery {
		unclaimed = append(unclaimed, fmt.Sprintf("0x%064x", i+1))
	}
	rec, err := store.Channel(ctx, unclaimed[0])
	if err != nil {
		b.Fatal(err)
	}
	doc, _ := json.Marshal(rec)
	b.Logf("%d channels of %d B (answer %d B) written in %v", scaleChannels, len(doc), len(rec.Answer), time.Since(start).Round(time.Millisecond))
	return unclaimed
}

// fillPending leaves scalePending payments settling, as calls whose
// /settle never answered leave them.
func fillPending(b *testing.B, store ledger.Store) {
	ctx := context.Background()
	for i := range scalePending {
		nonce := fmt.Sprintf("0x%064x", i+1)
		r := &ledger.Receipt{Schema: ledger.ReceiptSchema, Network: x402.Base.ID, Asset: baseUSDC, Payer: testPayer, PayTo: testPayTo,
			AmountAtomic: "50000", Tool: "search_web", ValidBefore: time.Now().Add(3 * time.Hour).Truncate(time.Second).UTC()}
		if err := store.Reserve(ctx, testPayer, nonce, r.Tool); err != nil {
			b.Fatal(err)
		}
		if err := store.Settling(ctx, testPayer, nonce, r, []byte(`{"ok":true}`)); err != nil {
			b.Fatal(err)
		}
	}
}

// chargeAgain charges each channel of ids one more call, as the calls
// between two claims do.
func chargeAgain(b *testing.B, store ledger.Store, ids []string) {
	ctx := context.Background()
	for _, id := range ids {
		rec, err := store.Channel(ctx, id)
		if err != nil {
			b.Fatal(err)
		}
		charged, _ := new(big.Int).SetString(rec.Charged, 10)
		rec.Charged = charged.Add(charged, big.NewInt(scalePrice)).String()
		rec.SignedMax = rec.Charged
		if err := store.PutChannel(ctx, rec); err != nil {
			b.Fatal(err)
		}
	}
}

// scaleChain is the chain the watch reads: each channel's state, as the
// claims leave it.
type scaleChain struct {
	mu     sync.Mutex
	states map[string]x402.ChannelState
}

func (c *scaleChain) set(id string, st x402.ChannelState) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.states[id] = st
}

func (c *scaleChain) ChannelState(_ context.Context, id string) (*x402.ChannelState, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	st, ok := c.states[id]
	if !ok {
		return nil, fmt.Errorf("channel %s not on chain", id)
	}
	return &st, nil
}

// claimingChain is the facilitator double whose claims reach the chain
// the watch reads (the config's salt is the channel's id).
type claimingChain struct {
	*x402test.Facilitator
	chain *scaleChain
}

func (f *claimingChain) Settle(ctx context.Context, p *x402.Payload, r *x402.Requirements) (*x402.SettleResponse, error) {
	resp, err := f.Facilitator.Settle(ctx, p, r)
	if bp := p.Payload.BatchPayload; err == nil && resp.Success && bp != nil && bp.Type == x402.BatchClaim {
		f.chain.mu.Lock()
		for _, row := range bp.Claims {
			st := f.chain.states[row.Voucher.Channel.Salt]
			st.TotalClaimed = row.TotalClaimed
			f.chain.states[row.Voucher.Channel.Salt] = st
		}
		f.chain.mu.Unlock()
	}
	return resp, err
}

// meter sums this process's CPU and the database's over the timed parts
// of a benchmark.
type meter struct {
	backend     func() time.Duration
	cpu, db     time.Duration
	cpuAt, dbAt time.Duration
}

func startMeter(b *testing.B, backend func() time.Duration) *meter {
	b.ReportAllocs()
	m := &meter{backend: backend}
	m.resume()
	return m
}

func (m *meter) resume() {
	m.cpuAt = processCPU()
	if m.backend != nil {
		m.dbAt = m.backend()
	}
}

func (m *meter) pause() {
	m.cpu += processCPU() - m.cpuAt
	if m.backend != nil {
		m.db += m.backend() - m.dbAt
	}
}

func (m *meter) report(b *testing.B) {
	m.pause()
	b.ReportMetric(float64(m.cpu)/float64(time.Microsecond)/float64(b.N), "cpu-µs/op")
	if m.backend != nil {
		b.ReportMetric(float64(m.db)/float64(time.Microsecond)/float64(b.N), "backend-µs/op")
	}
}

// processCPU is the CPU time this process has used, user and system.
func processCPU() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
