package finance

import (
	"context"
	"time"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/mempool"
)

func init() {
	family.Register(&registry.Tool{
		Name: "btc_address_balance", Path: "/paid/finance/btc-balance", Price: "0.03",
		Description: "Balance of a Bitcoin mainnet address (confirmed and unconfirmed) with its latest transactions and what each moved in or out of it.",
		Params: []registry.Param{
			registry.Str("address").Req().Len(26, 90).Matching(btcAddress, "a Bitcoin mainnet address (1..., 3... or bc1...)").
				Describe("Bitcoin mainnet address: 1..., 3... or bc1..."),
			registry.Int("limit").Range(1, 25).WithDefault(10).Describe("number of latest transactions"),
		},
		Example:  map[string]any{"address": "bc1qm34lsc65zpw79lxes69zkqmk6ee3ewf0j77s3h", "limit": 5},
		Synonyms: []string{"bitcoin wallet balance", "address lookup", "bitcoin address", "wallet transactions"},
		Expected: "Envelope whose data holds a Bitcoin address's confirmed and unconfirmed balance in BTC and its transactions, newest first, from mempool.space.",
		Shape:    registry.Envelope,
		Result:   addressBalance{},
		Sources:  []string{mempool.Source.Name},
		Check:    checkBTCAddress,
		Handler:  btcAddressBalance,
	})
}

// btcAddress accepts legacy (1...), script (3...) and bech32 (bc1..., or
// BC1... which is lower-cased) mainnet addresses; checksums are left to the
// upstream, which answers 400.
const btcAddress = `^\s*([13][a-km-zA-HJ-NP-Z1-9]{25,34}|bc1[02-9ac-hj-np-z]{11,87}|BC1[02-9ac-hj-np-zAC-HJ-NP-Z]{11,87})\s*$`

type addressTx struct {
	TxID        string  `json:"txid"`
	Confirmed   bool    `json:"confirmed"`
	BlockHeight int64   `json:"block_height,omitempty"`
	Time        string  `json:"time,omitempty"`
	NetBTC      float64 `json:"net_btc"`
	FeeBTC      float64 `json:"fee_btc"`
}

type addressBalance struct {
	Address        string      `json:"address"`
	BalanceBTC     float64     `json:"balance_btc"`
	ConfirmedBTC   float64     `json:"confirmed_btc"`
	UnconfirmedBTC float64     `json:"unconfirmed_btc"`
	TxCount        int64       `json:"tx_count"`
	ReceivedBTC    float64     `json:"received_btc"`
	SentBTC        float64     `json:"sent_btc"`
	Transactions   []addressTx `json:"transactions"`
}

func btcAddressBalance(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	addr := c.Args.String("address")
	up := upstreams.NewSession(c.Upstream)
	var info mempool.AddressInfo
	var txs []mempool.Tx
	if err := upstreams.All(ctx,
		upstreams.Into(up, &info, mempool.Address(addr), mempool.DecodeAddress),
		upstreams.Into(up, &txs, mempool.AddressTxs(addr), mempool.DecodeTxs),
	); err != nil {
		return nil, err
	}
	out := addressBalance{
		Address: info.Address, ConfirmedBTC: sats(info.Chain.Balance()), UnconfirmedBTC: sats(info.Mempool.Balance()),
		BalanceBTC: sats(info.Chain.Balance() + info.Mempool.Balance()), TxCount: info.Chain.TxCount + info.Mempool.TxCount,
		ReceivedBTC: sats(info.Chain.FundedSum + info.Mempool.FundedSum), SentBTC: sats(info.Chain.SpentSum + info.Mempool.SpentSum),
		Transactions: []addressTx{},
	}
	for _, tx := range txs[:min(len(txs), c.Args.Int("limit"))] {
		t := addressTx{TxID: tx.TxID, Confirmed: tx.Status.Confirmed, BlockHeight: tx.Status.BlockHeight, NetBTC: sats(tx.Net(addr)), FeeBTC: sats(tx.Fee)}
		if tx.Status.BlockTime > 0 {
			t.Time = time.Unix(tx.Status.BlockTime, 0).UTC().Format(time.RFC3339)
		}
		out.Transactions = append(out.Transactions, t)
	}
	return &registry.Result{Data: out, Count: 1, Source: mempool.Source.Title, Cached: up.Cached()}, nil
}
