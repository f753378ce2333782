package regulationsgov

import (
	"net/url"
	"strconv"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

// Query selects documents. Open keeps those within their comment period;
// ClosedBy keeps those whose comment period ended on or before that day.
type Query struct {
	Term     string
	Open     bool
	ClosedBy time.Time
	PageSize int // 5-250
}

// Documents builds GET /documents, newest posting first.
func Documents(q Query) *upstreams.Request {
	v := url.Values{"filter[searchTerm]": {q.Term}, "sort": {"-postedDate"}}
	if q.Open {
		v.Set("filter[withinCommentPeriod]", "true")
	}
	if !q.ClosedBy.IsZero() {
		v.Set("filter[commentEndDate][le]", q.ClosedBy.Format(time.DateOnly))
	}
	if q.PageSize > 0 {
		v.Set("page[size]", strconv.Itoa(q.PageSize))
	}
	return &upstreams.Request{Source: Source.Name, URL: Source.BaseURL + "/documents?" + v.Encode()}
}

// Document is one rulemaking document.
type Document struct {
	ID               string  `json:"id"`
	Title            string  `json:"title"`
	AgencyID         string  `json:"agency_id"`
	DocketID         string  `json:"docket_id"`
	DocumentType     string  `json:"document_type"`
	PostedDate       *string `json:"posted_date"`
	CommentStartDate *string `json:"comment_start_date"`
	CommentEndDate   *string `json:"comment_end_date"`
	OpenForComment   bool    `json:"open_for_comment"`
	FRDocNum         *string `json:"fr_doc_num"`
	Withdrawn        bool    `json:"withdrawn"`
	URL              string  `json:"url"`
}

// Page is one answer.
type Page struct {
	Total     int
	Documents []Document
}

// DecodeDocuments reads a JSON:API document list.
func DecodeDocuments(body []byte) (Page, error) {
	var r struct {
		Data []struct {
			ID         string `json:"id,required"`
			Attributes struct {
				Title            string  `json:"title"`
				AgencyID         string  `json:"agencyId"`
				DocketID         string  `json:"docketId"`
				DocumentType     string  `json:"documentType"`
				PostedDate       *string `json:"postedDate"`
				CommentStartDate *string `json:"commentStartDate"`
				CommentEndDate   *string `json:"commentEndDate"`
				OpenForComment   bool    `json:"openForComment"`
				FRDocNum         *string `json:"frDocNum"`
				Withdrawn        bool    `json:"withdrawn"`
			} `json:"attributes,required"`
		} `json:"data,required"`
		Meta struct {
			TotalElements int `json:"totalElements,required"`
		} `json:"meta,required"`
	}
	if err := upstreams.DecodeJSON(Source.Name, body, &r); err != nil {
		return Page{}, err
	}
	page := Page{Total: r.Meta.TotalElements, Documents: make([]Document, 0, len(r.Data))}
	for _, d := range r.Data {
		a := d.Attributes
		page.Documents = append(page.Documents, Document{ID: d.ID, Title: a.Title, AgencyID: a.AgencyID,
			DocketID: a.DocketID, DocumentType: a.DocumentType, PostedDate: a.PostedDate,
			CommentStartDate: a.CommentStartDate, CommentEndDate: a.CommentEndDate,
			OpenForComment: a.OpenForComment, FRDocNum: a.FRDocNum, Withdrawn: a.Withdrawn,
			URL: "https://www.regulations.gov/document/" + d.ID})
	}
	return page, nil
}
