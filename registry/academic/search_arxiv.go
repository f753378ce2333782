package academic

import (
	"context"
	"strings"
	"unicode"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/arxiv"
)

// arxivCategory is an arXiv subject class such as cs.LG, hep-th or cond-mat.mes-hall.
const arxivCategory = `^\s*[a-z]+(-[a-z]+)?(\.[A-Za-z]+(-[a-z]+)?)?\s*$`

func init() {
	family.Register(&registry.Tool{
		Name: "search_arxiv", Path: "/paid/academic/arxiv", Price: "0.02",
		Description: "Search arXiv preprints whose metadata contains the query as a phrase, optionally in one subject " +
			"category, most relevant first: abstract, authors, categories, dates, DOI and PDF link.",
		Params: []registry.Param{
			registry.Str("query").Req().Len(1, 300).Describe("a phrase to find in title, abstract, authors or comments"),
			registry.Str("category").Len(2, 40).Matching(arxivCategory, "an arXiv category such as cs.LG or hep-th").
				Describe("arXiv category, e.g. cs.LG or hep-th"),
			registry.Int("limit").Range(5, 50).WithDefault(20),
		},
		Example:  map[string]any{"query": "mixture of experts", "category": "cs.LG", "limit": 5},
		Synonyms: []string{"preprints", "machine learning papers", "physics papers", "latest research papers", "cs papers"},
		Expected: "Envelope whose data is an array of arXiv preprints with summary, authors, categories and links.",
		Check:    checkArxivQuery,
		Shape:    registry.Envelope,
		Result:   []arxiv.Paper(nil),
		Sources:  []string{arxiv.Source.Name},
		Handler:  searchArxiv,
	})
}

// arxivWords are the words of a query. Characters of arXiv's query syntax
// (quotes, parentheses, colons) split words rather than reach it.
func arxivWords(query string) []string {
	return strings.FieldsFunc(query, func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '-' && r != '.' && r != '\''
	})
}

func checkArxivQuery(a registry.Args) []registry.FieldError {
	if len(arxivWords(a.String("query"))) == 0 {
		return registry.Bad("query", "must contain at least one word")
	}
	return nil
}

// arxivQuery searches the query's words as one phrase over all fields.
func arxivQuery(query, category string) string {
	q := `all:"` + strings.Join(arxivWords(query), " ") + `"`
	if category != "" {
		q += " AND cat:" + category
	}
	return q
}

func searchArxiv(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	category := strings.TrimSpace(c.Args.String("category"))
	q := arxivQuery(c.Args.String("query"), category)
	up := upstreams.NewSession(c.Upstream)
	feed, err := upstreams.Fetch(ctx, up, arxiv.Query(q, c.Args.Int("limit")), arxiv.DecodeFeed)
	if err != nil {
		return nil, err
	}
	return &registry.Result{Data: feed.Papers, Count: len(feed.Papers), Source: arxiv.Source.Title, Cached: up.Cached()}, nil
}
