package edge

import (
	"crypto/rand"
	"encoding/hex"
	"sync"
	"time"

	"github.com/coinslot/coinslot/registry"
)

// Task states and payment statuses of A2A and its x402 extension.
const (
	taskInputRequired = "input-required"
	taskWorking       = "working"
	taskCompleted     = "completed"
	taskFailed        = "failed"

	paymentRequiredStatus  = "payment-required"
	paymentSubmittedStatus = "payment-submitted"
	paymentRejectedStatus  = "payment-rejected"
	paymentCompletedStatus = "payment-completed"
	paymentFailedStatus    = "payment-failed"
)

// How many A2A tasks an instance keeps, in how many bytes, and for how
// long: long enough for a buyer to sign and send the payment, and to read
// the answer again with tasks/get. A paid answer outlives its task in the
// ledger: the same payment sent in a new message gets it again.
const (
	taskLimit = 4096
	taskBytes = 32 << 20
	taskTTL   = time.Hour
)

// a2aTask is one task of /a2a: the call it stands for and its state as
// the buyer sees it.
type a2aTask struct {
	wire    taskWire
	tool    *registry.Tool
	request []byte // the input as sent
	paid    string // the digest of the payment submitted to the task, once one was
	expires time.Time
	size    int // what the task holds, in bytes, as last counted
}

// bytes counts what a task holds: its input, its status message and its
// answer.
func (t *a2aTask) bytes() int {
	n := len(t.request)
	if m := t.wire.Status.Message; m != nil {
		for _, v := range m.Metadata {
			n += len(v)
		}
		for _, p := range m.Parts {
			n += len(p.Text) + len(p.Data)
		}
	}
	for _, a := range t.wire.Artifacts {
		for _, p := range a.Parts {
			n += len(p.Data)
		}
	}
	return n
}

// taskStore holds the tasks of this instance, bounded in number and age;
// its zero value is empty and ready.
type taskStore struct {
	mu    sync.Mutex
	tasks map[string]*a2aTask
	order []string // ids, oldest first: tasks expire in the order they were made
	bytes int      // what the tasks hold together
}

// add stores a new task for t's call, giving it an id.
func (s *taskStore) add(t *registry.Tool, request []byte, now time.Time) string {
	id := newTaskID()
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.tasks == nil {
		s.tasks = map[string]*a2aTask{}
	}
	s.expire(now)
	task := &a2aTask{wire: taskWire{Kind: "task", ID: id, ContextID: newTaskID()}, tool: t, request: request, expires: now.Add(taskTTL)}
	task.size = task.bytes()
	s.tasks[id], s.bytes = task, s.bytes+task.size
	s.order = append(s.order, id)
	s.trim()
	return id
}

// trim drops the oldest tasks while there are too many, or they hold too
// much; the caller holds the lock.
func (s *taskStore) trim() {
	for len(s.order) > taskLimit || s.bytes > taskBytes {
		s.drop()
	}
}

// drop forgets the oldest task; the caller holds the lock.
func (s *taskStore) drop() {
	if t := s.tasks[s.order[0]]; t != nil {
		s.bytes -= t.size
		delete(s.tasks, s.order[0])
	}
	s.order = s.order[1:]
}

// expire drops the tasks past their time; the caller holds the lock.
func (s *taskStore) expire(now time.Time) {
	for len(s.order) > 0 {
		if t := s.tasks[s.order[0]]; t != nil && now.Before(t.expires) {
			return
		}
		s.drop()
	}
}

// with runs f on the task id under the store's lock; false when there is
// no such task (never made here, or expired).
func (s *taskStore) with(id string, now time.Time, f func(*a2aTask)) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.expire(now)
	t := s.tasks[id]
	if t == nil {
		return false
	}
	f(t)
	size := t.bytes()
	s.bytes += size - t.size
	t.size = size
	s.trim()
	return true
}

func newTaskID() string {
	var b [16]byte
	_, _ = rand.Read(b[:]) // never fails
	return hex.EncodeToString(b[:])
}
