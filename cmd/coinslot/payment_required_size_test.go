package main

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"testing"

	"github.com/coinslot/coinslot/config"
	"github.com/coinslot/coinslot/edge"
)

// Every tool's 402 fits the server's write buffer, so that its terms and
// body leave in one write; a tool whose terms outgrow it fails here.
func TestEvery402LeavesInOneWrite(t *testing.T) {
	slow(t)
	base := startSandbox(t)
	var info struct {
		Tools []struct {
			Name    string          `json:"name"`
			Path    string          `json:"http_path"`
			Example json.RawMessage `json:"example"`
		} `json:"tools"`
	}
	res, err := http.Get(base + "/api/info")
	if err != nil {
		t.Fatal(err)
	}
	err = json.NewDecoder(res.Body).Decode(&info)
	res.Body.Close()
	if err != nil {
		t.Fatal(err)
	}
	limit := edge.HTTPServer(nil, config.Limits{}).WriteBufferSize
	largest, seen := "", 0
	for _, tool := range info.Tools {
		if tool.Path == "" {
			continue // sold over MCP only
		}
		res, err := http.Post(base+tool.Path, "application/json", bytes.NewReader(tool.Example))
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusPaymentRequired {
			t.Fatalf("%s's example: %d %s", tool.Name, res.StatusCode, body)
		}
		size := len("HTTP/1.1 402 Payment Required\r\n\r\n") + len(body)
		for k, vs := range res.Header {
			for _, v := range vs {
				size += len(k) + len(": \r\n") + len(v)
			}
		}
		if size > seen {
			largest, seen = tool.Name, size
		}
	}
	if seen == 0 {
		t.Fatal("no tool answered 402")
	}
	if seen > limit {
		t.Fatalf("%s's 402 is %d bytes, past the %d-byte write buffer", largest, seen, limit)
	}
	t.Logf("the largest 402 is %s's, %d bytes of %d", largest, seen, limit)
}
