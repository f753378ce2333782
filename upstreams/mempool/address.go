package mempool

import (
	"net/url"

	"github.com/coinslot/coinslot/upstreams"
)

// Address builds GET /address/{address}: confirmed and mempool totals.
func Address(addr string) *upstreams.Request {
	return &upstreams.Request{Source: Source.Name, URL: Source.BaseURL + "/address/" + url.PathEscape(addr)}
}

// Stats are an address's output totals, in sats.
type Stats struct {
	FundedCount int64 `json:"funded_txo_count"`
	FundedSum   int64 `json:"funded_txo_sum"`
	SpentCount  int64 `json:"spent_txo_count"`
	SpentSum    int64 `json:"spent_txo_sum"`
	TxCount     int64 `json:"tx_count"`
}

// Balance is what is funded and not yet spent.
func (s Stats) Balance() int64 { return s.FundedSum - s.SpentSum }

// AddressInfo is an address's confirmed (chain) and unconfirmed (mempool) totals.
type AddressInfo struct {
	Address string `json:"address,required"`
	Chain   Stats  `json:"chain_stats,required"`
	Mempool Stats  `json:"mempool_stats,required"`
}

// DecodeAddress reads an address answer.
func DecodeAddress(body []byte) (AddressInfo, error) {
	var a AddressInfo
	if err := upstreams.DecodeJSON(Source.Name, body, &a); err != nil {
		return AddressInfo{}, err
	}
	return a, nil
}

// AddressTxs builds GET /address/{address}/txs: unconfirmed transactions
// and then the newest 25 confirmed ones.
func AddressTxs(addr string) *upstreams.Request {
	return &upstreams.Request{Source: Source.Name, URL: Source.BaseURL + "/address/" + url.PathEscape(addr) + "/txs"}
}

// Tx is a transaction with its inputs' previous outputs and its outputs.
type Tx struct {
	TxID   string `json:"txid,required"`
	Fee    int64  `json:"fee"`
	Weight int64  `json:"weight"`
	Vin    []struct {
		Prevout *Output `json:"prevout"` // nil for a coinbase input
	} `json:"vin"`
	Vout   []Output `json:"vout"`
	Status struct {
		Confirmed   bool   `json:"confirmed"`
		BlockHeight int64  `json:"block_height"`
		BlockTime   int64  `json:"block_time"`
		BlockHash   string `json:"block_hash"`
	} `json:"status,required"`
}

// Output is a transaction output.
type Output struct {
	Address string `json:"scriptpubkey_address"`
	Value   int64  `json:"value"`
}

// Net is what the transaction moved into (positive) or out of addr, in sats.
func (t Tx) Net(addr string) int64 {
	var n int64
	for _, o := range t.Vout {
		if o.Address == addr {
			n += o.Value
		}
	}
	for _, in := range t.Vin {
		if in.Prevout != nil && in.Prevout.Address == addr {
			n -= in.Prevout.Value
		}
	}
	return n
}

// DecodeTxs reads a transactions answer.
func DecodeTxs(body []byte) ([]Tx, error) {
	var txs []Tx
	err := upstreams.DecodeJSON(Source.Name, body, &txs)
	return txs, err
}
