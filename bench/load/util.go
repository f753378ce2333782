package main

import (
	"fmt"
	"net"
	"os"
	"time"

	"github.com/valyala/fasthttp"
)

// client sends the driver's single requests: terms, warmups, the ceiling's bytes.
var client = &fasthttp.Client{ReadBufferSize: 64 << 10, WriteBufferSize: 64 << 10}

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "bench: "+format+"\n", args...)
	stopAll()
	os.Exit(1)
}

func logf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, format+"\n", args...)
}

func write(path string, b []byte) {
	if err := os.WriteFile(path, b, 0o644); err != nil {
		fail("%v", err)
	}
}

func port(addr string) string {
	_, p, _ := net.SplitHostPort(addr)
	return p
}

// dur prints a duration with three significant digits.
func dur(d time.Duration) string {
	switch {
	case d == 0:
		return "0"
	case d < time.Millisecond:
		return fmt.Sprintf("%.1f µs", float64(d)/float64(time.Microsecond))
	case d < time.Second:
		return fmt.Sprintf("%.2f ms", float64(d)/float64(time.Millisecond))
	}
	return fmt.Sprintf("%.2f s", d.Seconds())
}

func mib(b int64) float64 { return float64(b) / (1 << 20) }

func mark(ok bool) string {
	if ok {
		return "yes"
	}
	return "**no**"
}
