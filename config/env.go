package config

import (
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/coinslot/coinslot/lexical"
	"go.yaml.in/yaml/v3"
)

// envPrefix begins every variable that sets a config key.
const envPrefix = "COINSLOT_"

// ownVariables are the COINSLOT_ variables that are no config key: other
// parts of the binary and the tests read them. They are never reported as
// unknown.
var ownVariables = []string{
	"COINSLOT_CONFIG",           // serve's --config
	"COINSLOT_BUYER_KEY",        // call's wallet
	"COINSLOT_FACILITATOR_KEY",  // the self-hosted facilitator's gas key
	"COINSLOT_CANARY_KEY",       // the canary's wallet
	"COINSLOT_OFFER_KEY",        // signs offers and receipts
	"COINSLOT_TEST_POSTGRES",    // tests: the PostgreSQL DSN
	"COINSLOT_REQUIRE_POSTGRES", // tests: fail instead of skipping without PostgreSQL
	"COINSLOT_REQUIRE_REDIS",    // tests: fail instead of skipping without Redis
	"COINSLOT_REQUIRE_NODE",     // tests: fail instead of skipping without node and the npm packages they compare with
	"COINSLOT_GETH",             // tests: the go-ethereum geth binary a chain is started with
	"COINSLOT_REQUIRE_GETH",     // tests: fail instead of skipping without it
	"COINSLOT_TEST_SERVE_CHILD", // tests: the process a test re-executes
	"COINSLOT_TEST_CAPS",
}

// applyEnv sets every COINSLOT_<KEY_PATH> variable that names a config key,
// and returns the problems of their values and which variable set each key.
// Variables that name no key are left to UnknownVariables.
func applyEnv(cfg *Config, environ []string, sources []string) (Problems, map[string]string) {
	var problems Problems
	set := map[string]string{}
	for _, kv := range environ {
		name, value, _ := strings.Cut(kv, "=")
		rest, ok := strings.CutPrefix(name, envPrefix)
		if !ok {
			continue
		}
		key, err := setPath(reflect.ValueOf(cfg).Elem(), rest, value, "", sources)
		if key != "" {
			set[key] = name
		}
		if err != nil {
			problems = append(problems, Problem{Key: key + " (" + name + ")", Message: err.Error()})
		}
	}
	return problems, set
}

// UnknownVariables are the COINSLOT_ variables in environ that name no
// config key (sources as in Options.Upstreams) and none the project reads
// otherwise. They are warnings, not errors: a variable left over in a
// deployment must not stop a service that would run as before.
func UnknownVariables(environ []string, sources []string) Problems {
	var problems Problems
	var known []string
	for _, kv := range environ {
		name, value, _ := strings.Cut(kv, "=")
		rest, ok := strings.CutPrefix(name, envPrefix)
		if !ok || slices.Contains(ownVariables, name) {
			continue
		}
		if key, _ := setPath(reflect.ValueOf(new(Config)).Elem(), rest, value, "", sources); key != "" {
			continue
		}
		if known == nil {
			for _, v := range append(variables(reflect.TypeFor[Config](), envPrefix, sources), ownVariables...) {
				known = append(known, strings.TrimPrefix(v, envPrefix))
			}
		}
		p := Problem{Key: name, Message: "is no config key and is ignored"}
		if best := lexical.Closest(rest, known); best != "" { // the common prefix would make every name look close
			p.Message += lexical.DidYouMean(envPrefix + best)
		}
		problems = append(problems, p)
	}
	sortProblems(problems)
	return problems
}

// variables names the variable of every key of t, for sources' upstreams.
func variables(t reflect.Type, prefix string, sources []string) []string {
	var names []string
	for i := range t.NumField() {
		f := t.Field(i)
		name := prefix + strings.ToUpper(tagOf(f))
		ft := f.Type
		if ft.Kind() == reflect.Pointer {
			ft = ft.Elem()
		}
		switch {
		case ft.Kind() == reflect.Map:
			for _, s := range append([]string{"default"}, sources...) {
				names = append(names, variables(ft.Elem(), name+"_"+strings.ToUpper(s)+"_", sources)...)
			}
		case ft.Kind() == reflect.Struct && ft != reflect.TypeFor[Duration]():
			names = append(names, variables(ft, name+"_", sources)...)
		default:
			names = append(names, name)
		}
	}
	return names
}

// setPath finds the field named by an upper-snake path and sets it from text.
// It returns the dotted key path it matched ("" and nil when none matched).
// An upstreams entry must name one of sources or "default", unless sources
// is nil.
func setPath(v reflect.Value, upper, text, path string, sources []string) (string, error) {
	switch v.Kind() {
	case reflect.Struct:
		for i := range v.NumField() {
			tag := tagOf(v.Type().Field(i))
			want := strings.ToUpper(tag)
			if upper == want {
				return join(path, tag), setText(v.Field(i), text)
			}
			if rest, ok := strings.CutPrefix(upper, want+"_"); ok {
				if k, err := setPath(v.Field(i), rest, text, join(path, tag), sources); k != "" {
					return k, err
				}
			}
		}
	case reflect.Map: // upstreams.<source>.<field>; source names may hold underscores
		for cut := strings.IndexByte(upper, '_'); cut > 0; {
			source := strings.ToLower(upper[:cut])
			if sources == nil || source == "default" || slices.Contains(sources, source) {
				if v.IsNil() {
					v.Set(reflect.MakeMap(v.Type()))
				}
				elem := reflect.New(v.Type().Elem()).Elem()
				if old := v.MapIndex(reflect.ValueOf(source)); old.IsValid() {
					elem.Set(old)
				}
				if k, err := setPath(elem, upper[cut+1:], text, join(path, source), sources); k != "" {
					v.SetMapIndex(reflect.ValueOf(source), elem)
					return k, err
				}
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

// setText parses text into a field of kind string, bool, int, float,
// Duration, a pointer to one of those, or a list of strings written
// comma-separated (brackets allowed: "a,b" or "[a, b]"; "" is no item).
func setText(f reflect.Value, text string) error {
	switch f.Kind() {
	case reflect.Pointer:
		p := reflect.New(f.Type().Elem())
		if err := setText(p.Elem(), text); err != nil {
			return err
		}
		f.Set(p)
		return nil
	case reflect.String:
		f.SetString(text)
		return nil
	case reflect.Slice:
		if f.Type().Elem().Kind() != reflect.String {
			return fmt.Errorf("is a list of objects: set it in the config file")
		}
		items := []string{}
		for _, item := range strings.Split(strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(text), "["), "]"), ",") {
			if item = strings.TrimSpace(item); item != "" {
				items = append(items, item)
			}
		}
		f.Set(reflect.ValueOf(items))
		return nil
	}
	if yaml.Unmarshal([]byte(text), f.Addr().Interface()) != nil {
		return fmt.Errorf("must be %s, got %q", kindOf(f.Type()), text)
	}
	return nil
}
