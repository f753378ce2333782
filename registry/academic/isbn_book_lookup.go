package academic

import (
	"context"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/openlibrary"
)

func init() {
	family.Register(&registry.Tool{
		Name: "isbn_book_lookup", Path: "/paid/academic/isbn", Price: "0.02",
		Description: "Look up a book edition by ISBN-10 or ISBN-13 on Open Library: title, authors, publishers, " +
			"publication date, pages, subjects, cover and identifiers. The check digit is verified first.",
		Params: []registry.Param{
			registry.Str("isbn").Req().Len(10, 17).Matching(isbnCharacters, isbnShape).Describe("ISBN-10 or ISBN-13, hyphens allowed"),
		},
		Example:  map[string]any{"isbn": "978-0-14-032872-1"},
		Synonyms: []string{"book details", "find a book", "book by isbn", "open library"},
		Expected: "Envelope whose data is the Open Library record of a book, and an ISBN Open Library does not know is a 404 not_found.",
		Check:    checkISBN,
		Shape:    registry.Envelope,
		Result:   book{},
		Sources:  []string{openlibrary.Source.Name},
		Handler:  isbnBookLookup,
	})
}

type book struct {
	ISBN string `json:"isbn"`
	openlibrary.Book
}

func isbnBookLookup(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	isbn := c.Args.String("isbn")
	resp, err := c.Upstream.Do(ctx, openlibrary.BookByISBN(isbn))
	if err != nil {
		return nil, err
	}
	b, found, err := openlibrary.DecodeBook(resp.Body, isbn)
	switch {
	case err != nil:
		return nil, err
	case !found:
		return nil, upstreams.Errorf(openlibrary.Source.Name, upstreams.NotFound, "Open Library has no book with ISBN %s", isbn)
	}
	return &registry.Result{Data: book{ISBN: isbn, Book: b}, Count: 1, Source: openlibrary.Source.Title, Cached: resp.Cached}, nil
}
