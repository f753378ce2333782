package media

import (
	"context"
	"strings"
	"time"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/reddit"
)

// communities are where open video and image generation models are
// discussed: general diffusion news and recipes, ComfyUI workflows, and
// finished AI video.
var communities = []string{"StableDiffusion", "comfyui", "aivideo"}

// searchWindow keeps results to the last year: video models are superseded
// within months, and older settings mislead.
const searchWindow = "year"

const noModelAccess = "No upstream model API access is included: this is what the communities posted, not model output."

// searched says what was asked of the source, so a buyer can repeat it.
type searched struct {
	Source      string   `json:"source"`
	Communities []string `json:"communities"`
	Terms       string   `json:"terms"`
	Order       string   `json:"order"`
	Window      string   `json:"window"`
}

// modelParam is a model-family identifier such as wan, hunyuan, ltx or
// cogvideox; case and surrounding space are forgiven.
func modelParam() registry.Param {
	return registry.Str("model").Len(2, 32).
		Matching(`^\s*([A-Za-z0-9][A-Za-z0-9._-]{1,31})?\s*$`,
			"a model-family identifier such as wan, hunyuan, ltx or cogvideox: letters, digits, dots, dashes or underscores").
		Describe("lowercase model-family identifier, e.g. wan, hunyuan, ltx, cogvideox")
}

func modelArg(c *registry.Call) string {
	return strings.ToLower(strings.TrimSpace(c.Args.String("model")))
}

// searchCommunities runs one relevance search over the communities.
func searchCommunities(ctx context.Context, up *upstreams.Session, terms string, limit int) ([]reddit.Post, searched, error) {
	s := reddit.Search{Query: terms, Communities: communities, Sort: "relevance", Time: searchWindow, Limit: limit}
	asked := searched{Source: reddit.Source.Title, Communities: prefixed(communities), Terms: terms, Order: "relevance", Window: "past " + searchWindow}
	posts, err := upstreams.Fetch(ctx, up, s.Request(), reddit.DecodeListing)
	if err != nil {
		return nil, asked, err
	}
	kept := posts[:0]
	for _, p := range posts {
		if !p.Over18 {
			kept = append(kept, p)
		}
	}
	return kept, asked, nil
}

func prefixed(names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = "r/" + n
	}
	return out
}

func channel(p reddit.Post) string { return "r/" + p.Community }

func day(p reddit.Post) string { return p.Created().Format(time.DateOnly) }
