package health

import "strings"

// vinValues are the VIN transliteration values (ISO 3779 / 49 CFR 565);
// I, O and Q are not used in VINs.
var vinValues = map[rune]int{
	'A': 1, 'B': 2, 'C': 3, 'D': 4, 'E': 5, 'F': 6, 'G': 7, 'H': 8,
	'J': 1, 'K': 2, 'L': 3, 'M': 4, 'N': 5, 'P': 7, 'R': 9,
	'S': 2, 'T': 3, 'U': 4, 'V': 5, 'W': 6, 'X': 7, 'Y': 8, 'Z': 9,
}

var vinWeights = [17]int{8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2}

// vinProblem says what is wrong with a VIN, or "" when its characters and
// its check digit (9th position, required for vehicles sold in North
// America) are right.
func vinProblem(vin string) string {
	if len(vin) != 17 {
		return "must be 17 characters"
	}
	sum := 0
	for i, r := range vin {
		v, ok := vinValues[r]
		switch {
		case r >= '0' && r <= '9':
			v = int(r - '0')
		case !ok:
			return "may hold only digits and the letters A-Z except I, O and Q"
		}
		sum += v * vinWeights[i]
	}
	check := "0123456789X"[sum%11]
	if vin[8] != check {
		return "has a wrong check digit (9th character should be " + string(check) + ")"
	}
	return ""
}

// normalVIN is a VIN in upper case without surrounding space.
func normalVIN(s string) string { return strings.ToUpper(strings.TrimSpace(s)) }
