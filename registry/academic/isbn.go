package academic

import (
	"strings"

	"github.com/coinslot/coinslot/registry"
)

// isbnCharacters admits digits, X, hyphens and spaces; normalISBN counts
// the digits and checks the check digit.
const isbnCharacters = `^[0-9Xx\s-]+$`

// isbnShape says what an ISBN is, for both checks.
const isbnShape = "10 or 13 digits (an ISBN-10 may end in X)"

// checkISBN puts isbn in its plain form, so a mistyped number is refused
// before it is paid for.
func checkISBN(a registry.Args) []registry.FieldError {
	isbn, problem := normalISBN(a.String("isbn"))
	if problem != "" {
		return registry.Bad("isbn", problem)
	}
	a["isbn"] = isbn
	return nil
}

// normalISBN strips hyphens and spaces from an ISBN-10 or ISBN-13 and checks
// its check digit, or says what is wrong.
func normalISBN(in string) (string, string) {
	s := strings.ToUpper(strings.NewReplacer("-", "", " ", "").Replace(strings.TrimSpace(in)))
	switch len(s) {
	case 10:
		sum := 0
		for i, r := range s {
			d := int(r - '0')
			switch {
			case r == 'X' && i == 9:
				d = 10
			case r < '0' || r > '9':
				return "", "must be " + isbnShape
			}
			sum += (10 - i) * d
		}
		if sum%11 != 0 {
			return "", "check digit does not match: the ISBN is mistyped"
		}
	case 13:
		sum := 0
		for i, r := range s {
			if r < '0' || r > '9' {
				return "", "must be " + isbnShape
			}
			sum += int(r-'0') * (1 + 2*(i%2))
		}
		if sum%10 != 0 {
			return "", "check digit does not match: the ISBN is mistyped"
		}
	default:
		return "", "must be " + isbnShape
	}
	return s, ""
}
