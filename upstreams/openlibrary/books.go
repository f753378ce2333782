package openlibrary

import (
	"net/url"

	"github.com/coinslot/coinslot/upstreams"
)

// subjectsShown caps the subject list: popular books carry hundreds.
const subjectsShown = 10

// BookByISBN builds GET /api/books for one ISBN, with authors and publishers
// resolved (jscmd=data).
func BookByISBN(isbn string) *upstreams.Request {
	v := url.Values{"bibkeys": {"ISBN:" + isbn}, "format": {"json"}, "jscmd": {"data"}}
	return &upstreams.Request{Source: Source.Name, URL: Source.BaseURL + "/api/books?" + v.Encode()}
}

// Book is one edition.
type Book struct {
	Title         string              `json:"title"`
	Subtitle      string              `json:"subtitle,omitempty"`
	Authors       []string            `json:"authors"`
	Publishers    []string            `json:"publishers"`
	PublishDate   string              `json:"publish_date"`
	NumberOfPages *int                `json:"number_of_pages"`
	Subjects      []string            `json:"subjects"`
	CoverURL      string              `json:"cover_url,omitempty"`
	URL           string              `json:"openlibrary_url"`
	Identifiers   map[string][]string `json:"identifiers"`
}

type named struct {
	Name string `json:"name"`
}

// DecodeBook reads the answer for isbn; found is false when Open Library
// answers with an empty object, its way of saying it has no such book.
func DecodeBook(body []byte, isbn string) (book Book, found bool, err error) {
	var r map[string]struct {
		URL           string              `json:"url,required"`
		Title         string              `json:"title"`
		Subtitle      string              `json:"subtitle"`
		Authors       []named             `json:"authors"`
		Publishers    []named             `json:"publishers"`
		PublishDate   string              `json:"publish_date"`
		NumberOfPages *int                `json:"number_of_pages"`
		Subjects      []named             `json:"subjects"`
		Identifiers   map[string][]string `json:"identifiers"`
		Cover         struct {
			Medium string `json:"medium"`
		} `json:"cover"`
	}
	if err := upstreams.DecodeJSON(Source.Name, body, &r); err != nil {
		return Book{}, false, err
	}
	b, ok := r["ISBN:"+isbn]
	switch {
	case !ok && len(r) == 0:
		return Book{}, false, nil
	case !ok:
		return Book{}, false, upstreams.Errorf(Source.Name, upstreams.BadAnswer, "the answer is not about ISBN %s", isbn)
	}
	book = Book{Title: b.Title, Subtitle: b.Subtitle, Authors: names(b.Authors, 0), Publishers: names(b.Publishers, 0),
		PublishDate: b.PublishDate, NumberOfPages: b.NumberOfPages, Subjects: names(b.Subjects, subjectsShown),
		CoverURL: b.Cover.Medium, URL: b.URL, Identifiers: b.Identifiers}
	if book.Identifiers == nil {
		book.Identifiers = map[string][]string{}
	}
	return book, true, nil
}

// names lists the names, at most max of them when max > 0.
func names(list []named, max int) []string {
	out := []string{}
	for _, n := range list {
		if max > 0 && len(out) == max {
			break
		}
		out = append(out, n.Name)
	}
	return out
}
