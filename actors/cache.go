package actors

import (
	"net/http"

	"github.com/dgraph-io/ristretto/v2"

	"github.com/coinslot/coinslot/upstreams"
)

// answer is a cached upstream response. Its body is shared by every reader
// and must not be modified.
type answer struct {
	status int
	header http.Header
	body   []byte
}

func (a *answer) response(cached bool) *upstreams.Response {
	return &upstreams.Response{Status: a.status, Header: a.header, Body: a.body, Cached: cached}
}

// newCache builds the cache shared by every source, costed in body bytes.
// A Set may be dropped or arrive late (ristretto buffers writes), so it is
// never relied on to join identical requests: single flight does that.
func newCache(maxMB int, m *metrics) (*ristretto.Cache[string, *answer], error) {
	maxCost := int64(maxMB) << 20
	return ristretto.NewCache(&ristretto.Config[string, *answer]{
		// About ten counters per item at a typical 8 KiB answer.
		NumCounters: max(maxCost/8192*10, 1000),
		MaxCost:     maxCost,
		BufferItems: 64,
		OnEvict:     func(*ristretto.Item[*answer]) { m.evictions.Inc() },
	})
}

func cost(a *answer) int64 { return int64(len(a.body)) + 1 }
