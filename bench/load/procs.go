package main

import (
	"bufio"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// proc is a server under test, started by the driver and stopped at the end.
type proc struct {
	name string
	addr string
	cmd  *exec.Cmd
	log  string // its stdout and stderr
}

// freeAddr is a loopback address nobody listens on now.
func freeAddr() string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fail("no free port: %v", err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// underTest is the command of a server under test: at nice -10 where the
// user may raise priority (nice runs it at its own priority otherwise), so
// that the drivers, which share its cores outside section 6, preempt it
// less. Every server under test outside the soak gets the same; the
// facilitator double stands for a remote service and runs at the drivers'
// priority.
func underTest(cmd ...string) []string { return append([]string{"nice", "-n", "-10"}, cmd...) }

// launch starts a server, the command cmd, and waits until it accepts
// connections on addr.
func launch(name, addr, dir string, env []string, cmd ...string) *proc {
	p := &proc{name: name, addr: addr, log: filepath.Join(logDir, name+".log")}
	out, err := os.Create(p.log)
	if err != nil {
		fail("%s: %v", name, err)
	}
	p.cmd = exec.Command(cmd[0], cmd[1:]...)
	p.cmd.Dir, p.cmd.Stdout, p.cmd.Stderr = dir, out, out
	p.cmd.Env = append(os.Environ(), env...)
	if err := p.cmd.Start(); err != nil {
		fail("%s: %v", name, err)
	}
	started = append(started, p)
	for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if c, err := net.Dial("tcp", addr); err == nil {
			c.Close()
			return p
		}
		if p.cmd.ProcessState != nil {
			break
		}
	}
	fail("%s did not start listening on %s; see %s", name, addr, p.log)
	return nil
}

// started are the servers to stop when the driver ends.
var started []*proc

// stopAll stops every server the driver started, last first.
func stopAll() {
	for i := len(started) - 1; i >= 0; i-- {
		p := started[i]
		p.cmd.Process.Signal(syscall.SIGTERM)
		done := make(chan struct{})
		go func() { p.cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			p.cmd.Process.Kill()
		}
	}
	started = nil
}

// cpu is the CPU time the process has used, user and system.
func (p *proc) cpu() time.Duration {
	d, err := pidCPU(p.cmd.Process.Pid)
	if err != nil {
		fail("%s: %v", p.name, err)
	}
	return d
}

// pidCPU is the CPU time process pid has used, user and system.
func pidCPU(pid int) (time.Duration, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, err
	}
	// Fields after the command name, which is in parentheses: utime and
	// stime are the 14th and 15th fields of the whole line.
	f := strings.Fields(string(b[strings.LastIndexByte(string(b), ')')+2:]))
	utime, _ := strconv.ParseInt(f[11], 10, 64)
	stime, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(utime+stime) * time.Second / clockTicks, nil
}

// machineBusy is the time every CPU of the machine has spent busy: the
// first line of /proc/stat, less its idle and iowait.
func machineBusy() time.Duration {
	b, err := os.ReadFile("/proc/stat")
	if err != nil {
		fail("reading the machine's CPU time: %v", err)
	}
	line, _, _ := strings.Cut(string(b), "\n")
	var busy int64
	for i, f := range strings.Fields(line)[1:] {
		// user nice system idle iowait irq softirq steal; guest time is
		// counted in user's already.
		if n, _ := strconv.ParseInt(f, 10, 64); i != 3 && i != 4 && i < 8 {
			busy += n
		}
	}
	return time.Duration(busy) * time.Second / clockTicks
}

// clockTicks is the kernel's USER_HZ, which /proc/<pid>/stat counts in.
const clockTicks = 100

// rss is the process's resident set size in bytes.
func (p *proc) rss() memory {
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", p.cmd.Process.Pid))
	if err != nil {
		fail("%s: %v", p.name, err)
	}
	defer f.Close()
	var m memory
	fields := map[string]*int64{"VmRSS:": &m.total, "RssAnon:": &m.anon, "RssFile:": &m.file}
	s := bufio.NewScanner(f)
	for s.Scan() {
		name, kb, _ := strings.Cut(s.Text(), "\t")
		if field, ok := fields[name]; ok {
			n, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(kb), " kB"), 10, 64)
			*field = n << 10
		}
	}
	if m.total == 0 {
		fail("%s: no VmRSS", p.name)
	}
	return m
}

// memory is a process's resident set: the whole, and its anonymous
// (heap, stacks) and file-backed (the ledger's mmap, the binary) parts,
// which the kernel may reclaim.
type memory struct{ total, anon, file int64 }
