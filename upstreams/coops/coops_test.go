package coops

import (
	"testing"

	"github.com/coinslot/coinslot/upstreams"
)

func TestDecodeAnswerError(t *testing.T) {
	_, err := DecodeAnswer([]byte(`{"error": {"message": "No data was found."}}`))
	if e, ok := upstreams.AsError(err); !ok || e.Kind != upstreams.NotFound {
		t.Fatalf("error answer: %v", err)
	}
	a, err := DecodeAnswer([]byte(`{"metadata":{"id":"8443970","name":"Boston","lat":"42.3539","lon":"-71.0503"},"data":[{"t":"2026-11-20 09:54","v":"-0.127","q":"p"}]}`))
	if err != nil || a.Metadata.Name != "Boston" || float64(a.Metadata.Lat) != 42.3539 || float64(a.Data[0].V) != -0.127 {
		t.Fatalf("%+v %v", a, err)
	}
}
