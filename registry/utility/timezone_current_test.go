package utility

import (
	"testing"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/registrytest"
)

func TestTimezoneCurrentRejects(t *testing.T) {
	for zone, problem := range map[string]string{
		"Mars/Olympus_Mons": `"Mars/Olympus_Mons" is not an IANA time zone name`,
		"../../etc/passwd":  `"../../etc/passwd" is not an IANA time zone name`,
		"Local":             "must be an IANA time zone name, e.g. Europe/Berlin",
	} {
		registrytest.Refused(t, "timezone_current", map[string]any{"timezone": zone}, registry.FieldError{Name: "timezone", Problem: problem})
	}
}
