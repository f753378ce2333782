package upstreams

import (
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
)

// APIKey reads s's key from the environment through getenv. ok is false when
// the source needs a key and none is set.
func APIKey(s Source, getenv func(string) string) (key string, ok bool) {
	if s.KeyEnv == "" {
		return "", true
	}
	key = getenv(s.KeyEnv)
	return key, key != "" || s.KeyOptional
}

// WithKey returns a copy of req carrying key where the source expects it:
// keyIn is "query:<name>", "header:<name>", "path:<name>" or "bearer". An
// empty key leaves req as it is.
func WithKey(req *Request, keyIn, key string) (*Request, error) {
	if key == "" {
		return req, nil
	}
	out := *req
	out.Header = req.Header.Clone()
	if out.Header == nil {
		out.Header = http.Header{}
	}
	where, name, _ := strings.Cut(keyIn, ":")
	switch {
	case where == "bearer" && name == "":
		out.Header.Set("Authorization", "Bearer "+key)
	case where == "header" && name != "":
		out.Header.Set(name, key)
	case where == "query" && name != "":
		u, err := url.Parse(req.URL)
		if err != nil {
			return nil, Errorf(req.Source, BadAnswer, "the request address is not valid")
		}
		q := u.Query()
		q.Set(name, key)
		u.RawQuery = q.Encode()
		out.URL = u.String()
	case where == "path" && name != "":
		// The request carries the segment <name> where the key goes.
		u, err := url.Parse(req.URL)
		if err != nil {
			return nil, Errorf(req.Source, BadAnswer, "the request address is not valid")
		}
		segs := strings.Split(u.EscapedPath(), "/")
		i := slices.Index(segs, name)
		if i < 0 {
			return nil, fmt.Errorf("upstream %s: no %q path segment for the key", req.Source, name)
		}
		segs[i] = url.PathEscape(key)
		u.RawPath = strings.Join(segs, "/")
		u.Path, _ = url.PathUnescape(u.RawPath)
		out.URL = u.String()
	default:
		return nil, fmt.Errorf("upstream %s: key placement %q is not query:<name>, header:<name>, path:<segment> or bearer", req.Source, keyIn)
	}
	return &out, nil
}
