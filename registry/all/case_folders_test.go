package all

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/coinslot/coinslot/registry/registrytest"
)

// caseFolderProblems lists what is wrong in a family's testdata: a folder
// that names no tool of the family, a case folder without request.json or
// without exactly one of expected.json and expected.err (the latter with
// expected.kind), or a file a case folder does not hold (those, requests.txt
// and call.json). Files beside the
// tool folders are the family's own test data; beside the case folders
// only Go tests' goldens, <case>.golden.json.
func caseFolderProblems(testdata string, tools map[string]bool) []string {
	var problems []string
	bad := func(path, problem string) { problems = append(problems, path+": "+problem) }
	toolDirs, _ := os.ReadDir(testdata)
	for _, td := range toolDirs {
		toolDir := filepath.Join(testdata, td.Name())
		if !td.IsDir() {
			continue
		}
		if !tools[td.Name()] {
			bad(toolDir, "names no tool of this family")
			continue
		}
		caseDirs, err := os.ReadDir(toolDir)
		if err != nil {
			bad(toolDir, err.Error())
			continue
		}
		for _, cd := range caseDirs {
			caseDir := filepath.Join(toolDir, cd.Name())
			if !cd.IsDir() {
				if !strings.HasSuffix(cd.Name(), ".golden.json") {
					bad(caseDir, "neither a case folder nor a Go test's golden")
				}
				continue
			}
			files, err := os.ReadDir(caseDir)
			if err != nil {
				bad(caseDir, err.Error())
				continue
			}
			has := map[string]bool{}
			for _, f := range files {
				switch f.Name() {
				case registrytest.RequestFile, registrytest.ExpectedFile, registrytest.ErrorFile, registrytest.KindFile, registrytest.RequestsFile, registrytest.CallFile:
					has[f.Name()] = !f.IsDir()
				default:
					bad(filepath.Join(caseDir, f.Name()), "is not a file a case folder holds")
				}
			}
			switch {
			case !has[registrytest.RequestFile]:
				bad(caseDir, "has no "+registrytest.RequestFile)
			case has[registrytest.ExpectedFile] == has[registrytest.ErrorFile]:
				bad(caseDir, "needs exactly one of "+registrytest.ExpectedFile+" and "+registrytest.ErrorFile)
			case has[registrytest.ErrorFile] != has[registrytest.KindFile]:
				bad(caseDir, registrytest.KindFile+" goes with "+registrytest.ErrorFile+", and only with it")
			}
		}
	}
	return problems
}

// Every case folder belongs to a tool of its family and holds what the
// runner reads; every tool has a case that answers.
func TestCaseFolders(t *testing.T) {
	byFamily := map[string]map[string]bool{}
	for _, d := range declarations(t) {
		if byFamily[d.family] == nil {
			byFamily[d.family] = map[string]bool{}
		}
		byFamily[d.family][d.name] = true
	}
	for family, tools := range byFamily {
		testdata := filepath.Join(root, "registry", family, "testdata")
		for _, p := range caseFolderProblems(testdata, tools) {
			t.Error(p)
		}
		for tool := range tools {
			answers, _ := filepath.Glob(filepath.Join(testdata, tool, "*", registrytest.ExpectedFile))
			if len(answers) == 0 {
				t.Errorf("%s: no case folder with an %s in registry/%s/testdata/%s", tool, registrytest.ExpectedFile, family, tool)
			}
		}
	}
}

// The check sees each kind of malformed folder.
func TestCaseFolderProblemsSeesViolations(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"notes.json":                      "{}", // the family's own test data
		"ghost_tool/a/request.json":       "{}",
		"tool/ok/request.json":            "{}",
		"tool/ok/expected.json":           "{}",
		"tool/ok/requests.txt":            "GET https://example.com/\n",
		"tool/failing/request.json":       "{}",
		"tool/failing/expected.err":       "x\n",
		"tool/failing/expected.kind":      "not_found\n",
		"tool/rich.golden.json":           "{}",
		"tool/stray.txt":                  "",
		"tool/no_request/expected.json":   "{}",
		"tool/both/request.json":          "{}",
		"tool/both/expected.json":         "{}",
		"tool/both/expected.err":          "x\n",
		"tool/no_kind/request.json":       "{}",
		"tool/no_kind/expected.err":       "x\n",
		"tool/extra/request.json":         "{}",
		"tool/extra/expected.json":        "{}",
		"tool/extra/expected.golden.json": "{}",
		"tool/kind_alone/request.json":    "{}",
		"tool/kind_alone/expected.json":   "{}",
		"tool/kind_alone/expected.kind":   "not_found\n",
	}
	for name, body := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got := caseFolderProblems(dir, map[string]bool{"tool": true})
	for i := range got {
		got[i] = strings.TrimPrefix(got[i], dir+string(filepath.Separator))
	}
	slices.Sort(got)
	want := []string{
		"ghost_tool: names no tool of this family",
		"tool/both: needs exactly one of expected.json and expected.err",
		"tool/extra/expected.golden.json: is not a file a case folder holds",
		"tool/kind_alone: expected.kind goes with expected.err, and only with it",
		"tool/no_kind: expected.kind goes with expected.err, and only with it",
		"tool/no_request: has no request.json",
		"tool/stray.txt: neither a case folder nor a Go test's golden",
	}
	if !slices.Equal(got, want) {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
