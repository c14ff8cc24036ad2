package jsonv

import (
	"math"
	"strconv"
	"strings"
	"unicode"
)

// PyStr returns Python's str() of a decoded JSON value: None, True/False, ints, float
// repr ("119.0", "inf", "nan"), strings as they are, and containers as Python reprs
// (objects in insertion order, as a dict prints).
func PyStr(v any) string {
	if s, ok := v.(string); ok {
		return s
	}
	return string(appendRepr(nil, v))
}

func appendRepr(dst []byte, v any) []byte {
	switch x := v.(type) {
	case nil:
		return append(dst, "None"...)
	case bool:
		if x {
			return append(dst, "True"...)
		}
		return append(dst, "False"...)
	case int64:
		return strconv.AppendInt(dst, x, 10)
	case int:
		return strconv.AppendInt(dst, int64(x), 10)
	case BigInt:
		return append(dst, x...)
	case float64:
		switch {
		case math.IsNaN(x):
			return append(dst, "nan"...)
		case math.IsInf(x, 1):
			return append(dst, "inf"...)
		case math.IsInf(x, -1):
			return append(dst, "-inf"...)
		}
		return AppendFloatRepr(dst, x)
	case string:
		return appendPyStrRepr(dst, x)
	case []any:
		dst = append(dst, '[')
		for i, e := range x {
			if i > 0 {
				dst = append(dst, ", "...)
			}
			dst = appendRepr(dst, e)
		}
		return append(dst, ']')
	case *Object:
		dst = append(dst, '{')
		for i, k := range x.Keys {
			if i > 0 {
				dst = append(dst, ", "...)
			}
			dst = appendPyStrRepr(dst, k)
			dst = append(dst, ": "...)
			dst = appendRepr(dst, x.Values[i])
		}
		return append(dst, '}')
	default:
		return append(dst, "None"...)
	}
}

// appendPyStrRepr writes repr(str): single quotes unless the text has a single quote and
// no double quote.
func appendPyStrRepr(dst []byte, s string) []byte {
	q := byte('\'')
	if strings.ContainsRune(s, '\'') && !strings.ContainsRune(s, '"') {
		q = '"'
	}
	dst = append(dst, q)
	for _, r := range s {
		switch {
		case r == rune(q) || r == '\\':
			dst = append(dst, '\\', byte(r))
		case r == '\n':
			dst = append(dst, '\\', 'n')
		case r == '\r':
			dst = append(dst, '\\', 'r')
		case r == '\t':
			dst = append(dst, '\\', 't')
		case r < 0x20 || r == 0x7f:
			dst = append(dst, '\\', 'x', hexDigits[r>>4], hexDigits[r&15])
		case r < 0x80 || unicode.IsPrint(r):
			dst = append(dst, string(r)...)
		case r <= 0xFF:
			dst = append(dst, '\\', 'x', hexDigits[r>>4], hexDigits[r&15])
		case r <= 0xFFFF:
			dst = append(dst, '\\', 'u', hexDigits[r>>12&15], hexDigits[r>>8&15], hexDigits[r>>4&15], hexDigits[r&15])
		default:
			dst = append(dst, "\\U"...)
			for sh := 28; sh >= 0; sh -= 4 {
				dst = append(dst, hexDigits[r>>sh&15])
			}
		}
	}
	return append(dst, q)
}

// PyFloat parses s as Python's float() does: surrounding whitespace, a sign, digits with
// single underscores between them, a fraction, an exponent, "inf"/"infinity"/"nan" in
// any case. Hexadecimal and other Go-only forms are rejected.
func PyFloat(s string) (float64, bool) {
	s = strings.TrimFunc(s, unicode.IsSpace)
	body := s
	if body != "" && (body[0] == '+' || body[0] == '-') {
		body = body[1:]
	}
	switch strings.ToLower(body) {
	case "inf", "infinity", "nan":
		f, err := strconv.ParseFloat(s, 64)
		return f, err == nil
	}
	if body == "" {
		return 0, false
	}
	clean := make([]byte, 0, len(s))
	if len(s) != len(body) {
		clean = append(clean, s[0])
	}
	sawDigit, sawExp, sawDot := false, false, false
	prevDigit := false
	for i := 0; i < len(body); i++ {
		c := body[i]
		switch {
		case c >= '0' && c <= '9':
			sawDigit, prevDigit = true, true
			clean = append(clean, c)
			continue
		case c == '_':
			if !prevDigit || i+1 >= len(body) || body[i+1] < '0' || body[i+1] > '9' {
				return 0, false
			}
		case c == '.':
			if sawDot || sawExp {
				return 0, false
			}
			sawDot = true
			clean = append(clean, c)
		case c == 'e' || c == 'E':
			if sawExp || !sawDigit {
				return 0, false
			}
			sawExp = true
			clean = append(clean, c)
			if i+1 < len(body) && (body[i+1] == '+' || body[i+1] == '-') {
				i++
				clean = append(clean, body[i])
			}
		default:
			return 0, false
		}
		prevDigit = false
	}
	if !sawDigit {
		return 0, false
	}
	f, err := strconv.ParseFloat(string(clean), 64)
	if err != nil && !isRangeErr(err) {
		return 0, false
	}
	return f, true
}

// AppendPyStr appends PyStr(v) to dst, so callers can compare str() forms without
// allocating a string for each.
func AppendPyStr(dst []byte, v any) []byte {
	if s, ok := v.(string); ok {
		return append(dst, s...)
	}
	return appendRepr(dst, v)
}
