package media

import (
	"bytes"
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/registrytest"
	"github.com/coinslot/coinslot/upstreams"
)

// now is the fixed call time the fixtures were recorded around.
var now = time.Date(2026, 11, 20, 15, 0, 0, 0, time.UTC)

var family = []string{"gen_video_intel", "model_settings_lookup"}

func TestFamilyIsRegisteredAndSold(t *testing.T) {
	for _, name := range family {
		tool, ok := registry.Lookup(name)
		if !ok {
			t.Fatalf("%s: not registered", name)
		}
		if tool.Category != "Gen-Video Intel" || !strings.HasPrefix(tool.Path, "/paid/media/") || tool.Shape != registry.ReceiptBacked || tool.Handler == nil {
			t.Errorf("%s: category %q path %q shape %s handler %v", name, tool.Category, tool.Path, tool.Shape, tool.Handler != nil)
		}
		if !strings.Contains(tool.Expected, "No upstream model API access is included") || !strings.Contains(tool.Expected, "svc_receipt") {
			t.Errorf("%s: Expected does not state the receipt and the model-access disclaimer", name)
		}
		for _, s := range tool.Sources {
			if _, ok := upstreams.LookupSource(s); !ok {
				t.Errorf("%s: source %q is not declared", name, s)
			}
		}
		res, err := registrytest.Run(t, name, tool.Example, upstreams.Replay, now)
		if err != nil {
			t.Fatalf("%s: example failed: %v", name, err)
		}
		// Receipt-backed data must be a JSON object the edge can add meta to.
		body, _ := json.Marshal(res.Data)
		if !bytes.HasPrefix(body, []byte("{")) {
			t.Errorf("%s: data is not an object: %.40s", name, body)
		}
	}
}

func TestGolden(t *testing.T) {
	cases := []struct {
		tool, golden string
		in           map[string]any
	}{
		{"gen_video_intel", "gen_video_intel", map[string]any{"model": "wan", "query": "image to video"}},
		{"model_settings_lookup", "model_settings_lookup", map[string]any{"model": "Wan", "task": "image-to-video"}},
		{"model_settings_lookup", "model_settings_lookup_nothing_found", map[string]any{"model": "nothingmatcheshere"}},
	}
	for _, tc := range cases {
		t.Run(tc.golden, func(t *testing.T) {
			res, err := registrytest.Run(t, tc.tool, tc.in, upstreams.Replay, now)
			if err != nil {
				t.Fatal(err)
			}
			registrytest.Golden(t, "testdata/"+tc.golden+".golden.json", res)
		})
	}
}

func TestModelMustBeAFamilyIdentifier(t *testing.T) {
	want := []registry.FieldError{{Name: "model", Problem: "must be a model-family identifier such as wan, hunyuan, ltx or cogvideox: letters, digits, dots, dashes or underscores"}}
	for _, name := range family {
		tool, _ := registry.Lookup(name)
		if _, errs := tool.Validate(map[string]any{"model": "wan 2.2!"}); !reflect.DeepEqual(errs, want) {
			t.Errorf("%s: %v", name, errs)
		}
		if _, errs := tool.Validate(map[string]any{"model": " Wan2.1-VACE "}); errs != nil {
			t.Errorf("%s: %v", name, errs)
		}
	}
}

func TestSettingsIn(t *testing.T) {
	cases := map[string]map[string][]string{
		"Two KSamplerAdvanced nodes, 4 steps total, CFG 1, shift 5, euler/simple. 832x480, 81 frames, 16 fps.": {
			"nodes": {"KSamplerAdvanced"}, "steps": {"4"}, "cfg": {"1"}, "shift": {"5"}, "sampler": {"euler"},
			"resolution": {"832x480"}, "frames": {"81"}, "fps": {"16"},
		},
		"Denoise stays at 1.0 for I2V; only lower it (denoise 0.6). cfg=7.0, steps: 30, 1280 × 720 and 720p": {
			"denoise": {"1", "0.6"}, "cfg": {"7"}, "steps": {"30"}, "resolution": {"1280x720", "720p"},
		},
		"Rank 32, learning rate 2e-4, 30 epochs with UnetLoaderGGUF and Q4_K_M, fp8_e4m3fn weights": {
			"rank": {"32"}, "learning_rate": {"2e-4"}, "epochs": {"30"}, "nodes": {"UnetLoaderGGUF"}, "precision": {"q4_k_m", "fp8_e4m3fn"},
		},
		// Out-of-range numbers and sentence ends are not settings.
		"CFG 45 is silly. Steps. 5000 frames at 999 fps on a 4090 with 300 clips": {},
	}
	for text, want := range cases {
		if got := settingsIn(text); !reflect.DeepEqual(got, want) {
			t.Errorf("settingsIn(%q)\n got %v\nwant %v", text, got, want)
		}
	}
}

func TestSettingsScore(t *testing.T) {
	// 3 kinds, 99 votes, 9 comments: 6 + 2 + 1.
	if got := settingsScore(3, 99, 9); got != 9 {
		t.Errorf("got %v, want 9", got)
	}
	if got := settingsScore(1, -4, 0); got != 2 {
		t.Errorf("downvoted post: got %v, want 2", got)
	}
}

// cachedReplay answers like Replay and says every answer came from cache.
var cachedReplay = upstreams.DoerFunc(func(ctx context.Context, req *upstreams.Request) (*upstreams.Response, error) {
	resp, err := upstreams.Replay.Do(ctx, req)
	if err != nil {
		return nil, err
	}
	resp.Cached = true
	return resp, nil
})

func TestCachedOnlyWhenTheAnswerWas(t *testing.T) {
	for _, name := range family {
		tool, _ := registry.Lookup(name)
		fresh, _ := registrytest.Run(t, name, tool.Example, upstreams.Replay, now)
		cached, err := registrytest.Run(t, name, tool.Example, cachedReplay, now)
		if err != nil || fresh.Cached || !cached.Cached {
			t.Errorf("%s: cached %v from fresh answers, %v from cached ones (%v)", name, fresh.Cached, cached.Cached, err)
		}
	}
}

func TestUpstreamFailureIsPassedOn(t *testing.T) {
	failing := upstreams.DoerFunc(func(ctx context.Context, req *upstreams.Request) (*upstreams.Response, error) {
		return nil, &upstreams.Error{Source: req.Source, Kind: upstreams.Unavailable, Status: 429, Message: "the source is refusing requests for now"}
	})
	for _, name := range family {
		tool, _ := registry.Lookup(name)
		_, err := registrytest.Run(t, name, tool.Example, failing, now)
		if e, ok := upstreams.AsError(err); !ok || e.Kind != upstreams.Unavailable || e.Source != "reddit" {
			t.Errorf("%s: err = %v", name, err)
		}
	}
}
