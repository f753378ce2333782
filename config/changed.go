package config

import (
	"reflect"
	"slices"
	"strings"
)

// Changed is the key path of every value that differs between a and b, in
// the order of the file (upstreams by source name); a list is one value.
func Changed(a, b *Config) []string {
	return changed(reflect.ValueOf(a).Elem(), reflect.ValueOf(b).Elem(), "")
}

func changed(a, b reflect.Value, path string) []string {
	switch a.Kind() {
	case reflect.Struct:
		if a.Type() == reflect.TypeFor[Duration]() {
			break
		}
		var keys []string
		for i := range a.NumField() {
			keys = append(keys, changed(a.Field(i), b.Field(i), join(path, tagOf(a.Type().Field(i))))...)
		}
		return keys
	case reflect.Map:
		var names []string
		for _, m := range []reflect.Value{a, b} {
			for _, k := range m.MapKeys() {
				if !slices.Contains(names, k.String()) {
					names = append(names, k.String())
				}
			}
		}
		slices.Sort(names)
		var keys []string
		for _, name := range names {
			k := reflect.ValueOf(name)
			ea, eb := reflect.New(a.Type().Elem()).Elem(), reflect.New(a.Type().Elem()).Elem()
			if v := a.MapIndex(k); v.IsValid() {
				ea.Set(v)
			}
			if v := b.MapIndex(k); v.IsValid() {
				eb.Set(v)
			}
			keys = append(keys, changed(ea, eb, join(path, name))...)
		}
		return keys
	case reflect.Slice:
		if a.Len() == 0 && b.Len() == 0 { // nil and [] are both no item
			return nil
		}
	case reflect.Pointer:
		if !a.IsNil() && !b.IsNil() {
			return changed(a.Elem(), b.Elem(), path)
		}
	}
	if reflect.DeepEqual(a.Interface(), b.Interface()) {
		return nil
	}
	return []string{path}
}

// Keep sets each of keys (a key or a section such as "limits", never inside
// upstreams) in c back to its value in old.
func (c *Config) Keep(old *Config, keys ...string) {
	for _, key := range keys {
		to, from := reflect.ValueOf(c).Elem(), reflect.ValueOf(old).Elem()
		for _, part := range strings.Split(key, ".") {
			i := fieldByTag(to.Type(), part)
			to, from = to.Field(i), from.Field(i)
		}
		to.Set(from)
	}
}
