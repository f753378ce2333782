package media

import (
	"context"
	"sort"
	"strings"

	"github.com/coinslot/coinslot/lexical"
	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/tidy"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/reddit"
)

func init() {
	family.Register(&registry.Tool{
		Name: "model_settings_lookup", Path: "/paid/media/model-settings", Price: "0.02",
		Description: "Settings the generative-video communities report for a model family (CFG, steps, denoise, shift, " +
			"sampler, fps, frames, resolution, precision, training rank, learning rate, epochs, workflow nodes), " +
			"read from their posts and ranked by how complete and well received each recipe is.",
		Params: []registry.Param{
			modelParam().Req(),
			registry.Str("task").Len(2, 100).Describe("e.g. image-to-video, face consistency, training, quantization, workflow"),
		},
		Example:  map[string]any{"model": "wan", "task": "image-to-video"},
		Synonyms: []string{"best settings", "recommended cfg", "comfyui settings", "sampler settings", "lora training settings"},
		Expected: "A receipt-backed JSON object with the svc_receipt envelope, tallying the generation settings stated in up to 50 posts of the past year from r/StableDiffusion, r/comfyui and r/aivideo, extracted locally with fixed patterns; no upstream model API access is included.",
		Shape:    registry.ReceiptBacked,
		Result:   settingsReport{},
		Sources:  []string{reddit.Source.Name},
		Handler:  modelSettingsLookup,
	})
}

type settingsReport struct {
	Model             string           `json:"model"`
	Task              string           `json:"task"`
	Searched          searched         `json:"searched"`
	PostsScanned      int              `json:"posts_scanned"`
	PostsWithSettings int              `json:"posts_with_settings"`
	Settings          []settingSummary `json:"settings"`
	Discussions       []discussion     `json:"discussions"`
	SourceNotes       []string         `json:"source_notes"`
}

type settingSummary struct {
	Setting string         `json:"setting"`
	Posts   int            `json:"posts"` // discussions stating this setting
	Values  []valueMention `json:"values"`
}

type valueMention struct {
	Value    string `json:"value"`
	Mentions int    `json:"mentions"` // discussions stating this value
}

type discussion struct {
	Title         string              `json:"title"`
	Channel       string              `json:"channel"`
	URL           string              `json:"url"`
	Date          string              `json:"date"`
	Score         int                 `json:"score"`
	NumComments   int                 `json:"num_comments"`
	SettingsScore float64             `json:"settings_score"`
	Settings      map[string][]string `json:"settings"`
	Excerpt       string              `json:"excerpt"`
}

const (
	settingsPostLimit = 50
	settingsExcerpt   = 400
)

func modelSettingsLookup(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	model := modelArg(c)
	task := lexical.Collapse(c.Args.String("task"))
	up := upstreams.NewSession(c.Upstream)
	posts, asked, err := searchCommunities(ctx, up, strings.TrimSpace(model+" "+task), settingsPostLimit)
	if err != nil {
		return nil, err
	}
	out := settingsReport{
		Model: model, Task: task, Searched: asked, PostsScanned: len(posts),
		Discussions: []discussion{},
		SourceNotes: []string{
			"Posts come from Reddit's public search of " + strings.Join(asked.Communities, ", ") + "; NSFW posts are left out.",
			"Settings are read from each post's title and text with fixed patterns (e.g. \"CFG 3.5\", \"20 steps\", \"832x480\", \"16 fps\", " +
				"\"learning rate 2e-4\", CamelCase ComfyUI node names); comments are not read, and a pattern can miss or misread a value.",
			"A value's mentions count the discussions stating it, not how often it is repeated.",
			noModelAccess,
		},
	}
	for _, p := range posts {
		found := settingsIn(p.Title + "\n" + p.Text)
		if len(found) == 0 {
			continue
		}
		out.Discussions = append(out.Discussions, discussion{
			Title: p.Title, Channel: channel(p), URL: p.Discussion(), Date: day(p), Score: p.Score,
			NumComments: p.NumComments, SettingsScore: settingsScore(len(found), p.Score, p.NumComments),
			Settings: found, Excerpt: tidy.Clip(lexical.Collapse(p.Text), settingsExcerpt),
		})
	}
	sort.SliceStable(out.Discussions, func(i, j int) bool {
		return out.Discussions[i].SettingsScore > out.Discussions[j].SettingsScore
	})
	out.PostsWithSettings = len(out.Discussions)
	out.Settings = consensus(out.Discussions)
	return &registry.Result{Data: out, Count: len(out.Discussions), Source: reddit.Source.Title, Cached: up.Cached()}, nil
}

// consensus tallies, per kind of setting, how many discussions state each
// value; the most stated value comes first, ties in ranking order.
func consensus(ds []discussion) []settingSummary {
	out := []settingSummary{}
	for _, r := range settingRules {
		s := settingSummary{Setting: r.kind, Values: []valueMention{}}
		for _, d := range ds {
			vals := d.Settings[r.kind]
			if len(vals) > 0 {
				s.Posts++
			}
			for _, v := range vals {
				i := indexOfValue(s.Values, v)
				if i < 0 {
					s.Values = append(s.Values, valueMention{Value: v})
					i = len(s.Values) - 1
				}
				s.Values[i].Mentions++
			}
		}
		if s.Posts == 0 {
			continue
		}
		sort.SliceStable(s.Values, func(i, j int) bool { return s.Values[i].Mentions > s.Values[j].Mentions })
		out = append(out, s)
	}
	return out
}

func indexOfValue(vs []valueMention, v string) int {
	for i, m := range vs {
		if m.Value == v {
			return i
		}
	}
	return -1
}
