package main

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/coinslot/coinslot/config"
)

// configKeys are the key paths of every value of a config.Config: a
// section's members, a map (upstreams) and a list as one key each.
func configKeys(t reflect.Type, prefix string) []string {
	var keys []string
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("yaml"), ",")
		key := strings.TrimPrefix(prefix+"."+name, ".")
		ft := f.Type
		if ft.Kind() == reflect.Pointer {
			ft = ft.Elem()
		}
		if ft.Kind() == reflect.Struct && ft != reflect.TypeFor[config.Duration]() {
			keys = append(keys, configKeys(ft, key)...)
			continue
		}
		keys = append(keys, key)
	}
	return keys
}

// Every key of the configuration is read again by a reload (atReload) or
// named by it as waiting for a restart (atStart), and not both: a key in
// neither would be accepted by a reload, logged as applied, and ignored.
func TestEveryKeyIsReloadedOrNamed(t *testing.T) {
	keys := configKeys(reflect.TypeFor[config.Config](), "")
	for _, key := range keys {
		switch start, reload := under(atStart, key), under(atReload, key); {
		case !start && !reload:
			t.Errorf("%s is in neither atStart nor atReload: say whether a reload reads it", key)
		case start && reload:
			t.Errorf("%s is in both atStart and atReload", key)
		}
	}
	for _, k := range slices.Concat(atStart, atReload) {
		if !slices.ContainsFunc(keys, func(key string) bool { return under([]string{k}, key) }) {
			t.Errorf("%s names no key of the configuration", k)
		}
	}
}
