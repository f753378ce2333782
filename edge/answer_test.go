package edge

import (
	"encoding/json"
	"testing"

	"github.com/coinslot/coinslot/edge/x402"
	"github.com/coinslot/coinslot/registry"
	_ "github.com/coinslot/coinslot/upstreams/arxiv" // the arxiv source, titled "arXiv API"
)

// The 402's output example names its sources as answers do: by title.
func TestOutputFrameNamesSourcesByTitle(t *testing.T) {
	for _, c := range []struct {
		tool *registry.Tool
		want string
	}{
		{&registry.Tool{Sources: []string{"arxiv"}, Shape: registry.Envelope}, `{"cached":false,"data":[],"meta":{"source":"arXiv API"},"success":true}`},
		{&registry.Tool{Shape: registry.Object}, `{"meta":{"source":"local analysis"}}`},
	} {
		if b, _ := json.Marshal(outputFrame(x402.Base, c.tool)); string(b) != c.want {
			t.Errorf("%s", b)
		}
	}
}
