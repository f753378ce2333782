package openrouter

import (
	"io/fs"
	"testing"
)

func TestDecodeModels(t *testing.T) {
	if got := Models().URL; got != "https://openrouter.ai/api/v1/models" {
		t.Errorf("url %s", got)
	}
	body, _ := fs.ReadFile(testdata, "testdata/models.json")
	models, err := DecodeModels(body)
	if err != nil {
		t.Fatal(err)
	}
	m := models[1]
	if len(models) != 7 || m.ID != "openai/gpt-4o-mini" || m.ContextLength != 128000 || *m.TopProvider.MaxCompletionTokens != 16384 {
		t.Errorf("decoded %d models, second %+v", len(models), m)
	}
	if _, err := DecodeModels([]byte(`{"error":{}}`)); err == nil {
		t.Error("an answer without data decoded")
	}
}

func TestPerMillion(t *testing.T) {
	for in, want := range map[string]float64{"0.00000015": 0.15, "0": 0, "0.000004": 4} {
		if got, ok := PerMillion(in); !ok || got < want-1e-9 || got > want+1e-9 {
			t.Errorf("%s: %v %v, want %v", in, got, ok, want)
		}
	}
	for _, in := range []string{"-1", "", "abc"} {
		if _, ok := PerMillion(in); ok {
			t.Errorf("%q read as a fixed price", in)
		}
	}
}
