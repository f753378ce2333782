package academic

import (
	"context"

	"github.com/coinslot/coinslot/upstreams"
)

// fetch sends req and decodes its body, reporting whether the answer came
// from cache. An upstream failure is returned unchanged; a body that does
// not decode is the source's bad answer.
func fetch[T any](ctx context.Context, up upstreams.Doer, req *upstreams.Request, decode func([]byte) (T, error)) (T, bool, error) {
	var zero T
	resp, err := up.Do(ctx, req)
	if err != nil {
		return zero, false, err
	}
	v, err := decode(resp.Body)
	if err != nil {
		if ue, ok := upstreams.AsError(err); ok {
			return zero, false, ue
		}
		return zero, false, upstreams.Errorf(req.Source, upstreams.BadAnswer, "the answer could not be read")
	}
	return v, resp.Cached, nil
}

// notFound turns an upstream 404 into a not_found error with a buyer-facing
// message; other errors pass unchanged.
func notFound(err error, message string) error {
	if e, ok := upstreams.AsError(err); ok && e.Status == 404 {
		return &upstreams.Error{Source: e.Source, Kind: upstreams.NotFound, Status: 404, Message: message}
	}
	return err
}
