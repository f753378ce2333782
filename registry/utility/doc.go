// Package utility holds small lookups: US business days, the current state of
// an IANA time zone, and ECB reference exchange rates.
package utility
