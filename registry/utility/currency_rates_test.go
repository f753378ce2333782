package utility

import (
	"testing"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/registrytest"
)

func TestCurrencyRatesRefusesWhatTheECBDoesNotPublish(t *testing.T) {
	registrytest.Refused(t, "currency_rates", map[string]any{"base": "EUR", "target": "JPY,eur"}, registry.FieldError{Name: "target", Problem: "must differ from base"})
}
