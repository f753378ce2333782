package x402

import (
	"context"
	"crypto/tls"
	"errors"
	"net"
	"syscall"
	"time"

	"github.com/valyala/fasthttp"
)

// unreachedError is a connection to a facilitator that was never made: no
// byte of a request went out on it.
type unreachedError struct{ why string }

func (e *unreachedError) Error() string { return e.why }

// reaching wraps dial so that a failure to resolve, connect or shake hands
// is an unreachedError naming its cause. The TLS handshake is made here,
// not on the first write as fasthttp would, so that its failure too is
// known to have sent nothing.
func reaching(dial fasthttp.DialFunc, secure bool, timeout time.Duration) fasthttp.DialFunc {
	sessions := tls.NewLRUClientSessionCache(0)
	return func(addr string) (net.Conn, error) {
		conn, err := dial(addr)
		if err != nil {
			return nil, &unreachedError{dialFailure(addr, err)}
		}
		if !secure {
			return conn, nil
		}
		host, _, _ := net.SplitHostPort(addr)
		c := tls.Client(conn, &tls.Config{ServerName: host, ClientSessionCache: sessions})
		ctx := context.Background()
		if timeout > 0 { // 0: unbounded, as the client's Timeout
			var cancel context.CancelFunc
			ctx, cancel = context.WithTimeout(ctx, timeout)
			defer cancel()
		}
		if err := c.HandshakeContext(ctx); err != nil {
			conn.Close()
			return nil, &unreachedError{"TLS handshake with " + addr + " failed: " + err.Error()}
		}
		return c, nil
	}
}

// dialFailure names why addr could not be connected to.
func dialFailure(addr string, err error) string {
	var dns *net.DNSError
	var op *net.OpError
	switch {
	case errors.As(err, &dns):
		return "cannot resolve " + dns.Name + ": " + dns.Err
	case errors.Is(err, syscall.ECONNREFUSED):
		return "connection to " + addr + " refused"
	case errors.Is(err, fasthttp.ErrDialTimeout):
		return "connecting to " + addr + " timed out"
	case errors.As(err, &op):
		return "cannot connect to " + addr + ": " + op.Err.Error()
	}
	return "cannot connect to " + addr + ": " + err.Error()
}

// Unreached reports whether err says a request certainly never reached a
// facilitator: one could not be connected to, or none was asked.
func Unreached(err error) bool {
	var fe *FacilitatorError
	return errors.As(err, &fe) && fe.Unreached || errors.Is(err, ErrNoFacilitator) || errors.Is(err, ErrNotSettled)
}
