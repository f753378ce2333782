// Package media holds the generative video and image community intelligence
// tools: what the video-generation communities say about a model or topic,
// and the settings they report for it. Both read public community posts; no
// generation model is called.
package media

import "github.com/coinslot/coinslot/registry"

// family is the category every tool of this package sells under.
const family registry.Family = "Gen-Video Intel"
