// Package replay serves every declared source's recorded responses over HTTP
// on the loopback interface, so the real HTTP path (client, limiter, retries,
// breaker) runs without the network. Sandbox mode points every source at it,
// and tests and load runs inject faults per source.
//
// A request for /<source>/<path>?<query> is answered with the fixture that
// upstreams.Match finds for the source's BaseURL + /<path>?<query>.
package replay

import (
	"io"
	"io/fs"
	"mime"
	"net"
	"net/http"
	"path"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

// Server is a running replay server.
type Server struct {
	ln  net.Listener
	srv *http.Server

	mu     sync.Mutex
	faults map[string]*fault
	hits   map[string]*atomic.Int64
}

// Start listens on addr, which must be a loopback address such as
// "127.0.0.1:0", and serves until Close.
func Start(addr string) (*Server, error) {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, err
	}
	if ip := net.ParseIP(host); ip == nil || !ip.IsLoopback() {
		return nil, &net.AddrError{Err: "replay listens on loopback only", Addr: addr}
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, err
	}
	s := &Server{ln: ln, faults: map[string]*fault{}, hits: map[string]*atomic.Int64{}}
	s.srv = &http.Server{Handler: s, ReadHeaderTimeout: 5 * time.Second}
	go s.srv.Serve(ln)
	return s, nil
}

// URL is the server's base, e.g. http://127.0.0.1:41234.
func (s *Server) URL() string { return "http://" + s.ln.Addr().String() }

// Close stops the server and drops open connections.
func (s *Server) Close() error { return s.srv.Close() }

// Hits is how many requests reached source so far, faulty ones included.
func (s *Server) Hits(source string) int64 { return s.counter(source).Load() }

func (s *Server) counter(source string) *atomic.Int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	c, ok := s.hits[source]
	if !ok {
		c = new(atomic.Int64)
		s.hits[source] = c
	}
	return c
}

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	name, rest, _ := strings.Cut(strings.TrimPrefix(r.URL.Path, "/"), "/")
	n := s.counter(name).Add(1)
	if f := s.faultFor(name); f != nil && f.applies(n) {
		if f.serve(w, r) {
			return
		}
	}
	body, _ := io.ReadAll(io.LimitReader(r.Body, upstreams.MaxBody))
	src, ok := upstreams.LookupSource(name)
	if !ok {
		http.Error(w, "no source "+name, http.StatusNotFound)
		return
	}
	target := src.BaseURL + "/" + rest
	if r.URL.RawQuery != "" {
		target += "?" + r.URL.RawQuery
	}
	_, fx, ok := upstreams.Match(&upstreams.Request{Source: name, Method: r.Method, URL: target, Body: body})
	if !ok {
		// 501 is not retried, so a missing fixture fails at once and loudly;
		// the header tells Send it is no answer of the source's.
		w.Header().Set(upstreams.UnrecordedHeader, upstreams.UnrecordedValue)
		http.Error(w, "no recorded response for "+r.Method+" "+target, http.StatusNotImplemented)
		return
	}
	data, err := fs.ReadFile(src.Recorded, fx.File)
	if err != nil {
		http.Error(w, "fixture "+fx.File+": "+err.Error(), http.StatusInternalServerError)
		return
	}
	contentType := mime.TypeByExtension(path.Ext(fx.File))
	if contentType == "" {
		contentType = "application/octet-stream"
	}
	w.Header().Set("Content-Type", contentType)
	for k, v := range fx.Header {
		w.Header()[k] = v
	}
	status := fx.Status
	if status == 0 {
		status = http.StatusOK
	}
	w.WriteHeader(status)
	w.Write(data)
}
