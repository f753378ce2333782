package academic

import "testing"

func TestPaperID(t *testing.T) {
	cases := map[string]string{
		"204e3073870fae3d05bcbc2f6a8e263d9b72e776": "204e3073870fae3d05bcbc2f6a8e263d9b72e776",
		"10.18653/v1/N18-3011":                     "DOI:10.18653/v1/N18-3011",
		"HTTPS://DOI.ORG/10.1145/3442188.3445922":  "DOI:10.1145/3442188.3445922",
		"1706.03762v5":                             "ARXIV:1706.03762v5",
		"arXiv:2106.15928":                         "ARXIV:2106.15928",
		"https://arxiv.org/abs/hep-th/9901001":     "ARXIV:hep-th/9901001",
		"pmid:19872477":                            "PMID:19872477",
		"PMCID:PMC2323736":                         "PMCID:2323736",
		"corpusid:215416146":                       "CorpusId:215416146",
		"ACL:W12-3903":                             "ACL:W12-3903",
	}
	for in, want := range cases {
		got, problem := paperID(in)
		if problem != "" || got != want {
			t.Errorf("paperID(%q) = %q, %q; want %q", in, got, problem, want)
		}
	}
}

func TestISBN(t *testing.T) {
	for in, want := range map[string]string{
		"0140328726":        "0140328726",
		"0-8044-2957-x":     "080442957X",
		"978 0 14 032872 1": "9780140328721",
	} {
		got, problem := normalISBN(in)
		if problem != "" || got != want {
			t.Errorf("normalISBN(%q) = %q, %q; want %q", in, got, problem, want)
		}
	}
}
