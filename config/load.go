package config

import (
	"cmp"
	"fmt"
	"math"
	"net"
	"os"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/coinslot/coinslot/lexical"
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
	switch {
	case p.Line > 0 && p.Column > 0:
		return fmt.Sprintf("%d:%d: %s: %s", p.Line, p.Column, p.Key, p.Message)
	case p.Line > 0: // the YAML parser names only the line of a syntax error
		return fmt.Sprintf("%d: %s: %s", p.Line, p.Key, p.Message)
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
	// PaidTools are the names payment_identifier_required may hold; nil
	// leaves them unchecked.
	PaidTools []string
	// Networks are the built-in network names network may hold besides
	// custom_networks' ids; nil leaves them unchecked.
	Networks []string
}

// emptyFile is the one refusal of a file with no keys, at start, in check
// and on reload alike: a file being rewritten reads empty for a moment, and
// running on bare defaults is never what naming a file meant.
const emptyFile = "has no keys (it is empty or only comments); to run on the defaults, start without a config file"

// Load reads the embedded defaults, then the file at path (if path is not
// empty), then COINSLOT_* environment overrides, and validates the result.
func Load(path string, opts Options) (*Config, error) {
	var file []byte
	if path != "" {
		var err error
		if file, err = os.ReadFile(path); err != nil {
			return nil, err
		}
		if len(file) == 0 {
			return nil, Problems{{Key: "(file)", Message: emptyFile}}
		}
	}
	return ParseWith(file, os.Environ(), opts)
}

// Parse is Load on an in-memory file and environment, with no options.
func Parse(file []byte, environ []string) (*Config, error) {
	return ParseWith(file, environ, Options{})
}

// ParseWith is Load on an in-memory file and environment; an empty file is
// no file (Load refuses an empty file it reads), one with only comments is
// refused.
func ParseWith(file []byte, environ []string, opts Options) (*Config, error) {
	cfg := new(Config)
	if err := yaml.Unmarshal(defaultsYAML, cfg); err != nil {
		panic("config: embedded defaults: " + err.Error())
	}
	var problems Problems
	at := map[string]*yaml.Node{} // key path → its value in the file
	if len(file) > 0 {
		var root yaml.Node
		if err := yaml.Unmarshal(file, &root); err != nil {
			return nil, Problems{syntaxProblem(file, err)}
		}
		if len(root.Content) == 0 || root.Content[0].Tag == "!!null" {
			return nil, Problems{{Key: "(file)", Message: emptyFile}}
		}
		d := decoder{upstreams: opts.Upstreams, at: at}
		d.decode(root.Content[0], reflect.ValueOf(cfg).Elem(), "")
		problems = d.problems
	}
	envProblems, fromEnv := applyEnv(cfg, environ, opts.Upstreams)
	problems = append(problems, envProblems...)
	if opts.Listen != "" {
		cfg.Listen = opts.Listen
	}
	if opts.Mode != "" {
		cfg.Mode = opts.Mode
	}
	if cfg.BaseURL == "" && cfg.Mode == Sandbox {
		cfg.BaseURL = "http://" + loopback(cfg.Listen)
	}
	for _, p := range slices.Concat(cfg.Validate(), unknownTools(cfg.PaymentIDRequired, opts.PaidTools), cfg.Canary.unknownTool(opts.PaidTools), unknownNetworks(cfg, opts.Networks), realChain(cfg, opts.Networks)) {
		if name, ok := fromEnv[listOf(p.Key)]; ok {
			p.Key += " (" + name + ")"
		} else if n := nodeAt(at, p.Key); n != nil {
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

// unknownNetworks are the entries of network that name neither a built-in
// network (known; nil: unchecked) nor a custom one.
func unknownNetworks(cfg *Config, known []string) Problems {
	if known == nil {
		return nil
	}
	names := slices.Clone(known)
	for _, c := range cfg.CustomNetworks {
		names = append(names, c.ID)
	}
	var ps Problems
	for i, name := range cfg.Network {
		if !slices.Contains(names, name) {
			ps = append(ps, Problem{Key: fmt.Sprintf("network[%d]", i), Message: fmt.Sprintf("%q is no built-in or custom network%s", name, lexical.Suggest(name, names))})
		}
	}
	return ps
}

// unknownTools are the entries of payment_identifier_required
// that are no paid tool.
func unknownTools(names, paid []string) Problems {
	var ps Problems
	for i, name := range names {
		if paid != nil && !slices.Contains(paid, name) {
			ps = append(ps, Problem{Key: fmt.Sprintf("payment_identifier_required[%d]", i), Message: fmt.Sprintf("%q is no paid tool%s", name, lexical.Suggest(name, paid))})
		}
	}
	return ps
}

// listOf is the key of the list an item's key is in, or key itself: a
// variable sets a list whole.
func listOf(key string) string {
	if i := strings.IndexByte(key, '['); i >= 0 {
		return key[:i]
	}
	return key
}

// yamlLine is where the YAML parser puts the line of a syntax error.
var yamlLine = regexp.MustCompile(`^yaml: line ([0-9]+): `)

// parserProblems are the syntax errors the YAML library's parser finds, as
// opposed to its scanner: it numbers their lines from 0 and its scanner's
// from 1, and names no line at all when the number it has is 0.
var parserProblems = []string{
	"did not find expected ',' or ']'", "did not find expected ',' or '}'", "did not find expected '-' indicator",
	"did not find expected <document start>", "did not find expected <stream-start>", "did not find expected key",
	"did not find expected node content", "found duplicate %TAG directive", "found duplicate %YAML directive",
	"found incompatible YAML document", "found undefined tag handle",
}

// syntaxProblem is the YAML syntax error err of file at its line, counted
// from 1, which is all the parser tells.
func syntaxProblem(file []byte, err error) Problem {
	p := Problem{Key: "(file)", Message: strings.TrimPrefix(err.Error(), "yaml: ")}
	m := yamlLine.FindStringSubmatch(err.Error())
	if m == nil {
		// Either the error is on the first line or it has no place (bad
		// UTF-8, say): one line further down, the first kind gets a number.
		var root yaml.Node
		if again := yaml.Unmarshal(append([]byte("\n"), file...), &root); again != nil && yamlLine.MatchString(again.Error()) {
			p.Line = 1
		}
		return p
	}
	p.Line, _ = strconv.Atoi(m[1])
	p.Message = err.Error()[len(m[0]):]
	if slices.Contains(parserProblems, p.Message) {
		p.Line++
	}
	return p
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
				d.fail(keyNode, join(path, key), "unknown key%s", lexical.Suggest(key, tagsOf(v.Type())))
				return
			}
			d.decode(val, v.Field(i), join(path, key))
		})
	case reflect.Slice:
		d.sequence(n, v, path)
	case reflect.Map:
		if v.IsNil() {
			v.Set(reflect.MakeMap(v.Type()))
		}
		d.mapping(n, path, func(key string, val *yaml.Node, keyNode *yaml.Node) {
			if path == "upstreams" && d.upstreams != nil && key != "default" && !slices.Contains(d.upstreams, key) {
				d.fail(keyNode, join(path, key), "unknown upstream%s", lexical.Suggest(key, d.upstreams))
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
	first := map[string]*yaml.Node{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k := n.Content[i]
		if f, ok := first[k.Value]; ok {
			d.fail(k, join(path, k.Value), "is set twice; the first is at %d:%d", f.Line, f.Column)
			continue
		}
		first[k.Value] = k
		each(k.Value, n.Content[i+1], k)
	}
}

// sequence decodes a list whole: v keeps its value when an item is bad.
// An item must be written as the kind it holds, so a number in a list of
// names is refused, not read as the name "5". A list of strings may be
// written as its one string ("" for none), as the environment writes it:
// chain_rpc: https://... reads as it always did.
func (d *decoder) sequence(n *yaml.Node, v reflect.Value, path string) {
	if n.Kind == yaml.ScalarNode && n.Tag == "!!str" && v.Type().Elem().Kind() == reflect.String {
		s := reflect.MakeSlice(v.Type(), 0, 1)
		if n.Value != "" {
			s = reflect.Append(s, reflect.ValueOf(n.Value).Convert(v.Type().Elem()))
			d.at[path+"[0]"] = n
		}
		v.Set(s)
		return
	}
	if n.Kind != yaml.SequenceNode {
		d.fail(n, path, "must be %s, got %q", kindOf(v.Type()), n.Value)
		return
	}
	s := reflect.MakeSlice(v.Type(), len(n.Content), len(n.Content))
	before := len(d.problems)
	for i, item := range n.Content {
		at := fmt.Sprintf("%s[%d]", path, i)
		if s.Index(i).Kind() == reflect.String && item.Kind == yaml.ScalarNode && item.Tag != "!!str" {
			d.fail(item, at, "must be %s, got %q", kindOf(s.Index(i).Type()), item.Value)
			continue
		}
		d.decode(item, s.Index(i), at)
	}
	if len(d.problems) == before {
		v.Set(s)
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
	case t.Kind() == reflect.Slice:
		return "a list such as [a, b]"
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
