package main

import (
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/coinslot/coinslot/actors"
	"github.com/coinslot/coinslot/config"
	"github.com/coinslot/coinslot/edge"
	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
)

const sourcesUsage = `Lists every upstream source with the settings a production service would put
in force (its polite defaults, overridden by the config's upstreams entries),
the environment variable of its key and whether that is set, and how many
tools read it, in 100 columns. --wide adds the title, base URL, burst,
retries, cache TTL, breaker, worker restarts and the tools' names.
/api/system/info shows the same settings live, with each source's breaker
state, calls in flight and last error.

Environment:
  COINSLOT_CONFIG        the config file, when --config is not given
  COINSLOT_<KEY_PATH>    config keys, e.g. COINSLOT_UPSTREAMS_SEC_RATE
  <SOURCE>_API_KEY ...   each source's key variable, as listed

Flags:
`

func runSources(args []string) int {
	fs := newFlags("sources", sourcesUsage)
	cfgPath := fs.String("config", os.Getenv("COINSLOT_CONFIG"), "config file whose upstreams entries apply")
	wide := fs.Bool("wide", false, "print every setting and the tools' names (wider than 100 columns)")
	asJSON := fs.Bool("json", false, "print the sources as JSON")
	if code, ok := parse(fs, args); !ok {
		return code
	}
	view := sourcesNarrow
	switch {
	case *asJSON && *wide:
		fmt.Fprintln(os.Stderr, "coinslot sources: --wide and --json exclude each other")
		return 2
	case *asJSON:
		view = sourcesJSON
	case *wide:
		view = sourcesWide
	}
	cfg, err := config.Load(*cfgPath, config.Options{Upstreams: sourceNames()})
	if err != nil {
		fmt.Fprintf(os.Stderr, "coinslot: config %s:\n%v\n", *cfgPath, err)
		return 1
	}
	if err := writeSources(os.Stdout, view, cfg, os.Getenv); err != nil {
		fmt.Fprintln(os.Stderr, "coinslot:", err)
		return 1
	}
	return 0
}

// sourceRow is one declared upstream with the settings cfg puts in force,
// the key it reads and the tools that use it.
type sourceRow struct {
	Name                string   `json:"name"`
	Title               string   `json:"title"`
	BaseURL             string   `json:"base_url"` // empty for a source that fetches any public host
	edge.SourceSettings          // flattened: the keys of its upstreams entry
	KeyEnv              string   `json:"key_env,omitempty"`
	KeyRequired         bool     `json:"key_required"` // without it the source's tools are unavailable
	KeySet              bool     `json:"key_set"`      // set in this environment
	Tools               []string `json:"tools"`
}

// How coinslot sources prints: a table that fits 100 columns, every setting,
// or JSON.
type sourcesView int

const (
	sourcesNarrow sourcesView = iota
	sourcesWide
	sourcesJSON
)

// writeSources lists every declared upstream, so an operator sees what is in
// force and which keys to set; getenv is the environment keys are looked up in.
func writeSources(out io.Writer, view sourcesView, cfg *config.Config, getenv func(string) string) error {
	statuses, err := actors.Configured(cfg, getenv)
	if err != nil {
		return err
	}
	var rows []sourceRow
	for i, s := range upstreams.Sources() {
		st := statuses[i]
		rows = append(rows, sourceRow{
			Name: s.Name, Title: s.Title, BaseURL: s.BaseURL, SourceSettings: edge.SettingsOf(st),
			KeyEnv: s.KeyEnv, KeyRequired: s.KeyEnv != "" && !s.KeyOptional, KeySet: s.KeyEnv != "" && getenv(s.KeyEnv) != "",
			Tools: toolsReading(s.Name),
		})
	}
	if view == sourcesJSON {
		b, err := json.MarshalIndent(rows, "", "  ")
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(out, "%s\n", b)
		return err
	}
	w := tabwriter.NewWriter(out, 0, 4, 2, ' ', 0)
	if view == sourcesNarrow {
		fmt.Fprintln(w, "NAME\tRATE/S\tAT ONCE\tTIMEOUT\tTOOLS\tKEY")
		for _, r := range rows {
			fmt.Fprintf(w, "%s\t%.4g\t%d\t%s\t%d\t%s\n", r.Name, r.Rate, r.Concurrency, r.Timeout, len(r.Tools), r.keyColumn())
		}
		return w.Flush()
	}
	fmt.Fprintln(w, "NAME\tTITLE\tBASE URL\tRATE/S\tBURST\tCONCURRENCY\tTIMEOUT\tRETRIES\tCACHE TTL\tBREAKER\tRESTARTS\tKEY\tTOOLS")
	for _, r := range rows {
		fmt.Fprintf(w, "%s\t%s\t%s\t%.4g\t%d\t%d\t%s\t%d\t%s\t%d fails, %s\t%d in %s\t%s\t%s\n", r.Name, r.Title, cmp.Or(r.BaseURL, "(any public host)"),
			r.Rate, r.Burst, r.Concurrency, r.Timeout, r.Retries, r.CacheTTL, r.Breaker.Failures, r.Breaker.Cooldown, r.Supervision.MaxRestarts, r.Supervision.Within, r.keyColumn(), cmp.Or(strings.Join(r.Tools, ","), "-"))
	}
	return w.Flush()
}

// toolsReading are the tools that call source, by name.
func toolsReading(source string) []string {
	tools := []string{}
	for _, t := range registry.All() {
		if slices.Contains(t.Sources, source) {
			tools = append(tools, t.Name)
		}
	}
	slices.Sort(tools)
	return tools
}

// keyColumn says which variable holds the key, whether the source needs it
// and whether it is set.
func (r sourceRow) keyColumn() string {
	if r.KeyEnv == "" {
		return "-"
	}
	need, set := "optional", "unset"
	if r.KeyRequired {
		need = "required"
	}
	if r.KeySet {
		set = "set"
	}
	return r.KeyEnv + " (" + need + ", " + set + ")"
}
