package actors

import "time"

// warmGoroutines run the calls' handlers on goroutines kept for the next
// call. A new goroutine's stack grows from the minimum by copies on every
// call; a kept one has grown its stack already.
type warmGoroutines struct {
	idle chan func() // unbuffered: a call is handed only to a goroutine waiting for one
}

// warmFor is how long a kept goroutine waits for a call before it ends.
const warmFor = 10 * time.Second

// run runs fn on a waiting goroutine, or on a new one: it never waits.
func (w *warmGoroutines) run(fn func()) {
	select {
	case w.idle <- fn:
	default:
		go w.keep(fn)
	}
}

func (w *warmGoroutines) keep(fn func()) {
	wait := time.NewTimer(warmFor)
	defer wait.Stop()
	for {
		fn()
		wait.Reset(warmFor)
		select {
		case fn = <-w.idle:
		case <-wait.C:
			return
		}
	}
}
