package num

import (
	"math"
	"strconv"
	"strings"

	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// Fixed formats x with dec decimals, scaled to points when percent. A value that rounds to
// zero prints unsigned ("0.0", never "-0.0"); signed adds "+" to positive values; minus
// replaces the leading "-" (LaTeX wants "$-$"). A value that is not finite (also after
// scaling: 1e308 is +Inf in points) returns "", which callers show as empty.
func Fixed(x float64, percent bool, dec int, signed bool, minus string) string {
	if percent {
		x *= 100
	}
	if !finite(x) {
		return ""
	}
	s := strconv.FormatFloat(x, 'f', dec, 64)
	if s[0] == '-' {
		if strings.Trim(s[1:], "0.") == "" {
			return s[1:]
		}
		return minus + s[1:]
	}
	if signed && strings.Trim(s, "0.") != "" {
		return "+" + s
	}
	return s
}

// PValueFloor is the smallest p-value printed as a number; below it the display forms say
// "<0.001", since "0.0000" would claim a p of zero.
const PValueFloor = 0.001

// PValue formats a p-value with dec decimals (at least 3, so that every p ≥ PValueFloor
// prints non-zero), or less+"0.001" below the floor.
func PValue(p float64, dec int, less string) string {
	if p < PValueFloor {
		return less + "0.001"
	}
	return Fixed(p, false, max(dec, 3), false, "-")
}

// Integer formats a count, with the same sign rules as Fixed.
func Integer(n int64, signed bool, minus string) string {
	s := strconv.FormatInt(n, 10)
	switch {
	case n < 0:
		return minus + s[1:]
	case n > 0 && signed:
		return "+" + s
	}
	return s
}

// Data formats x for CSV and JSON: Python's float repr (what json.dumps writes), in
// points when percent, or "" when the value is not finite (JSON has no NaN or Infinity).
// Scaling by 100 can leave a last-bit residue (0.07*100 = 7.000000000000001); rounding to
// 15 significant digits removes it.
func Data(x float64, percent bool) string {
	if percent {
		x, _ = strconv.ParseFloat(strconv.FormatFloat(x*100, 'g', 15, 64), 64)
	}
	if !finite(x) {
		return ""
	}
	if x == 0 {
		x = 0 // no "-0.0" in data
	}
	return string(jsonv.AppendFloatRepr(nil, x))
}

// finite reports whether x is neither NaN nor infinite.
func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }
