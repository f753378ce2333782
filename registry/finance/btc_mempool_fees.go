package finance

import (
	"context"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/tidy"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/mempool"
)

func init() {
	family.Register(&registry.Tool{
		Name: "btc_mempool_fees", Path: "/paid/finance/btc-fees", Price: "0.02",
		Description: "Bitcoin fee rates to confirm in the next block, half hour, hour and economy (sat/vB), with the size of the mempool backlog.",
		Example:     map[string]any{},
		Synonyms:    []string{"bitcoin transaction fee", "sats per vbyte", "fee estimate", "mempool congestion", "network fees"},
		Expected:    "Envelope whose data holds mempool.space's recommended fees in sat/vB and the mempool's size and blocks to clear.",
		Shape:       registry.Envelope,
		Result:      mempoolFees{},
		Sources:     []string{mempool.Source.Name},
		Handler:     btcMempoolFees,
	})
}

// blockVBytes is the virtual size a block can hold (4M weight units / 4).
const blockVBytes = 1_000_000

type feeTiers struct {
	Fastest  float64 `json:"fastest"`
	HalfHour float64 `json:"half_hour"`
	Hour     float64 `json:"hour"`
	Economy  float64 `json:"economy"`
	Minimum  float64 `json:"minimum"`
}

type backlog struct {
	Transactions  int64   `json:"transactions"`
	VSize         int64   `json:"vsize_vbytes"`
	TotalFeeBTC   float64 `json:"total_fee_btc"`
	BlocksToClear float64 `json:"blocks_to_clear"` // backlog vsize over one block's capacity
}

type mempoolFees struct {
	Fees    feeTiers `json:"fees_sat_per_vb"`
	Mempool backlog  `json:"mempool"`
}

func btcMempoolFees(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	up := upstreams.NewSession(c.Upstream)
	var fees mempool.Fees
	var pool mempool.Mempool
	if err := upstreams.All(ctx,
		upstreams.Into(up, &fees, mempool.RecommendedFees(), mempool.DecodeFees),
		upstreams.Into(up, &pool, mempool.Backlog(), mempool.DecodeMempool),
	); err != nil {
		return nil, err
	}
	out := mempoolFees{
		Fees: feeTiers{Fastest: fees.Fastest, HalfHour: fees.HalfHour, Hour: fees.Hour, Economy: fees.Economy, Minimum: fees.Minimum},
		Mempool: backlog{
			Transactions: pool.Count, VSize: pool.VSize, TotalFeeBTC: sats(pool.TotalFee),
			BlocksToClear: tidy.Round(float64(pool.VSize)/blockVBytes, 2),
		},
	}
	return &registry.Result{Data: out, Count: 1, Source: mempool.Source.Title, Cached: up.Cached()}, nil
}

// sats converts satoshis to bitcoin.
func sats(n int64) float64 { return tidy.Round(float64(n)/1e8, 8) }
