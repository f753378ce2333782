package upstreams

import (
	"encoding/json"
	"testing"
)

func TestNum(t *testing.T) {
	var v struct{ A, B, C, D, E, F Num }
	err := json.Unmarshal([]byte(`{"A":12.5,"B":"12.5","C":"","D":".","E":null,"F":"null"}`), &v)
	if err != nil {
		t.Fatal(err)
	}
	if v.A != 12.5 || v.B != 12.5 || v.C != 0 || v.D != 0 || v.E != 0 || v.F != 0 {
		t.Errorf("%+v", v)
	}
	if err := json.Unmarshal([]byte(`"12,5"`), new(Num)); err == nil || err.Error() != `not a number: "12,5"` {
		t.Errorf("12,5: %v", err)
	}
}

func TestDecodeJSON(t *testing.T) {
	type item struct {
		ID   string `json:"id,required"`
		Note string `json:"note"`
	}
	type page struct {
		Items []item `json:"items,required"`
		Next  *struct {
			Cursor string `json:"cursor,required"`
		} `json:"next"`
		Total Num `json:"total"`
	}
	cases := []struct{ body, err string }{
		{`{"items":[{"id":"a"},{"ID":"b","note":"x"}],"next":{"cursor":"c"}}`, ""},
		{`{"items":[]}`, ""},
		{`{"items":[],"next":null}`, ""},
		{`{"items":[null,{"id":"a"}]}`, ""},
		{`{"data":[{"id":"a"}]}`, `src: the answer has no "items"`},
		{`{"items":null}`, `src: the answer has no "items"`},
		{`{"items":[{"id":"a"},{"note":"x"}]}`, `src: the answer has no "items[1].id"`},
		{`{"items":[],"next":{}}`, `src: the answer has no "next.cursor"`},
		{`{"items":{"id":"a"}}`, `src: "items" is an object, not an array`},
		{`{"items":[{"id":7}]}`, `src: "items.id" is a number, not a string`},
		{`[{"id":"a"}]`, `src: the answer is an array, not an object`},
		{`<html>oops</html>`, `src: answer does not decode`},
		{` null `, `src: the answer is null`},
		{`{"items":[],"total":"many"}`, `src: answer does not decode`},
	}
	for _, c := range cases {
		var p page
		err := DecodeJSON("src", []byte(c.body), &p)
		got := ""
		if err != nil {
			got = err.Error()
			if e, ok := AsError(err); !ok || e.Kind != BadAnswer {
				t.Errorf("%s: %#v is not a bad answer", c.body, err)
			}
		}
		if got != c.err {
			t.Errorf("%s: err = %q, want %q", c.body, got, c.err)
		}
	}
	var p page
	if err := DecodeJSON("src", []byte(`{"items":[{"id":"a"}],"total":"3"}`), &p); err != nil || p.Items[0].ID != "a" || p.Total != 3 {
		t.Errorf("page = %+v, %v", p, err)
	}
}

// Members of an embedded struct are required as encoding/json reads them:
// lifted to the outer object, and hidden by the outer struct's own.
func TestDecodeJSONEmbedded(t *testing.T) {
	type inner struct {
		ID    string `json:"id,required"`
		Count int    `json:"count,required"`
	}
	var v struct {
		inner
		Count *int `json:"count"`
	}
	if err := DecodeJSON("src", []byte(`{"id":"a"}`), &v); err != nil {
		t.Errorf("hidden member required: %v", err)
	}
	if err := DecodeJSON("src", []byte(`{"count":1}`), &v); err == nil || err.Error() != `src: the answer has no "id"` {
		t.Errorf("lifted member: %v", err)
	}
}

// A type that requires nothing is decoded as encoding/json decodes it.
func TestDecodeJSONWithoutRequiredMembers(t *testing.T) {
	var m map[string]int
	if err := DecodeJSON("src", []byte(`{}`), &m); err != nil || len(m) != 0 {
		t.Errorf("m = %v, %v", m, err)
	}
	type tree struct {
		Name     string `json:"name,required"`
		Children []tree `json:"children"`
	}
	var tr tree
	if err := DecodeJSON("src", []byte(`{"name":"a","children":[{"children":[]}]}`), &tr); err != nil {
		t.Errorf("a tree requires its members at the root only: %v", err)
	}
	if err := DecodeJSON("src", []byte(`{"children":[]}`), &tr); err == nil {
		t.Error("a tree without its root name decoded")
	}
}

func TestEmptyObject(t *testing.T) {
	for body, want := range map[string]bool{`{}`: true, ` { } `: true, `{"a":1}`: false, `[]`: false, `null`: false, ``: false} {
		if got := EmptyObject([]byte(body)); got != want {
			t.Errorf("EmptyObject(%q) = %v", body, got)
		}
	}
}
