package config

import (
	"bytes"
	"cmp"
	"fmt"
	"math"
	"net"
	"os"
	"reflect"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Problem is one thing wrong with a configuration, at its key path and,
// when it comes from the file, the line and column there.
type Problem struct {
	Key     string
	Message string
	Line    int // 0 when the problem is not at one place in the file
	Column  int
}

func (p Problem) String() string {
	if p.Line > 0 {
		return fmt.Sprintf("%d:%d: %s: %s", p.Line, p.Column, p.Key, p.Message)
	}
	return p.Key + ": " + p.Message
}

// Problems is every problem found in one load; it is the error Load returns.
type Problems []Problem

func (ps Problems) Error() string {
	lines := make([]string, len(ps))
	for i, p := range ps {
		lines[i] = p.String()
	}
	return strings.Join(lines, "\n")
}

// Options are what the caller imposes on a file.
type Options struct {
	// Listen overrides the file's listen (the --listen flag, or the address
	// a running process is bound to).
	Listen string
	// Mode, when set, is the mode the process runs in: the file's mode gives
	// way to it and the result is validated by its rules.
	Mode string
	// Upstreams are the source names an upstreams entry may tune, besides
	// "default"; nil leaves the names unchecked.
	Upstreams []string
	// Reload refuses an empty file: a file being rewritten reads empty for a
	// moment, and running on bare defaults is never what a change meant.
	Reload bool
}

// Load reads the embedded defaults, then the file at path (if path is not
// empty), then COINSLOT_* environment overrides, and validates the result.
func Load(path string, opts Options) (*Config, error) {
	var file []byte
	if path != "" {
		var err error
		if file, err = os.ReadFile(path); err != nil {
			return nil, err
		}
	}
	return ParseWith(file, os.Environ(), opts)
}

// Parse is Load on an in-memory file and environment, with no options.
func Parse(file []byte, environ []string) (*Config, error) {
	return ParseWith(file, environ, Options{})
}

// ParseWith is Load on an in-memory file and environment.
func ParseWith(file []byte, environ []string, opts Options) (*Config, error) {
	cfg := new(Config)
	if err := yaml.Unmarshal(defaultsYAML, cfg); err != nil {
		panic("config: embedded defaults: " + err.Error())
	}
	var problems Problems
	at := map[string]*yaml.Node{} // key path → its value in the file
	if len(bytes.TrimSpace(file)) > 0 {
		var root yaml.Node
		if err := yaml.Unmarshal(file, &root); err != nil {
			return nil, Problems{{Key: "(file)", Message: err.Error()}}
		}
		d := decoder{upstreams: opts.Upstreams, at: at}
		d.decode(root.Content[0], reflect.ValueOf(cfg).Elem(), "")
		problems = d.problems
	} else if opts.Reload {
		problems = append(problems, Problem{Key: "(file)", Message: "is empty: a reload needs the whole configuration"})
	}
	problems = append(problems, applyEnv(cfg, environ)...)
	if opts.Listen != "" {
		cfg.Listen = opts.Listen
	}
	if opts.Mode != "" {
		cfg.Mode = opts.Mode
	}
	if cfg.BaseURL == "" && cfg.Mode == Sandbox {
		cfg.BaseURL = "http://" + loopback(cfg.Listen)
	}
	for _, p := range cfg.Validate() {
		if n := nodeAt(at, p.Key); n != nil {
			p.Line, p.Column = n.Line, n.Column
		}
		problems = append(problems, p)
	}
	if len(problems) > 0 {
		sortProblems(problems)
		return nil, problems
	}
	return cfg, nil
}

// loopback is the address a local buyer reaches listen at: the loopback
// interface when listen names all of them.
func loopback(listen string) string {
	host, port, err := net.SplitHostPort(listen)
	if err != nil {
		return listen
	}
	if ip := net.ParseIP(host); host == "" || ip != nil && ip.IsUnspecified() {
		host = "127.0.0.1"
	}
	return net.JoinHostPort(host, port)
}

// nodeAt is the file's node for key, or for its nearest ancestor in the file.
func nodeAt(at map[string]*yaml.Node, key string) *yaml.Node {
	for key != "" {
		if n, ok := at[key]; ok {
			return n
		}
		i := strings.LastIndexByte(key, '.')
		if i < 0 {
			break
		}
		key = key[:i]
	}
	return nil
}

// decoder reads a file's nodes into the config one key at a time, so that a
// bad value is reported at its own key path and the rest are still read.
type decoder struct {
	upstreams []string
	at        map[string]*yaml.Node
	problems  Problems
}

func (d *decoder) fail(n *yaml.Node, key, format string, args ...any) {
	d.problems = append(d.problems, Problem{Key: cmp.Or(key, "(file)"), Message: fmt.Sprintf(format, args...), Line: n.Line, Column: n.Column})
}

func (d *decoder) decode(n *yaml.Node, v reflect.Value, path string) {
	if path != "" {
		d.at[path] = n
	}
	if n.Kind == yaml.AliasNode {
		n = n.Alias
	}
	if n.Tag == "!!null" {
		d.fail(n, path, "has no value")
		return
	}
	switch v.Kind() {
	case reflect.Pointer:
		p := reflect.New(v.Type().Elem())
		if !v.IsNil() {
			p.Elem().Set(v.Elem())
		}
		before := len(d.problems)
		d.decode(n, p.Elem(), path)
		if len(d.problems) == before {
			v.Set(p)
		}
	case reflect.Struct:
		if _, ok := v.Addr().Interface().(interface{ UnmarshalText([]byte) error }); ok {
			d.leaf(n, v, path)
			return
		}
		d.mapping(n, path, func(key string, val *yaml.Node, keyNode *yaml.Node) {
			i := fieldByTag(v.Type(), key)
			if i < 0 {
				d.fail(keyNode, join(path, key), "unknown key%s", Suggest(key, tagsOf(v.Type())))
				return
			}
			d.decode(val, v.Field(i), join(path, key))
		})
	case reflect.Map:
		if v.IsNil() {
			v.Set(reflect.MakeMap(v.Type()))
		}
		d.mapping(n, path, func(key string, val *yaml.Node, keyNode *yaml.Node) {
			if path == "upstreams" && d.upstreams != nil && key != "default" && !slices.Contains(d.upstreams, key) {
				d.fail(keyNode, join(path, key), "unknown upstream%s", Suggest(key, d.upstreams))
				return
			}
			elem := reflect.New(v.Type().Elem()).Elem()
			if old := v.MapIndex(reflect.ValueOf(key)); old.IsValid() {
				elem.Set(old)
			}
			d.decode(val, elem, join(path, key))
			v.SetMapIndex(reflect.ValueOf(key), elem)
		})
	default:
		d.leaf(n, v, path)
	}
}

func (d *decoder) mapping(n *yaml.Node, path string, each func(key string, val, keyNode *yaml.Node)) {
	if n.Kind != yaml.MappingNode {
		d.fail(n, path, "must be a mapping of keys to values, got %q", n.Value)
		return
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		each(n.Content[i].Value, n.Content[i+1], n.Content[i])
	}
}

// leaf decodes one scalar into v, which keeps its value when n is not one.
func (d *decoder) leaf(n *yaml.Node, v reflect.Value, path string) {
	p := reflect.New(v.Type())
	if n.Kind != yaml.ScalarNode || n.Decode(p.Interface()) != nil {
		d.fail(n, path, "must be %s, got %q", kindOf(v.Type()), n.Value)
		return
	}
	v.Set(p.Elem())
}

// kindOf names what a value of t is written as.
func kindOf(t reflect.Type) string {
	switch {
	case t == reflect.TypeFor[Duration]():
		return "a duration such as 8s or 1m30s"
	case t.Kind() == reflect.Bool:
		return "true or false"
	case t.Kind() >= reflect.Int && t.Kind() <= reflect.Uint64:
		return "a whole number"
	case t.Kind() == reflect.Float32 || t.Kind() == reflect.Float64:
		return "a number"
	}
	return "a string"
}

func fieldByTag(t reflect.Type, key string) int {
	for i := range t.NumField() {
		if tagOf(t.Field(i)) == key {
			return i
		}
	}
	return -1
}

func tagOf(f reflect.StructField) string { return strings.Split(f.Tag.Get("yaml"), ",")[0] }

func tagsOf(t reflect.Type) []string {
	tags := make([]string, t.NumField())
	for i := range tags {
		tags[i] = tagOf(t.Field(i))
	}
	return tags
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// applyEnv sets every COINSLOT_<KEY_PATH> variable that names a config key.
// Variables that name no key are left alone: other parts of the binary read
// their own COINSLOT_ variables (the buyer key, for instance).
func applyEnv(cfg *Config, environ []string) Problems {
	var problems Problems
	for _, kv := range environ {
		name, value, _ := strings.Cut(kv, "=")
		rest, ok := strings.CutPrefix(name, "COINSLOT_")
		if !ok {
			continue
		}
		key, err := setPath(reflect.ValueOf(cfg).Elem(), rest, value, "")
		if err != nil {
			problems = append(problems, Problem{Key: key + " (" + name + ")", Message: err.Error()})
		}
	}
	return problems
}

// setPath finds the field named by an upper-snake path and sets it from text.
// It returns the dotted key path it matched ("" and nil when none matched).
func setPath(v reflect.Value, upper, text, path string) (string, error) {
	switch v.Kind() {
	case reflect.Struct:
		for i := range v.NumField() {
			tag := tagOf(v.Type().Field(i))
			want := strings.ToUpper(tag)
			if upper == want {
				return join(path, tag), setText(v.Field(i), text)
			}
			if rest, ok := strings.CutPrefix(upper, want+"_"); ok {
				if k, err := setPath(v.Field(i), rest, text, join(path, tag)); k != "" {
					return k, err
				}
			}
		}
	case reflect.Map: // upstreams.<source>.<field>; source names may hold underscores
		for cut := strings.IndexByte(upper, '_'); cut > 0; {
			source := strings.ToLower(upper[:cut])
			if v.IsNil() {
				v.Set(reflect.MakeMap(v.Type()))
			}
			elem := reflect.New(v.Type().Elem()).Elem()
			if old := v.MapIndex(reflect.ValueOf(source)); old.IsValid() {
				elem.Set(old)
			}
			if k, err := setPath(elem, upper[cut+1:], text, join(path, source)); k != "" {
				v.SetMapIndex(reflect.ValueOf(source), elem)
				return k, err
			}
			next := strings.IndexByte(upper[cut+1:], '_')
			if next < 0 {
				break
			}
			cut += next + 1
		}
	}
	return "", nil
}

// setText parses text into a field of kind string, bool, int, float, Duration
// or a pointer to one of those.
func setText(f reflect.Value, text string) error {
	if f.Kind() == reflect.Pointer {
		p := reflect.New(f.Type().Elem())
		if err := setText(p.Elem(), text); err != nil {
			return err
		}
		f.Set(p)
		return nil
	}
	if f.Kind() == reflect.String {
		f.SetString(text)
		return nil
	}
	if yaml.Unmarshal([]byte(text), f.Addr().Interface()) != nil {
		return fmt.Errorf("must be %s, got %q", kindOf(f.Type()), text)
	}
	return nil
}

// sortProblems orders problems as the file reads, then those from no place
// in it by key.
func sortProblems(ps Problems) {
	line := func(p Problem) int {
		if p.Line == 0 {
			return math.MaxInt
		}
		return p.Line
	}
	slices.SortStableFunc(ps, func(a, b Problem) int {
		return cmp.Or(cmp.Compare(line(a), line(b)), cmp.Compare(a.Column, b.Column), cmp.Compare(a.Key, b.Key))
	})
}
