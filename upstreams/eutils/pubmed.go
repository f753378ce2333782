package eutils

import (
	"encoding/json"
	"net/url"
	"strconv"
	"strings"

	"github.com/coinslot/coinslot/upstreams"
)

// tool names this client to NCBI, which asks every caller to say who it is.
const tool = "coinslot"

// Search builds GET esearch.fcgi: PubMed ids matching term, by relevance.
func Search(term string, max int) *upstreams.Request {
	v := url.Values{"db": {"pubmed"}, "term": {term}, "retmax": {strconv.Itoa(max)}, "retstart": {"0"},
		"sort": {"relevance"}, "retmode": {"json"}, "tool": {tool}}
	return &upstreams.Request{Source: Source.Name, URL: Source.BaseURL + "/esearch.fcgi?" + v.Encode()}
}

// Summary builds GET esummary.fcgi for the given PubMed ids.
func Summary(ids []string) *upstreams.Request {
	v := url.Values{"db": {"pubmed"}, "id": {strings.Join(ids, ",")}, "retmode": {"json"}, "tool": {tool}}
	return &upstreams.Request{Source: Source.Name, URL: Source.BaseURL + "/esummary.fcgi?" + v.Encode()}
}

// Hits is an ESearch answer: the total and the ids of the first page.
type Hits struct {
	Count int
	IDs   []string
}

// DecodeSearch reads an ESearch answer.
func DecodeSearch(body []byte) (Hits, error) {
	var r struct {
		Result *struct {
			Count  upstreams.Num `json:"count,required"`
			IDList []string      `json:"idlist"`
			Error  string        `json:"ERROR"`
		} `json:"esearchresult,required"`
	}
	if err := upstreams.DecodeJSON(Source.Name, body, &r); err != nil {
		return Hits{}, err
	}
	if r.Result.Error != "" {
		return Hits{}, upstreams.Errorf(Source.Name, upstreams.BadAnswer, "PubMed rejected the search")
	}
	return Hits{Count: int(r.Result.Count), IDs: r.Result.IDList}, nil
}

// Article is one PubMed record's summary.
type Article struct {
	PMID     string   `json:"pmid"`
	Title    string   `json:"title"`
	Authors  []string `json:"authors"`
	Journal  string   `json:"journal"`
	PubDate  string   `json:"pubdate"`
	Volume   string   `json:"volume,omitempty"`
	Issue    string   `json:"issue,omitempty"`
	Pages    string   `json:"pages,omitempty"`
	DOI      string   `json:"doi,omitempty"`
	PMCID    string   `json:"pmcid,omitempty"`
	PubTypes []string `json:"pub_types"`
	URL      string   `json:"url"`
}

// DecodeSummary reads an ESummary answer, in the order of its uids list:
// the result object is keyed by uid next to that list.
func DecodeSummary(body []byte) ([]Article, error) {
	var r struct {
		Result map[string]json.RawMessage `json:"result,required"`
	}
	if err := upstreams.DecodeJSON(Source.Name, body, &r); err != nil {
		return nil, err
	}
	var uids []string
	if json.Unmarshal(r.Result["uids"], &uids) != nil || uids == nil {
		return nil, upstreams.Errorf(Source.Name, upstreams.BadAnswer, "the answer is not a summary")
	}
	out := make([]Article, 0, len(uids))
	for _, uid := range uids {
		var d struct {
			UID             string   `json:"uid"`
			Title           string   `json:"title"`
			PubDate         string   `json:"pubdate"`
			Source          string   `json:"source"`
			FullJournalName string   `json:"fulljournalname"`
			Volume          string   `json:"volume"`
			Issue           string   `json:"issue"`
			Pages           string   `json:"pages"`
			PubType         []string `json:"pubtype"`
			Authors         []struct {
				Name string `json:"name"`
			} `json:"authors"`
			ArticleIDs []struct {
				IDType string `json:"idtype"`
				Value  string `json:"value"`
			} `json:"articleids"`
			Error string `json:"error"`
		}
		if err := json.Unmarshal(r.Result[uid], &d); err != nil {
			return nil, upstreams.Errorf(Source.Name, upstreams.BadAnswer, "the summary of %s is not readable", uid)
		}
		if d.Error != "" {
			continue // an id withdrawn between the two calls
		}
		a := Article{PMID: uid, Title: d.Title, Authors: []string{}, Journal: d.FullJournalName, PubDate: d.PubDate,
			Volume: d.Volume, Issue: d.Issue, Pages: d.Pages, PubTypes: d.PubType,
			URL: "https://pubmed.ncbi.nlm.nih.gov/" + uid + "/"}
		if a.Journal == "" {
			a.Journal = d.Source
		}
		if a.PubTypes == nil {
			a.PubTypes = []string{}
		}
		for _, au := range d.Authors {
			a.Authors = append(a.Authors, au.Name)
		}
		for _, id := range d.ArticleIDs {
			switch id.IDType {
			case "doi":
				a.DOI = id.Value
			case "pmc":
				a.PMCID = id.Value
			}
		}
		out = append(out, a)
	}
	return out, nil
}
