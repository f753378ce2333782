package actors

import (
	"container/list"
	"net/url"
	"strings"

	"golang.org/x/time/rate"
)

// maxDestinations bounds the hosts an AnyHost source remembers; the least
// recently used is forgotten first.
const maxDestinations = 4096

// destination is one host an AnyHost source fetches from, with its own
// breaker, polite rate and in-flight count, so a dead or tarpit site fails
// and holds only the calls made to it.
type destination struct {
	host    string
	breaker breaker
	limiter *rate.Limiter
	busy    int // jobs at workers
	elem    *list.Element
}

// destinations is an AnyHost source's table of hosts, owned by its
// supervisor and used only on its goroutine.
type destinations struct {
	byHost map[string]*destination
	lru    list.List // front: most recently used
}

// get returns host's entry, creating it with set's rate and forgetting the
// least recently used idle host when the table is full.
func (d *destinations) get(host string, set *settings) *destination {
	if d.byHost == nil {
		d.byHost = map[string]*destination{}
	}
	if e, ok := d.byHost[host]; ok {
		d.lru.MoveToFront(e.elem)
		return e
	}
	if len(d.byHost) >= maxDestinations {
		for el := d.lru.Back(); el != nil; el = el.Prev() {
			if old := el.Value.(*destination); old.busy == 0 {
				d.lru.Remove(el)
				delete(d.byHost, old.host)
				break
			}
		}
	}
	e := &destination{host: host, limiter: rate.NewLimiter(rate.Limit(set.rate), set.burst)}
	e.elem = d.lru.PushFront(e)
	d.byHost[host] = e
	return e
}

// each calls f for every remembered host.
func (d *destinations) each(f func(*destination)) {
	for _, e := range d.byHost {
		f(e)
	}
}

// hostOf is the destination a request of an AnyHost source goes to: its
// lower-case host name without port, or "" when the URL has none.
func hostOf(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return ""
	}
	return strings.ToLower(strings.TrimSuffix(u.Hostname(), "."))
}
