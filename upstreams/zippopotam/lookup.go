package zippopotam

import (
	"net/url"
	"strings"

	"github.com/coinslot/coinslot/upstreams"
)

// Lookup builds GET /{country}/{postal code}; country is an ISO 3166-1
// alpha-2 code.
func Lookup(country, postalCode string) *upstreams.Request {
	return &upstreams.Request{Source: Source.Name, URL: Source.BaseURL + "/" + strings.ToLower(country) + "/" + url.PathEscape(postalCode)}
}

// Place is one locality sharing the postal code. Coordinates come as strings.
type Place struct {
	Name      string        `json:"place name"`
	State     string        `json:"state"`
	StateCode string        `json:"state abbreviation"`
	Latitude  upstreams.Num `json:"latitude"`
	Longitude upstreams.Num `json:"longitude"`
}

// Code is a postal code and its places.
type Code struct {
	PostalCode  string  `json:"post code,required"`
	Country     string  `json:"country"`
	CountryCode string  `json:"country abbreviation"`
	Places      []Place `json:"places,required"`
}

// DecodeLookup reads a lookup answer. An unknown code is a 404 with "{}".
func DecodeLookup(body []byte) (Code, error) {
	if upstreams.EmptyObject(body) {
		return Code{}, upstreams.Errorf(Source.Name, upstreams.NotFound, "no such postal code")
	}
	var c Code
	err := upstreams.DecodeJSON(Source.Name, body, &c)
	return c, err
}
