package health

// vinPattern admits 17 digits and letters other than I, O and Q, which VINs
// do not use, in either case.
const vinPattern = `^[0-9A-HJ-NPR-Za-hj-npr-z]{17}$`

// vinValues are the VIN transliteration values (ISO 3779 / 49 CFR 565).
var vinValues = map[rune]int{
	'A': 1, 'B': 2, 'C': 3, 'D': 4, 'E': 5, 'F': 6, 'G': 7, 'H': 8,
	'J': 1, 'K': 2, 'L': 3, 'M': 4, 'N': 5, 'P': 7, 'R': 9,
	'S': 2, 'T': 3, 'U': 4, 'V': 5, 'W': 6, 'X': 7, 'Y': 8, 'Z': 9,
}

var vinWeights = [17]int{8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2}

// vinCheckDigit is the 9th character a VIN must carry (required for
// vehicles sold in North America); vin matches vinPattern, in upper case.
func vinCheckDigit(vin string) byte {
	sum := 0
	for i, r := range vin {
		v := vinValues[r]
		if r >= '0' && r <= '9' {
			v = int(r - '0')
		}
		sum += v * vinWeights[i]
	}
	return "0123456789X"[sum%11]
}
