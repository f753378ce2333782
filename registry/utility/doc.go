// Package utility holds small local computations: US business days and the
// current state of an IANA time zone.
package utility
