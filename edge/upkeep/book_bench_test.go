package upkeep

import (
	"context"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"testing"

	"github.com/asynkron/protoactor-go/actor"
	"github.com/coinslot/coinslot/edge/ledger"
)

// benchChannels is how many channels the parallel benchmarks spread their
// calls over.
const benchChannels = 64

// BenchmarkChannelTurn is what a call pays for its turn on a channel and
// the channel's kept record, the part of a voucher call that is the
// channel's alone, as the channel book gives it (a lock per channel, the
// records in a map) and as one actor per channel would (a request to the
// channel's actor, answered with its record). docs/architecture.md
// (Channels: a lock table, not actors) quotes its figures.
func BenchmarkChannelTurn(b *testing.B) {
	ids := make([]string, benchChannels)
	for i := range ids {
		ids[i] = fmt.Sprintf("0x%064x", i)
	}
	b.Run("lock/one", func(b *testing.B) { benchLock(b, ids[:1]) })
	b.Run("lock/parallel", func(b *testing.B) { benchLock(b, ids) })
	b.Run("actor/one", func(b *testing.B) { benchActor(b, ids[:1]) })
	b.Run("actor/parallel", func(b *testing.B) { benchActor(b, ids) })
}

// benchLock takes turns through the channel book: acquire, the kept
// record, release.
func benchLock(b *testing.B, ids []string) {
	var book ChannelBook
	for _, id := range ids {
		book.remember(&ledger.Channel{ID: id, Charged: "1000", Version: 1})
	}
	ctx := context.Background()
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			id := ids[rand.IntN(len(ids))]
			unlock, ok := book.Acquire(id, ChannelWait)
			if !ok {
				b.Error("the channel stayed busy")
				return
			}
			if rec, err := book.Record(ctx, nil, id, false); err != nil || rec == nil {
				b.Errorf("record %v, %v", rec, err)
			}
			unlock()
		}
	})
}

// turn asks a channel's actor for its record.
type turn struct{}

// channelActor owns one channel's record: its mailbox serves the
// channel's calls one at a time.
type channelActor struct{ rec ledger.Channel }

func (c *channelActor) Receive(ctx actor.Context) {
	if _, ok := ctx.Message().(turn); ok {
		rec := c.rec
		ctx.Respond(&rec)
	}
}

// benchActor takes turns through one actor per channel: a request and
// its answer, the least one actor's turn costs.
func benchActor(b *testing.B, ids []string) {
	sys := actor.NewActorSystem(actor.WithLoggerFactory(func(*actor.ActorSystem) *slog.Logger {
		return slog.New(slog.DiscardHandler)
	}))
	defer sys.Shutdown()
	pids := make(map[string]*actor.PID, len(ids))
	for _, id := range ids {
		pids[id] = sys.Root.Spawn(actor.PropsFromProducer(func() actor.Actor {
			return &channelActor{rec: ledger.Channel{ID: id, Charged: "1000", Version: 1}}
		}))
	}
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			pid := pids[ids[rand.IntN(len(ids))]]
			rec, err := sys.Root.RequestFuture(pid, turn{}, ChannelWait).Result()
			if err != nil || rec == nil {
				b.Errorf("record %v, %v", rec, err)
			}
		}
	})
}
