package jsonv

import (
	"math"
	"strconv"
	"strings"
)

// lossyNumber says why the float literal text, parsed as f, would not be written back
// as the same number (the writers print f's shortest form), or "" when it would: out of
// the float64 range (Infinity, which is not JSON), too small (0), or more precise than a
// float64 holds. A different spelling of the same number (1E2, 100.0) is not a loss.
func lossyNumber(text []byte, f float64) string {
	lit := string(text)
	switch {
	case math.IsInf(f, 0):
		return "the number " + lit + " (beyond the range of a 64-bit float: it would become Infinity, which is not JSON)"
	case f == 0:
		if strings.ContainsAny(strings.SplitN(strings.SplitN(lit, "e", 2)[0], "E", 2)[0], "123456789") {
			return "the number " + lit + " (below the range of a 64-bit float: it would become 0)"
		}
		return ""
	}
	if decimalOf(lit) != decimalOf(strconv.FormatFloat(f, 'e', -1, 64)) {
		return "the number " + lit + " (more digits than a 64-bit float holds: it would be written as " + strconv.FormatFloat(f, 'g', -1, 64) + ")"
	}
	return ""
}

// decimalOf returns a nonzero decimal literal in one form: sign, significant digits
// without leading or trailing zeros, and the exponent of the first digit.
func decimalOf(lit string) string {
	neg := strings.HasPrefix(lit, "-")
	lit = strings.TrimPrefix(lit, "-")
	mant, exp := lit, 0
	if i := strings.IndexAny(lit, "eE"); i >= 0 {
		mant = lit[:i]
		exp, _ = strconv.Atoi(strings.TrimPrefix(lit[i+1:], "+"))
	}
	intPart, frac, _ := strings.Cut(mant, ".")
	digits := intPart + frac
	lead := len(digits) - len(strings.TrimLeft(digits, "0"))
	digits = strings.TrimRight(digits[lead:], "0")
	// The first significant digit stands at 10^(len(intPart)-1-lead) before the exponent.
	e := exp + len(intPart) - 1 - lead
	sign := ""
	if neg {
		sign = "-"
	}
	return sign + digits + "e" + strconv.Itoa(e)
}
