package main

import (
	"os"
	"os/exec"
	"runtime"
	"time"

	"golang.org/x/sys/unix"
)

// switchPrices are the rows of what the kernel charges here for what a
// database on the same machine adds to each group of writes: system calls,
// and switches between processes (the database's backend and WAL writer
// are processes of their own), against switches between the threads of
// one process. A run prints them so that two machines' section 7 can be
// compared knowing what each charges.
func (b *bench) switchPrices() {
	b.row("  the machine: a system call, 1 thread", "", "", "", dur(perCall(func() { unix.Getppid() })), "", "", "")
	b.row("  the machine: a round trip over pipes between 2 threads on one core", "", "", "", dur(pipeRoundTrip(false)), "", "", "")
	b.row("  the machine: a round trip over pipes between 2 processes on one core", "", "", "", dur(pipeRoundTrip(true)), "", "", "")
}

// pipeRoundTrip is the time one byte takes to go to an echo and back over
// two pipes, with the echo on this thread's core: cat in a process of its
// own, or a thread of this one. Each side blocks in the kernel, outside
// Go's poller, while the other runs: a round trip is two switches and four
// system calls. It is the floor of four rounds, as perCall's figures are.
func pipeRoundTrip(process bool) time.Duration {
	var there, back [2]int
	if err := unix.Pipe2(there[:], unix.O_CLOEXEC); err != nil {
		fail("a pipe: %v", err)
	}
	if err := unix.Pipe2(back[:], unix.O_CLOEXEC); err != nil {
		fail("a pipe: %v", err)
	}
	defer unix.Close(back[0])
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	pinThread(0)
	defer unpinThread()
	if process {
		// cat is forked from this thread, and so starts pinned as it is.
		in, out := os.NewFile(uintptr(there[0]), "there"), os.NewFile(uintptr(back[1]), "back")
		cat := exec.Command("cat")
		cat.Stdin, cat.Stdout = in, out
		if err := cat.Start(); err != nil {
			fail("starting cat: %v", err)
		}
		in.Close()
		out.Close()
		defer cat.Wait()
	} else {
		go func() {
			// Locked to the end: its thread, pinned, ends with it.
			runtime.LockOSThread()
			pinThread(0)
			defer unix.Close(back[1])
			defer unix.Close(there[0])
			echo := make([]byte, 1)
			for {
				if n, err := unix.Read(there[0], echo); n != 1 || err != nil {
					return
				}
				if _, err := unix.Write(back[1], echo); err != nil {
					return
				}
			}
		}()
	}
	defer unix.Close(there[1])
	one := make([]byte, 1)
	start := time.Now()
	return floor(5000, func() time.Duration { return time.Since(start) }, func() {
		if _, err := unix.Write(there[1], one); err != nil {
			fail("writing to the echo: %v", err)
		}
		if m, err := unix.Read(back[0], one); m != 1 || err != nil {
			fail("reading the echo: %d bytes, %v", m, err)
		}
	})
}

// unpinThread lets the calling thread run on every CPU again.
func unpinThread() {
	set := allCPUs()
	if err := unix.SchedSetaffinity(0, &set); err != nil {
		fail("unpinning a thread: %v", err)
	}
}
