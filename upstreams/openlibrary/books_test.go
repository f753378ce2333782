package openlibrary

import (
	"context"
	"testing"

	"github.com/coinslot/coinslot/upstreams"
)

func TestDecodeBook(t *testing.T) {
	resp, err := upstreams.Replay.Do(context.Background(), BookByISBN("9780140328721"))
	if err != nil {
		t.Fatal(err)
	}
	b, found, err := DecodeBook(resp.Body, "9780140328721")
	if err != nil || !found || b.Title != "Fantastic Mr. Fox" || len(b.Subjects) != subjectsShown || *b.NumberOfPages != 96 {
		t.Fatalf("book = %+v, %v, %v", b, found, err)
	}
	if _, found, err := DecodeBook([]byte(`{}`), "9780000000002"); found || err != nil {
		t.Errorf("empty answer: found %v, %v", found, err)
	}
	if _, _, err := DecodeBook([]byte(`[]`), "1"); err == nil {
		t.Error("an array decoded")
	}
}
