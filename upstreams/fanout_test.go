package upstreams

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
)

func TestAllRunsEveryJobAndSkipsNil(t *testing.T) {
	var ran atomic.Int32
	job := func(context.Context) error { ran.Add(1); return nil }
	if err := All(context.Background(), job, nil, job); err != nil || ran.Load() != 2 {
		t.Fatalf("err %v, ran %d, want nil and 2", err, ran.Load())
	}
}

// The first failure is returned, and the others see their context end.
func TestAllCancelsTheRestOnFailure(t *testing.T) {
	boom := errors.New("boom")
	err := All(context.Background(),
		func(context.Context) error { return boom },
		func(ctx context.Context) error { <-ctx.Done(); return ctx.Err() },
	)
	if err != boom {
		t.Fatalf("err = %v, want boom", err)
	}
}

func TestEachGivesEveryItemItsIndex(t *testing.T) {
	items := []string{"a", "b", "c"}
	got := make([]string, len(items))
	err := Each(context.Background(), items, func(_ context.Context, i int, s string) error {
		got[i] = s + s
		return nil
	})
	if err != nil || got[0] != "aa" || got[1] != "bb" || got[2] != "cc" {
		t.Fatalf("got %q, err %v", got, err)
	}
	fail := errors.New("b failed")
	err = Each(context.Background(), items, func(_ context.Context, _ int, s string) error {
		if s == "b" {
			return fail
		}
		return nil
	})
	if err != fail {
		t.Errorf("err = %v, want b's failure", err)
	}
}

func TestIntoFetchesAndDecodesIntoItsTarget(t *testing.T) {
	s := NewSession(answers(nil))
	var got int
	if err := All(context.Background(), Into(s, &got, &Request{Source: "test_source", URL: "fresh:42"}, atoi)); err != nil || got != 42 {
		t.Fatalf("got %d, err %v; want 42", got, err)
	}
	failure := Errorf("test_source", Unavailable, "down")
	err := All(context.Background(), Into(NewSession(answers(failure)), &got, &Request{Source: "test_source", URL: "x"}, atoi))
	if err != failure {
		t.Errorf("err = %v, want the upstream's own error", err)
	}
}
