package all

import (
	"strings"
	"testing"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/registrytest"
	"github.com/coinslot/coinslot/upstreams"
)

// When its upstream fails, a tool fails with the upstream's own error, so
// the buyer is told what the source did (and is not charged).
func TestUpstreamFailuresPassUnchanged(t *testing.T) {
	for _, tool := range registry.All() {
		if len(tool.Sources) == 0 || tool.Handler == nil {
			continue
		}
		down := &upstreams.Error{Source: tool.Sources[0], Kind: upstreams.Unavailable, Status: 503, Message: "upstream answered with an error"}
		_, err := registrytest.Run(t, tool.Name, tool.Example, registrytest.Failing(down), upstreams.RecordedAt)
		if e, ok := upstreams.AsError(err); !ok || *e != *down {
			t.Errorf("%s: error %v, want the upstream's own %v", tool.Name, err, down)
		}
	}
}

// An answer no decoder reads is an upstream_error that passes on none of
// the upstream's text. Tools that read only public web pages are the
// exception: any page is theirs to read.
func TestUndecodableAnswersAreUpstreamErrors(t *testing.T) {
	for _, tool := range registry.All() {
		if len(tool.Sources) == 0 || tool.Handler == nil || readsOnlyPages(tool) {
			continue
		}
		_, err := registrytest.Run(t, tool.Name, tool.Example, registrytest.Garbage("<html>Service busy, try later</html>"), upstreams.RecordedAt)
		e, ok := upstreams.AsError(err)
		if !ok || e.Kind != upstreams.BadAnswer || strings.Contains(e.Message, "busy") {
			t.Errorf("%s: error %v, want upstream_error without the page's text", tool.Name, err)
		}
	}
}

// readsOnlyPages says whether every source of tool fetches any public host.
func readsOnlyPages(tool *registry.Tool) bool {
	for _, name := range tool.Sources {
		if src, ok := upstreams.LookupSource(name); !ok || !src.AnyHost {
			return false
		}
	}
	return true
}
