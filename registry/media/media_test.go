package media

import (
	"reflect"
	"strings"
	"testing"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/registrytest"
)

// Every tool of the family states its receipt and that no model access is sold.
func TestExpectedStatesReceiptAndDisclaimer(t *testing.T) {
	for _, tool := range registrytest.InCategory(t, "Gen-Video Intel") {
		if !strings.Contains(tool.Expected, "no upstream model API access is included") || !strings.Contains(tool.Expected, "svc_receipt") {
			t.Errorf("%s: Expected does not state the receipt and the model-access disclaimer", tool.Name)
		}
	}
}

func TestModelMustBeAFamilyIdentifier(t *testing.T) {
	want := []registry.FieldError{{Name: "model", Problem: "must be a model-family identifier such as wan, hunyuan, ltx or cogvideox: letters, digits, dots, dashes or underscores"}}
	for _, tool := range registrytest.InCategory(t, "Gen-Video Intel") {
		name := tool.Name
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
