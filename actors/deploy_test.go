package actors

import (
	"encoding/json"
	"os"
	"regexp"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// The shipped dashboard and alert rules must parse and name only series the
// runtime exports.
func TestDeployFilesNameExportedSeries(t *testing.T) {
	exported := map[string]bool{}
	for _, name := range exportedSeries {
		for _, suffix := range []string{"", "_bucket", "_sum", "_count"} {
			exported[name+suffix] = true
		}
	}
	series := regexp.MustCompile(`coinslot_[a-z_]+`)
	for _, file := range []string{"../deploy/alerts.yml", "../deploy/grafana-dashboard.json"} {
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var v any
		if strings.HasSuffix(file, ".json") {
			err = json.Unmarshal(b, &v)
		} else {
			err = yaml.Unmarshal(b, &v)
		}
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		for _, name := range series.FindAllString(string(b), -1) {
			if !exported[name] {
				t.Errorf("%s names %s, which the runtime does not export", file, name)
			}
		}
	}
}
