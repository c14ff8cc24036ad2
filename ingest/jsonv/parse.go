package jsonv

import (
	"fmt"
	"math"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// SyntaxError is a JSON syntax error at a byte offset of the input.
type SyntaxError struct {
	Offset int
	Msg    string
	deep   bool // nested deeper than MaxDepth (TooDeep)
}

func (e *SyntaxError) Error() string { return fmt.Sprintf("offset %d: %s", e.Offset, e.Msg) }

// MaxDepth bounds nesting so that hostile input cannot exhaust the stack.
const MaxDepth = 512

// tooDeep is the message of the error a document nested deeper than MaxDepth gives.
var tooDeep = fmt.Sprintf("nesting deeper than %d", MaxDepth)

// ErrTextTooDeep is the problem a reader gives for a JSON text held in a string (a tool's
// arguments or reply) that Parse refuses as TooDeep: such a text may well be an object,
// which read as plain text would lose its fields without a word.
var ErrTextTooDeep = fmt.Errorf("a JSON text nested deeper than %d levels, which is not read", MaxDepth)

// TooDeep reports whether err is Parse's error for a document nested deeper than
// MaxDepth: valid JSON, maybe, that no reader here takes, unlike text that is no JSON at
// all, which callers reading a text that may hold JSON take as text.
func TooDeep(err error) bool {
	se, ok := err.(*SyntaxError)
	return ok && se.deep
}

// Parse decodes one JSON document the way Python's json.loads does: integers stay
// integers (int64, or BigInt beyond it), numbers with a fraction or exponent become
// float64, NaN/Infinity/-Infinity are accepted, and a repeated key keeps its first
// position with the last value. Trailing non-space bytes are an error. A leading UTF-8
// byte-order mark is skipped, as json.loads skips it in bytes: some Windows editors save one.
func Parse(data []byte) (any, error) {
	p := parser{data: data, pos: bomLen(data)}
	p.skip()
	v, err := p.value(0)
	if err != nil {
		if se, ok := err.(*SyntaxError); ok && se.deep {
			if at := pathAt(data, se.Offset); at != "" {
				se.Msg += " in " + at
			}
		}
		return nil, err
	}
	p.skip()
	if p.pos < len(p.data) {
		return nil, p.errf("unexpected %s after the value", quoteAt(p.data[p.pos:]))
	}
	return v, nil
}

// ParseObject decodes a document that must be an object.
func ParseObject(data []byte) (*Object, error) {
	v, err := Parse(data)
	if err != nil {
		return nil, err
	}
	o, ok := v.(*Object)
	if !ok {
		return nil, &SyntaxError{Offset: 0, Msg: "not a JSON object"}
	}
	return o, nil
}

type parser struct {
	data []byte
	pos  int
	buf  []byte
}

// quoteAt quotes the character b starts with for a message: a UTF-8 character as Go
// quotes it ('é'), a byte that starts none as its value ('\xff'), not as the Latin-1
// letter it would be read as ('ÿ').
func quoteAt(b []byte) string {
	r, size := utf8.DecodeRune(b)
	if r == utf8.RuneError && size <= 1 {
		return fmt.Sprintf(`'\x%02x'`, b[0])
	}
	return strconv.QuoteRune(r)
}

func (p *parser) errf(format string, a ...any) error {
	return &SyntaxError{Offset: p.pos, Msg: fmt.Sprintf(format, a...)}
}

func (p *parser) skip() {
	for p.pos < len(p.data) {
		switch p.data[p.pos] {
		case ' ', '\t', '\n', '\r':
			p.pos++
		default:
			return
		}
	}
}

func (p *parser) value(depth int) (any, error) {
	if depth > MaxDepth {
		return nil, &SyntaxError{Offset: p.pos, Msg: tooDeep, deep: true}
	}
	if p.pos >= len(p.data) {
		return nil, p.errf("unexpected end of input")
	}
	switch c := p.data[p.pos]; {
	case c == '{':
		return p.object(depth)
	case c == '[':
		return p.array(depth)
	case c == '"':
		return p.str()
	case c == 't':
		return true, p.lit("true")
	case c == 'f':
		return false, p.lit("false")
	case c == 'n':
		return nil, p.lit("null")
	case c == 'N':
		return math.NaN(), p.lit("NaN")
	case c == 'I':
		return math.Inf(1), p.lit("Infinity")
	case c == '-' && p.pos+1 < len(p.data) && p.data[p.pos+1] == 'I':
		p.pos++
		return math.Inf(-1), p.lit("Infinity")
	case c == '-' || (c >= '0' && c <= '9'):
		return p.number()
	case bomLen(p.data[p.pos:]) > 0:
		return nil, p.errf("unexpected byte-order mark (U+FEFF)")
	default:
		return nil, p.errf("unexpected %s", quoteAt(p.data[p.pos:]))
	}
}

// bomLen is the length of the UTF-8 byte-order mark data starts with, or 0.
func bomLen(data []byte) int {
	if len(data) >= 3 && data[0] == 0xef && data[1] == 0xbb && data[2] == 0xbf {
		return 3
	}
	return 0
}

func (p *parser) lit(word string) error {
	if len(p.data)-p.pos < len(word) || string(p.data[p.pos:p.pos+len(word)]) != word {
		return p.errf("invalid literal")
	}
	p.pos += len(word)
	return nil
}

func (p *parser) object(depth int) (any, error) {
	p.pos++ // {
	o := &Object{}
	p.skip()
	if p.pos < len(p.data) && p.data[p.pos] == '}' {
		p.pos++
		return o, nil
	}
	for {
		p.skip()
		if p.pos >= len(p.data) || p.data[p.pos] != '"' {
			return nil, p.errf("expected a string key")
		}
		k, err := p.str()
		if err != nil {
			return nil, err
		}
		p.skip()
		if p.pos >= len(p.data) || p.data[p.pos] != ':' {
			return nil, p.errf("expected ':' after key %q", k)
		}
		p.pos++
		p.skip()
		v, err := p.value(depth + 1)
		if err != nil {
			return nil, err
		}
		o.Set(k, v)
		p.skip()
		if p.pos >= len(p.data) {
			return nil, p.errf("unexpected end of input in object")
		}
		switch p.data[p.pos] {
		case ',':
			p.pos++
		case '}':
			p.pos++
			return o, nil
		default:
			return nil, p.errf("expected ',' or '}' in object")
		}
	}
}

func (p *parser) array(depth int) (any, error) {
	p.pos++ // [
	a := []any{}
	p.skip()
	if p.pos < len(p.data) && p.data[p.pos] == ']' {
		p.pos++
		return a, nil
	}
	for {
		p.skip()
		v, err := p.value(depth + 1)
		if err != nil {
			return nil, err
		}
		a = append(a, v)
		p.skip()
		if p.pos >= len(p.data) {
			return nil, p.errf("unexpected end of input in array")
		}
		switch p.data[p.pos] {
		case ',':
			p.pos++
		case ']':
			p.pos++
			return a, nil
		default:
			return nil, p.errf("expected ',' or ']' in array")
		}
	}
}

func (p *parser) str() (string, error) {
	p.pos++ // opening quote
	start := p.pos
	// Fast path: no escapes, valid UTF-8, no control characters.
	for p.pos < len(p.data) {
		c := p.data[p.pos]
		if c == '"' {
			s := p.data[start:p.pos]
			p.pos++
			if utf8.Valid(s) {
				return string(s), nil
			}
			return string([]rune(string(s))), nil // invalid bytes become U+FFFD
		}
		if c == '\\' || c < 0x20 {
			break
		}
		p.pos++
	}
	p.buf = append(p.buf[:0], p.data[start:p.pos]...)
	for p.pos < len(p.data) {
		c := p.data[p.pos]
		switch {
		case c == '"':
			p.pos++
			if utf8.Valid(p.buf) {
				return string(p.buf), nil
			}
			return string([]rune(string(p.buf))), nil
		case c < 0x20:
			return "", p.errf("control character %#x in string", c)
		case c != '\\':
			p.buf = append(p.buf, c)
			p.pos++
			continue
		}
		p.pos++
		if p.pos >= len(p.data) {
			break
		}
		e := p.data[p.pos]
		p.pos++
		switch e {
		case '"', '\\', '/':
			p.buf = append(p.buf, e)
		case 'b':
			p.buf = append(p.buf, '\b')
		case 'f':
			p.buf = append(p.buf, '\f')
		case 'n':
			p.buf = append(p.buf, '\n')
		case 'r':
			p.buf = append(p.buf, '\r')
		case 't':
			p.buf = append(p.buf, '\t')
		case 'u':
			r, ok := p.hex4()
			if !ok {
				return "", p.errf("invalid \\u escape")
			}
			if utf16.IsSurrogate(r) {
				if p.pos+1 < len(p.data) && p.data[p.pos] == '\\' && p.data[p.pos+1] == 'u' {
					save := p.pos
					p.pos += 2
					r2, ok2 := p.hex4()
					if d := utf16.DecodeRune(r, r2); ok2 && d != utf8.RuneError {
						r = d
					} else {
						p.pos = save
						r = utf8.RuneError
					}
				} else {
					r = utf8.RuneError // a lone surrogate has no UTF-8 form
				}
			}
			p.buf = utf8.AppendRune(p.buf, r)
		default:
			return "", p.errf("invalid escape: a backslash before %s", quoteAt(p.data[p.pos-1:]))
		}
	}
	return "", p.errf("unterminated string")
}

func (p *parser) hex4() (rune, bool) {
	r, ok := hex4(p.data[p.pos:])
	if ok {
		p.pos += 4
	}
	return r, ok
}

// hex4 decodes the four hex digits of a \u escape at the start of b (both parsers).
func hex4(b []byte) (rune, bool) {
	if len(b) < 4 {
		return 0, false
	}
	var r rune
	for _, c := range b[:4] {
		r <<= 4
		switch {
		case c >= '0' && c <= '9':
			r |= rune(c - '0')
		case c >= 'a' && c <= 'f':
			r |= rune(c - 'a' + 10)
		case c >= 'A' && c <= 'F':
			r |= rune(c - 'A' + 10)
		default:
			return 0, false
		}
	}
	return r, true
}

func (p *parser) number() (any, error) {
	start := p.pos
	if p.data[p.pos] == '-' {
		p.pos++
	}
	digits := func() int {
		n := 0
		for p.pos < len(p.data) && p.data[p.pos] >= '0' && p.data[p.pos] <= '9' {
			p.pos++
			n++
		}
		return n
	}
	intStart := p.pos
	n := digits()
	if n == 0 {
		return nil, p.errf("invalid number")
	}
	if n > 1 && p.data[intStart] == '0' {
		return nil, &SyntaxError{Offset: intStart, Msg: "leading zero in number"}
	}
	isFloat := false
	if p.pos < len(p.data) && p.data[p.pos] == '.' {
		p.pos++
		if digits() == 0 {
			return nil, p.errf("invalid number: no digits after '.'")
		}
		isFloat = true
	}
	if p.pos < len(p.data) && (p.data[p.pos] == 'e' || p.data[p.pos] == 'E') {
		p.pos++
		if p.pos < len(p.data) && (p.data[p.pos] == '+' || p.data[p.pos] == '-') {
			p.pos++
		}
		if digits() == 0 {
			return nil, p.errf("invalid number: no digits in exponent")
		}
		isFloat = true
	}
	text := string(p.data[start:p.pos])
	if isFloat {
		f, err := strconv.ParseFloat(text, 64)
		if err != nil && !isRangeErr(err) {
			return nil, &SyntaxError{Offset: start, Msg: "invalid number " + text}
		}
		return f, nil // out of range gives ±Inf, as in Python
	}
	if i, err := strconv.ParseInt(text, 10, 64); err == nil {
		return i, nil
	}
	return BigInt(text), nil
}

func isRangeErr(err error) bool {
	ne, ok := err.(*strconv.NumError)
	return ok && ne.Err == strconv.ErrRange
}
