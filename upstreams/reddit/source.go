// Package reddit is the client of Reddit's public search JSON.
package reddit

import (
	"embed"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

//go:embed testdata
var testdata embed.FS

// Source: unauthenticated clients get about 10 requests a minute, and
// datacenter addresses are often refused with 403, so the pace stays under
// that and answers are cached for ten minutes. Reddit throttles generic
// User-Agents hard; the runtime sends the service's descriptive one.
var Source = upstreams.Register(upstreams.Source{
	Name:        "reddit",
	Title:       "Reddit",
	BaseURL:     "https://www.reddit.com",
	Rate:        0.15,
	Burst:       2,
	Concurrency: 1,
	Timeout:     10 * time.Second,
	Retries:     1,
	CacheTTL:    10 * time.Minute,
	Recorded:    testdata,
	Fixtures: []upstreams.Fixture{
		{Path: "/r/LocalLLaMA/search.json", Query: "q=mcp+server", File: "testdata/search_localllama_mcp.json"},
		{Path: "/r/no_such_community/search.json", File: "testdata/not_found.json", Status: 404},
		{Path: "/r/StableDiffusion+comfyui+aivideo/search.json", Query: "q=wan+image+to+video", File: "testdata/search_video_wan_i2v.json"},
		{Path: "/r/StableDiffusion+comfyui+aivideo/search.json", Query: "q=wan+image-to-video", File: "testdata/search_video_wan_settings.json"},
		{Path: "/r/StableDiffusion+comfyui+aivideo/search.json", Query: "q=nothingmatcheshere", File: "testdata/search_empty.json"},
		{Path: "/search.json", Query: "q=x402", File: "testdata/search_x402.json"},
	},
})
