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

// How many A2A tasks an instance keeps, and for how long: long enough for a
// buyer to sign and send the payment, and to read the answer again with
// tasks/get. A paid answer outlives its task in the ledger: the same
// payment sent in a new message gets it again.
const (
	taskLimit = 4096
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
}

// taskStore holds the tasks of this instance, bounded in number and age;
// its zero value is empty and ready.
type taskStore struct {
	mu    sync.Mutex
	tasks map[string]*a2aTask
	order []string // ids, oldest first: tasks expire in the order they were made
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
	for len(s.order) >= taskLimit {
		delete(s.tasks, s.order[0])
		s.order = s.order[1:]
	}
	s.tasks[id] = &a2aTask{wire: taskWire{Kind: "task", ID: id, ContextID: newTaskID()}, tool: t, request: request, expires: now.Add(taskTTL)}
	s.order = append(s.order, id)
	return id
}

// expire drops the tasks past their time; the caller holds the lock.
func (s *taskStore) expire(now time.Time) {
	n := 0
	for n < len(s.order) {
		if t := s.tasks[s.order[n]]; t != nil && now.Before(t.expires) {
			break
		}
		delete(s.tasks, s.order[n])
		n++
	}
	s.order = s.order[n:]
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
	return true
}

func newTaskID() string {
	var b [16]byte
	_, _ = rand.Read(b[:]) // never fails
	return hex.EncodeToString(b[:])
}
