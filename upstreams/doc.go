// Package upstreams holds what every source client shares: the request and
// response that travel between a tool and its source's supervisor, the typed
// upstream error, and the declaration of a source's polite defaults. Typed
// clients live in upstreams/<source>; they build requests and decode bodies
// but never do HTTP themselves.
package upstreams
