package mempool

import (
	"github.com/coinslot/coinslot/upstreams"
)

// RecommendedFees builds GET /v1/fees/recommended.
func RecommendedFees() *upstreams.Request {
	return &upstreams.Request{Source: Source.Name, URL: Source.BaseURL + "/v1/fees/recommended"}
}

// Fees are the recommended fee rates in sat/vB, fastest first.
type Fees struct {
	Fastest  float64 `json:"fastestFee,required"`
	HalfHour float64 `json:"halfHourFee,required"`
	Hour     float64 `json:"hourFee,required"`
	Economy  float64 `json:"economyFee,required"`
	Minimum  float64 `json:"minimumFee,required"`
}

// DecodeFees reads a recommended-fees answer.
func DecodeFees(body []byte) (Fees, error) {
	var f Fees
	if err := upstreams.DecodeJSON(Source.Name, body, &f); err != nil {
		return Fees{}, err
	}
	if f.Fastest <= 0 {
		return Fees{}, upstreams.Errorf(Source.Name, upstreams.BadAnswer, "answer has no fee rates")
	}
	return f, nil
}

// Backlog builds GET /mempool.
func Backlog() *upstreams.Request {
	return &upstreams.Request{Source: Source.Name, URL: Source.BaseURL + "/mempool"}
}

// Mempool is the unconfirmed backlog: transactions, virtual size (vB) and
// the fees they carry (sats).
type Mempool struct {
	Count    int64 `json:"count,required"`
	VSize    int64 `json:"vsize,required"`
	TotalFee int64 `json:"total_fee,required"`
}

// DecodeMempool reads a /mempool answer; its fee histogram is not kept.
func DecodeMempool(body []byte) (Mempool, error) {
	var m Mempool
	err := upstreams.DecodeJSON(Source.Name, body, &m)
	return m, err
}
