package upstreams

import (
	"fmt"
	"io/fs"
	"sort"
	"sync"
	"time"
)

// Source declares one real upstream and its polite defaults, once, in
// upstreams/<source>. Config may override every default per source.
type Source struct {
	Name        string        // lower-case id used in config, metrics and meta.source
	Title       string        // human name, e.g. "SEC EDGAR"
	BaseURL     string        // production base; sandbox points it at the replay server; empty when AnyHost
	Rate        float64       // requests per second
	Burst       int           // limiter bucket size
	Concurrency int           // requests in flight at once
	Timeout     time.Duration // per attempt
	Retries     int           // extra attempts on 429/5xx
	CacheTTL    time.Duration // how long an answer is served from cache
	KeyEnv      string        // environment variable holding the API key, if the source takes one
	KeyIn       string        // where the runtime puts the key: "query:<name>", "header:<name>", "path:<segment>" or "bearer"
	KeyOptional bool          // the source works without its key (with lower limits)

	// AnyHost: requests carry absolute URLs to any public host (the web
	// tools fetch pages of the buyer's choosing). The runtime dials only
	// public addresses for them, and fixtures are keyed "/<host><path>".
	// Each host gets its own breaker and polite rate, at most PerHost
	// requests in flight (one when zero) out of Concurrency, and each
	// request at most Timeout × (Retries+1) in all, so a dead or tarpit host
	// holds only the calls made to it.
	AnyHost bool
	PerHost int

	// Recorded holds the source's recorded responses (its testdata folder,
	// embedded) and Fixtures says which request each one answers. Unit tests,
	// the replay server and sandbox mode all answer from them.
	Recorded fs.FS
	Fixtures []Fixture
}

var (
	sourcesMu sync.RWMutex
	sources   = map[string]Source{}
)

// Register declares a source; it panics on a duplicate or incomplete
// declaration, since that is a bug found at start-up.
func Register(s Source) Source {
	switch {
	case s.Name == "" || s.BaseURL == "" && !s.AnyHost:
		panic(fmt.Sprintf("upstream %q: name and base URL are required", s.Name))
	case s.AnyHost && s.BaseURL != "":
		panic(fmt.Sprintf("upstream %s: a source of any host has no base URL", s.Name))
	case s.Rate <= 0 || s.Burst <= 0 || s.Concurrency <= 0 || s.Timeout <= 0:
		panic(fmt.Sprintf("upstream %s: rate, burst, concurrency and timeout must be positive", s.Name))
	}
	sourcesMu.Lock()
	defer sourcesMu.Unlock()
	if _, dup := sources[s.Name]; dup {
		panic(fmt.Sprintf("upstream %s: declared twice", s.Name))
	}
	sources[s.Name] = s
	return s
}

// LookupSource returns the declaration of a source.
func LookupSource(name string) (Source, bool) {
	sourcesMu.RLock()
	defer sourcesMu.RUnlock()
	s, ok := sources[name]
	return s, ok
}

// Sources returns every declared source, sorted by name.
func Sources() []Source {
	sourcesMu.RLock()
	defer sourcesMu.RUnlock()
	out := make([]Source, 0, len(sources))
	for _, s := range sources {
		out = append(out, s)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}
