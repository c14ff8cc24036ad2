package inspect

import (
	"bytes"
	"encoding/json"
	"math"
	"strconv"
	"strings"
)

// ValueToFloat maps a score value to a number the way Inspect's default value_to_float
// does: a number as it is, true 1 and false 0, the strings "C" 1, "P" 0.5, "I" 0 and "N"
// 0 (exact case), then, case-insensitively, "yes"/"true" 1 and "no"/"false" 0, then a
// string holding a finite number that number. ok is false where Inspect would warn and
// use 0 (any other string, a list or an object) and for null, which is how Inspect
// writes the NaN of an unscored sample: metrics skip such values.
func ValueToFloat(v json.RawMessage) (f float64, ok bool) {
	v = bytes.TrimSpace(v)
	if len(v) == 0 {
		return math.NaN(), false
	}
	switch v[0] {
	case 't':
		if string(v) == "true" {
			return 1, true
		}
	case 'f':
		if string(v) == "false" {
			return 0, true
		}
	case 'n':
		return math.NaN(), false
	case '"':
		if len(v) >= 2 && v[len(v)-1] == '"' && isPlainASCII(v[1:len(v)-1]) {
			// "C", "I", …: read as they are, without encoding/json's reflection.
			return stringToFloat(string(v[1 : len(v)-1]))
		}
		var s string
		if json.Unmarshal(v, &s) != nil {
			return 0, false
		}
		return stringToFloat(s)
	case '[', '{':
		return 0, false
	default:
		x, err := strconv.ParseFloat(string(v), 64)
		if err != nil {
			return 0, false
		}
		return x, true
	}
	return 0, false
}

func stringToFloat(s string) (float64, bool) {
	switch s {
	case "C":
		return 1, true
	case "P":
		return 0.5, true
	case "I", "N":
		return 0, true
	}
	switch strings.ToLower(s) {
	case "yes", "true":
		return 1, true
	case "no", "false":
		return 0, true
	}
	// Python's float() accepts surrounding blanks; a finite number only. ParseFloat also
	// reads Go's hexadecimal form ("0x1p-2"), which float() refuses.
	if strings.ContainsAny(s, "xX") {
		return 0, false
	}
	x, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil || math.IsInf(x, 0) || math.IsNaN(x) {
		return 0, false
	}
	return x, true
}

// isPlainASCII reports whether b is printable ASCII without a quote or a backslash: a
// JSON string's content that decodes to itself.
func isPlainASCII(b []byte) bool {
	for _, c := range b {
		if c < 0x20 || c >= 0x7f || c == '"' || c == '\\' {
			return false
		}
	}
	return true
}
