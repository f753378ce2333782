package main

import (
	"bufio"
	"os"
	"slices"
	"strings"
	"time"
)

// ownTime is the seller's own time for the last n answered calls to path
// in p's log: each access line's duration, from the handler taking the
// request to its answer written. At one connection the round trip also
// holds the loopback, the kernel's wake-ups on both sides and the driver,
// which a bare server answering at once pays too (the ceiling's phase at
// one connection); this is what the seller adds to it.
func ownTime(p *proc, path string, n int) (p50, p99 time.Duration) {
	time.Sleep(20 * time.Millisecond) // the server writes its lines at most 2 ms after their answers
	f, err := os.Open(p.log)
	if err != nil {
		fail("%s: %v", p.name, err)
	}
	defer f.Close()
	var took []time.Duration
	lines := bufio.NewScanner(f)
	lines.Buffer(nil, 1<<20)
	for lines.Scan() {
		line := lines.Text()
		if !strings.Contains(line, " msg=request ") || !strings.Contains(line, " route="+path+" ") || !strings.Contains(line, " status=200 ") {
			continue
		}
		_, rest, _ := strings.Cut(line, " duration=")
		value, _, _ := strings.Cut(rest, " ")
		d, err := time.ParseDuration(value)
		if err != nil {
			fail("%s: an access line's duration %q: %v", p.name, value, err)
		}
		took = append(took, d)
	}
	if err := lines.Err(); err != nil {
		fail("%s: %v", p.name, err)
	}
	if len(took) < n { // the phase itself fails when none was answered
		fail("%s: %d access lines of %s, %d calls answered", p.name, len(took), path, n)
	}
	took = took[len(took)-n:]
	slices.Sort(took)
	return took[n/2], took[n*99/100]
}
