package registry_test

import (
	"bufio"
	"os"
	"slices"
	"strings"
	"testing"
)

// question is what an agent or a person asks, in their words, not the
// catalog's, with the tools that answer it; none when no tool does.
type question struct {
	q     string
	tools []string
}

// heldOutHalf is the line of a question set before which its questions may
// be tuned on and after which they are held out.
const heldOutHalf = "# == held out =="

// questionSet reads testdata/finder/<name>: a question a line, then "|" and
// the tools that answer it, any one of them, or "-". Of a set in two
// halves, half "tuning" is the questions before the line heldOutHalf, half
// "held" those after it, and "" all of them.
func questionSet(t *testing.T, name, half string) []question {
	t.Helper()
	f, err := os.Open("testdata/finder/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var set []question
	held := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == heldOutHalf {
			held = true
		}
		if line == "" || strings.HasPrefix(line, "#") || half == "tuning" && held || half == "held" && !held {
			continue
		}
		q, tools, ok := strings.Cut(line, " | ")
		if !ok {
			t.Fatalf("%s: %q has no \" | \" before its tools", name, line)
		}
		set = append(set, question{q, slices.DeleteFunc(strings.Fields(tools), func(s string) bool { return s == "-" })})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return set
}

// The route finder on both question sets, each share printed and held to a
// least value: of the questions a tool answers, those with a right tool
// first (top-1), among the first three (top-3), and first and strong; of
// those no tool answers, the ones without a strong match (a word the
// question shares with a tool's name, "order a pizza", still makes a strong
// one). The tuning set is what the finder was tuned on, and the fresh set
// too once it had been measured untuned (86% top-1, 94% top-3); the
// held-out set measures how it does on questions it was not tuned for. The
// second fresh set is in two halves: the first tuned on once measured
// untuned (95% top-1, 100% top-3), the second held out, as the held-out set
// is (92% top-1, 100% top-3 untuned). The third fresh set, written from
// the catalog alone before the finder's code or any other set was read, is
// in two halves too; untuned, its tuning half was at 82% top-1 and 90%
// top-3 (56, 61 of 68), its held half at 79% top-1 and 90% top-3 (38, 43
// of 48), 7 of 8 questions no tool answers weak in each. Once its tuning
// half was tuned on, the held half stood at 81% top-1 and 94% top-3 (39,
// 45 of 48), 35 of its 39 right first matches strong.
func TestFinderAnswersUsersQuestions(t *testing.T) {
	docs := catalogDocuments(t)
	for _, set := range []struct {
		file      string
		half      string // of a set in two halves, "tuning" or "held"
		tuned     bool   // held out: its questions are counted, never shown
		questions int
		// the least shares allowed: of the answered questions, with a right
		// tool first, among the first three, and first and strong; of the
		// others, those with no strong match
		top1, top3, sure, weak float64
	}{
		{"tuning.txt", "", true, 120, 0.95, 0.98, 0.95, 0.55},
		{"fresh.txt", "", true, 100, 0.90, 0.95, 0.85, 0.60},
		{"fresh2.txt", "tuning", true, 45, 0.95, 0.98, 0.90, 0.65},
		{"fresh2.txt", "held", false, 40, 0.90, 0.95, 0.90, 0.65},
		{"fresh3.txt", "tuning", true, 76, 0.94, 0.97, 0.75, 0.85},
		{"fresh3.txt", "held", false, 56, 0.80, 0.92, 0.85, 0.85},
		// after the generic changes the third fresh set's tuning half led
		// to, never tuned on: 95% top-1, 97% top-3 (92, 94 of 97)
		{"heldout.txt", "", false, 60, 0.92, 0.95, 0.85, 0.65},
	} {
		t.Run(strings.TrimSuffix(set.file+" "+set.half, " "), func(t *testing.T) {
			qs := questionSet(t, set.file, set.half)
			var answerable, top1, top3, sure, unanswerable, weak int
			logf := t.Logf
			if !set.tuned {
				logf = func(string, ...any) {}
			}
			for _, c := range qs {
				matches := findMatches(t, docs, c.q)
				var top []string
				for _, m := range matches[:min(3, len(matches))] {
					top = append(top, m.Name+" ("+m.Match+")")
				}
				if len(c.tools) == 0 {
					unanswerable++
					if len(matches) == 0 || matches[0].Match == "weak" {
						weak++
					} else {
						logf("strong for no tool: %q → %s", c.q, strings.Join(top, ", "))
					}
					continue
				}
				answerable++
				right := func(n string) bool { return slices.Contains(c.tools, strings.Fields(n)[0]) }
				switch {
				case len(top) > 0 && right(top[0]):
					top1++
					top3++
					if matches[0].Match == "strong" {
						sure++
					} else {
						logf("right but weak: %q → %s", c.q, top[0])
					}
				case slices.ContainsFunc(top, right):
					top3++
					logf("second or third: %q → %s (want %s)", c.q, strings.Join(top, ", "), strings.Join(c.tools, " or "))
				default:
					logf("miss: %q → %s (want %s)", c.q, strings.Join(top, ", "), strings.Join(c.tools, " or "))
				}
			}
			share := func(n, of int) float64 { return float64(n) / float64(max(of, 1)) }
			t.Logf("%s: top-1 %d/%d (%.1f%%), top-3 %d/%d (%.1f%%), right and strong %d/%d; no tool fits %d, weak for %d",
				strings.TrimSuffix(set.file+" "+set.half, " "), top1, answerable, 100*share(top1, answerable), top3, answerable, 100*share(top3, answerable),
				sure, top1, unanswerable, weak)
			if len(qs) < set.questions || unanswerable == 0 {
				t.Errorf("%d questions, %d that no tool answers; want at least %d and some", len(qs), unanswerable, set.questions)
			}
			if share(top1, answerable) < set.top1 || share(top3, answerable) < set.top3 {
				t.Errorf("top-1 %.1f%%, top-3 %.1f%%; want at least %.0f%% and %.0f%%",
					100*share(top1, answerable), 100*share(top3, answerable), 100*set.top1, 100*set.top3)
			}
			if share(sure, top1) < set.sure || share(weak, unanswerable) < set.weak {
				t.Errorf("%d of %d right first matches strong, %d of %d questions no tool answers weak; want %.0f%% and %.0f%%",
					sure, top1, weak, unanswerable, 100*set.sure, 100*set.weak)
			}
		})
	}
}

// BenchmarkFind is one route-finder answer to a question as an agent asks it.
func BenchmarkFind(b *testing.B) {
	docs := catalogDocuments(b)
	for b.Loop() {
		if _, err := docs.Find("who are the best traders on polymarket right now"); err != nil {
			b.Fatal(err)
		}
	}
}
