package config

import (
	"bytes"
	"errors"
	"os"
	"reflect"
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Problem is one thing wrong with a configuration, at its key path.
type Problem struct {
	Key     string
	Message string
}

func (p Problem) String() string { return p.Key + ": " + p.Message }

// Problems is every problem found in one load; it is the error Load returns.
type Problems []Problem

func (ps Problems) Error() string {
	lines := make([]string, len(ps))
	for i, p := range ps {
		lines[i] = p.String()
	}
	return strings.Join(lines, "\n")
}

// Load reads the embedded defaults, then the file at path (if path is not
// empty), then COINSLOT_* environment overrides, and validates the result.
func Load(path string) (*Config, error) {
	var file []byte
	if path != "" {
		var err error
		if file, err = os.ReadFile(path); err != nil {
			return nil, err
		}
	}
	return Parse(file, os.Environ())
}

// Parse is Load on an in-memory file and environment.
func Parse(file []byte, environ []string) (*Config, error) {
	cfg := new(Config)
	if err := yaml.Unmarshal(defaultsYAML, cfg); err != nil {
		panic("config: embedded defaults: " + err.Error())
	}
	if len(bytes.TrimSpace(file)) > 0 {
		var root yaml.Node
		if err := yaml.Unmarshal(file, &root); err != nil {
			return nil, Problems{{"(file)", err.Error()}}
		}
		var problems Problems
		unknownKeys(root.Content[0], reflect.TypeOf(Config{}), "", &problems)
		if len(problems) > 0 {
			return nil, problems
		}
		if err := root.Decode(cfg); err != nil {
			return nil, Problems{{"(file)", typeError(err)}}
		}
	}
	if problems := applyEnv(cfg, environ); len(problems) > 0 {
		return nil, problems
	}
	if problems := cfg.Validate(); len(problems) > 0 {
		return nil, problems
	}
	return cfg, nil
}

// unknownKeys reports every mapping key that has no field, with its path.
func unknownKeys(n *yaml.Node, t reflect.Type, path string, problems *Problems) {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if n.Kind != yaml.MappingNode {
		return
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		key, val := n.Content[i].Value, n.Content[i+1]
		keyPath := join(path, key)
		switch t.Kind() {
		case reflect.Map:
			unknownKeys(val, t.Elem(), keyPath, problems)
		case reflect.Struct:
			f, ok := fieldByTag(t, key)
			if !ok {
				*problems = append(*problems, Problem{keyPath, "unknown key"})
				continue
			}
			unknownKeys(val, f.Type, keyPath, problems)
		}
	}
}

func fieldByTag(t reflect.Type, key string) (reflect.StructField, bool) {
	for i := range t.NumField() {
		f := t.Field(i)
		if strings.Split(f.Tag.Get("yaml"), ",")[0] == key {
			return f, true
		}
	}
	return reflect.StructField{}, false
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

func typeError(err error) string {
	var te *yaml.TypeError
	if errors.As(err, &te) {
		return strings.Join(te.Errors, "; ")
	}
	return err.Error()
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
			problems = append(problems, Problem{key + " (" + name + ")", err.Error()})
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
			tag := strings.Split(v.Type().Field(i).Tag.Get("yaml"), ",")[0]
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
	return yaml.Unmarshal([]byte(text), f.Addr().Interface())
}

func sortProblems(ps Problems) {
	sort.SliceStable(ps, func(i, j int) bool { return ps[i].Key < ps[j].Key })
}
