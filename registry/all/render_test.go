package all

import (
	"bytes"
	"encoding/json"
	"math"
	"strconv"
	"testing"
	"time"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/registrytest"
	"github.com/coinslot/coinslot/upstreams"
)

// Every case's answer is rendered with the bytes encoding/json writes for
// it: Render's encoder is another library's, and a buyer's bytes, the
// receipt's response_sha256 and the kept answers are all these bytes.
func TestRenderIsEncodingJSON(t *testing.T) {
	rendered := 0
	for _, c := range allCases(t) {
		res, err := c.Run(t, upstreams.Replay)
		if err != nil {
			continue
		}
		tool := registrytest.Tool(t, c.Tool)
		for _, sandbox := range []bool{false, true} {
			got, err := registry.Render(tool, res, upstreams.RecordedAt, sandbox)
			if err != nil {
				t.Fatalf("%s/%s: %v", c.Tool, c.Name, err)
			}
			if want := encodingJSONBody(t, tool, res, sandbox); !bytes.Equal(got, want) {
				t.Errorf("%s/%s: rendered\n%s\nencoding/json writes\n%s", c.Tool, c.Name, got, want)
			}
		}
		rendered++
	}
	if rendered < len(registry.All()) {
		t.Fatalf("%d answers rendered, fewer than the %d tools", rendered, len(registry.All()))
	}
}

// encodingJSONBody is a 200 body built with encoding/json alone.
func encodingJSONBody(t testing.TB, tool *registry.Tool, res *registry.Result, sandbox bool) []byte {
	marshal := func(v any) []byte {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	meta := marshal(registry.AnswerMeta{Count: res.Count, Source: res.Source,
		GeneratedAt: upstreams.RecordedAt.UTC().Format(time.RFC3339), Sandbox: sandbox})
	data := marshal(res.Data)
	if tool.Shape == registry.Envelope {
		return []byte(`{"success":true,"data":` + string(data) + `,"cached":` + strconv.FormatBool(res.Cached) + `,"meta":` + string(meta) + `}`)
	}
	if len(bytes.TrimSpace(data[1:len(data)-1])) > 0 {
		data[len(data)-1] = ','
	} else {
		data = data[:len(data)-1]
	}
	return []byte(string(data) + `"meta":` + string(meta) + `}`)
}

// Strings and numbers from anywhere (an upstream's page, a buyer's input)
// are rendered as encoding/json renders them: escapes, invalid UTF-8, map
// keys in order, the float forms.
func FuzzRenderIsEncodingJSON(f *testing.F) {
	f.Add("<a href=\"x\">&amp;</a>\u2028\u2029", 1e21, int64(-1), true)
	f.Add("\xff\xfe\x00\x1f\\é", 1e-7, int64(1)<<62, false)
	f.Add("", 0.1, int64(0), true)
	f.Fuzz(func(t *testing.T, s string, x float64, n int64, cached bool) {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return // encoding/json refuses them, as Render does
		}
		type item struct {
			Name  string         `json:"name"`
			Score float64        `json:"score,omitempty"`
			Tags  []string       `json:"tags"`
			More  map[string]any `json:"more,omitempty"`
			Raw   json.RawMessage
		}
		raw, _ := json.Marshal(map[string]any{s: x})
		data := map[string]any{s: []any{s, x, n, nil}, "items": []item{{Name: s, Score: x, Tags: []string{s}, More: map[string]any{s: n, "z": s}, Raw: raw}}}
		res := &registry.Result{Data: data, Count: int(n % 1000), Source: s, Cached: cached}
		for _, name := range []string{"isbn_book_lookup", "agent_trifecta_score"} {
			tool := registrytest.Tool(t, name)
			got, err := registry.Render(tool, res, upstreams.RecordedAt, cached)
			if err != nil {
				t.Fatal(err)
			}
			if want := encodingJSONBody(t, tool, res, cached); !bytes.Equal(got, want) {
				t.Fatalf("%s: rendered\n%q\nencoding/json writes\n%q", tool.Shape, got, want)
			}
		}
	})
}
