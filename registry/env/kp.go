package env

import (
	"math"
	"strconv"
)

// gScale is the NOAA geomagnetic storm level for a Kp value: G1 at Kp 5, up
// to G5 at Kp 9; "G0" below storm level.
func gScale(kp float64) string {
	k := int(math.Floor(kp + 1e-9))
	if k < 5 {
		return "G0"
	}
	return "G" + strconv.Itoa(min(k, 9)-4)
}
