package edge

import (
	"errors"
	"log/slog"
	"net"
	"net/netip"
	"sync"
	"syscall"
	"time"

	"github.com/coinslot/coinslot/config"
)

// fileReserve is the part of the file limit kept for what is not a client
// connection: the ledger, upstream connections, the config file, logs.
const fileReserve = 256

// ConnLimits are the connection caps in effect.
type ConnLimits struct{ Total, PerIP int }

// SizeConnLimits fills the caps l leaves at 0 from the process's file limit,
// so that client connections alone can never exhaust it.
func SizeConnLimits(l config.Limits) ConnLimits {
	c := ConnLimits{Total: l.Connections, PerIP: l.ConnectionsPerIP}
	if c.Total == 0 {
		var rl syscall.Rlimit
		files := 1024
		if syscall.Getrlimit(syscall.RLIMIT_NOFILE, &rl) == nil && rl.Cur < 1<<30 {
			files = int(rl.Cur)
		}
		c.Total = max(files-fileReserve, files/2)
	}
	if c.PerIP == 0 {
		c.PerIP = max(c.Total/4, 1)
	}
	return c
}

// LimitListener caps the connections ln hands out and keeps accepting
// through errors the load causes: an accept that fails for want of file
// descriptors waits and tries again instead of ending the server. A
// connection over a cap is closed at once with a reset, before any byte is
// read, which costs less than answering it.
func LimitListener(ln net.Listener, c ConnLimits) net.Listener {
	return &limitListener{Listener: ln, caps: c, perIP: map[netip.Addr]int{}}
}

type limitListener struct {
	net.Listener
	caps  ConnLimits
	mu    sync.Mutex
	total int
	perIP map[netip.Addr]int
}

// Accept waits out accept errors that pass, from 5 ms up to 1 s.
func (l *limitListener) Accept() (net.Conn, error) {
	var backoff time.Duration
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			if !passing(err) {
				return nil, err
			}
			backoff = min(max(2*backoff, 5*time.Millisecond), time.Second)
			slog.Warn("edge: accept failed; retrying", "err", err, "backoff", backoff)
			time.Sleep(backoff)
			continue
		}
		backoff = 0
		ip := remoteIP(c)
		if !l.take(ip) {
			if tc, ok := c.(*net.TCPConn); ok {
				_ = tc.SetLinger(0) // a reset: no TIME_WAIT kept for it
			}
			_ = c.Close()
			continue
		}
		return &limitedConn{Conn: c, l: l, ip: ip}, nil
	}
}

// passing reports whether an accept error comes from the load, not from a
// closed listener: out of descriptors or memory, or a connection aborted
// before it was accepted.
func passing(err error) bool {
	for _, e := range []error{syscall.EMFILE, syscall.ENFILE, syscall.ENOBUFS, syscall.ENOMEM, syscall.ECONNABORTED} {
		if errors.Is(err, e) {
			return true
		}
	}
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}

func (l *limitListener) take(ip netip.Addr) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.total >= l.caps.Total || l.perIP[ip] >= l.caps.PerIP {
		return false
	}
	l.total++
	l.perIP[ip]++
	return true
}

func (l *limitListener) give(ip netip.Addr) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.total--
	if l.perIP[ip]--; l.perIP[ip] == 0 {
		delete(l.perIP, ip)
	}
}

// limitedConn gives its place back once, on its first Close.
type limitedConn struct {
	net.Conn
	l    *limitListener
	ip   netip.Addr
	once sync.Once
}

func (c *limitedConn) Close() error {
	c.once.Do(func() { c.l.give(c.ip) })
	return c.Conn.Close()
}

// remoteIP is the connection's peer address, IPv4-mapped IPv6 unmapped so
// both spellings of one client share a count.
func remoteIP(c net.Conn) netip.Addr {
	if ap, err := netip.ParseAddrPort(c.RemoteAddr().String()); err == nil {
		return ap.Addr().Unmap()
	}
	return netip.Addr{}
}
