package inspect

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// lexer walks one JSON document in place for the schema-directed sample decoder: the
// decoder asks for the fields it keeps and the lexer skips everything else (a sample's
// messages, a model event's input) without building values. Skipping checks the
// structure (brackets, commas, colons, literals, the characters of numbers, string ends)
// but not what escapes and bytes a skipped string holds; the parts the reader keeps are
// decoded in full, with encoding/json's string rules (invalid UTF-8 and lone surrogates
// become U+FFFD).
type lexer struct {
	data []byte
	pos  int
	// strs, when not nil, holds the strings read (a sample's transcript: many short
	// strings, one allocation per chunk; see carve).
	strs *strChunks
	// light: skip what an episode is not made of (ReadOptions.Light); models: but read
	// the model events' outputs (a transcript without tool events).
	light, models bool
	// skipTools: with light, the tool events whose arguments and result are skipped
	// (ReadOptions.SkipTools).
	skipTools []string
	// sc gathers the events of the transcript being read (events); mem is the memory
	// they are moved to (transcriptBlocks).
	sc  *eventScratch
	mem *sampleMem
	// seen, when not nil, holds long strings of data already scanned (strMemo).
	seen *strMemo
}

// sub is a lexer over one raw field, copying its strings where l does.
func (l *lexer) sub(raw []byte) *lexer {
	return &lexer{data: raw, strs: l.strs, light: l.light, models: l.models, skipTools: l.skipTools, mem: l.mem}
}

// transcriptChunk is the size of a chunk of transcript strings: a few events' ids,
// names and timestamps. A sample's first chunk is smaller (firstChunk): a light read
// keeps a few ids and names, not the timestamps.
const (
	transcriptChunk = 1 << 10
	firstChunk      = 512
)

// decodeErr is a decoding failure and the dotted path of the field where it happened,
// built on the way out (in).
type decodeErr struct {
	field string
	err   error
}

func (e *decodeErr) Error() string { return e.err.Error() }

// in prefixes the error's field with the field (or element) holding it.
func (e *decodeErr) in(field string) *decodeErr {
	switch {
	case e.field == "":
		e.field = field
	case e.field[0] == '[':
		e.field = field + e.field
	default:
		e.field = field + "." + e.field
	}
	return e
}

func failf(format string, args ...any) *decodeErr {
	return &decodeErr{err: fmt.Errorf(format, args...)}
}

var errTruncated = errors.New("truncated JSON: unexpected end of JSON input")

// syntax is a syntax error at the current position (truncation at the end).
func (l *lexer) syntax(what string) *decodeErr {
	if l.pos >= len(l.data) {
		return &decodeErr{err: errTruncated}
	}
	return failf("invalid JSON at byte %d: %s, found %q", l.pos, what, l.data[l.pos])
}

func (l *lexer) ws() {
	for l.pos < len(l.data) {
		switch l.data[l.pos] {
		case ' ', '\t', '\n', '\r':
			l.pos++
		default:
			return
		}
	}
}

// peek returns the next non-blank byte without consuming it; 0 at the end.
func (l *lexer) peek() byte {
	l.ws()
	if l.pos < len(l.data) {
		return l.data[l.pos]
	}
	return 0
}

// isNull consumes a null literal if one is next.
func (l *lexer) isNull() bool {
	if l.peek() == 'n' && bytes.HasPrefix(l.data[l.pos:], jsonNull) {
		l.pos += 4
		return true
	}
	return false
}

// kind names the JSON type of the next value, for type errors.
func (l *lexer) kind() string {
	switch c := l.peek(); {
	case c == '"':
		return "string"
	case c == '{':
		return "object"
	case c == '[':
		return "array"
	case c == 't' || c == 'f':
		return "bool"
	case c == 'n':
		return "null"
	case c == '-' || c >= '0' && c <= '9':
		return "number"
	}
	return "value"
}

// typeErr says the next value is not of the type the field holds.
func (l *lexer) typeErr(want string) *decodeErr {
	if c := l.peek(); c == 0 || l.kind() == "value" {
		return l.syntax("looking for a value")
	}
	return failf("cannot read a JSON %s as %s", l.kind(), want)
}

// errSkipRest, returned by an object's field function once it has consumed its value,
// says that the object holds nothing more the reader keeps: object passes over the rest
// of it at once (skipRest) rather than key by key.
var errSkipRest = &decodeErr{err: errors.New("skip the rest of the object")}

// object calls field for each key of an object, positioned at its value; field must
// consume the value. The key aliases the input unless it held escapes.
func (l *lexer) object(field func(key []byte) *decodeErr) *decodeErr {
	if l.peek() != '{' {
		return l.typeErr("an object")
	}
	l.pos++
	if l.peek() == '}' {
		l.pos++
		return nil
	}
	for {
		if l.peek() != '"' {
			return l.syntax("looking for an object key")
		}
		key, _, err := l.rawString()
		if err != nil {
			return err
		}
		if l.peek() != ':' {
			return l.syntax("after an object key")
		}
		l.pos++
		l.ws()
		if err := field(key); err != nil {
			if err == errSkipRest {
				return l.skipRest()
			}
			return err
		}
		switch l.peek() {
		case ',':
			l.pos++
		case '}':
			l.pos++
			return nil
		default:
			return l.syntax("after an object value")
		}
	}
}

// array calls elem for each element of an array (i from 0); elem must consume it.
func (l *lexer) array(elem func(i int) *decodeErr) *decodeErr {
	if l.peek() != '[' {
		return l.typeErr("an array")
	}
	l.pos++
	if l.peek() == ']' {
		l.pos++
		return nil
	}
	for i := 0; ; i++ {
		l.ws()
		if err := elem(i); err != nil {
			return err
		}
		switch l.peek() {
		case ',':
			l.pos++
		case ']':
			l.pos++
			return nil
		default:
			return l.syntax("after an array element")
		}
	}
}

// raw skips the next value and returns its bytes (aliasing the input).
func (l *lexer) raw() ([]byte, *decodeErr) {
	l.ws()
	start := l.pos
	if err := l.check(0); err != nil {
		return nil, err
	}
	return l.data[start:l.pos], nil
}

// skipRaw skips the next value (skip) and returns its bytes (aliasing the input).
func (l *lexer) skipRaw() ([]byte, *decodeErr) {
	l.ws()
	start := l.pos
	if err := l.skip(); err != nil {
		return nil, err
	}
	return l.data[start:l.pos], nil
}

// skip passes over one value. A scalar is checked in full; an object or array is
// passed over in one loop that checks that its brackets match and its strings end, and
// refuses a backslash outside a string (its commas, colons and scalars are not checked:
// what the reader keeps goes through raw, which checks everything).
func (l *lexer) skip() *decodeErr {
	switch c := l.peek(); {
	case c == '{' || c == '[':
		return l.skipContainer()
	case c == '"':
		_, err := l.stringEnd()
		return err
	case c == 't':
		return l.literal("true")
	case c == 'f':
		return l.literal("false")
	case c == 'n':
		return l.literal("null")
	case c == '-' || c >= '0' && c <= '9':
		_, err := l.number()
		return err
	}
	return l.syntax("looking for a value")
}

// check passes over one value checking all of it, strings included (raw): what the
// reader keeps is valid JSON.
func (l *lexer) check(depth int) *decodeErr {
	if depth > jsonv.MaxDepth {
		return failf("invalid JSON at byte %d: nested too deeply", l.pos)
	}
	switch l.peek() {
	case '"':
		return l.checkString()
	case '{':
		l.pos++
		if l.peek() == '}' {
			l.pos++
			return nil
		}
		for {
			if l.peek() != '"' {
				return l.syntax("looking for an object key")
			}
			if err := l.checkString(); err != nil {
				return err
			}
			if l.peek() != ':' {
				return l.syntax("after an object key")
			}
			l.pos++
			if err := l.check(depth + 1); err != nil {
				return err
			}
			switch l.peek() {
			case ',':
				l.pos++
			case '}':
				l.pos++
				return nil
			default:
				return l.syntax("after an object value")
			}
		}
	case '[':
		l.pos++
		if l.peek() == ']' {
			l.pos++
			return nil
		}
		for {
			if err := l.check(depth + 1); err != nil {
				return err
			}
			switch l.peek() {
			case ',':
				l.pos++
			case ']':
				l.pos++
				return nil
			default:
				return l.syntax("after an array element")
			}
		}
	}
	return l.skip() // a literal or a number, checked in full
}

// checkString consumes a string (at its opening quote), checking its escapes and that
// it holds no control character.
func (l *lexer) checkString() *decodeErr {
	d := l.data
	i := l.pos + 1
	for {
		i = nextSpecial(d, i, true)
		if i >= len(d) {
			break
		}
		switch c := d[i]; {
		case c == '"':
			l.pos = i + 1
			return nil
		case c == '\\':
			if i+1 >= len(d) {
				i = len(d)
				continue
			}
			switch d[i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i += 2
			case 'u':
				if _, ok := hex4(d[i+2:]); !ok {
					l.pos = i
					return failf("invalid JSON at byte %d: bad escape in a string", i)
				}
				i += 6
			default:
				l.pos = i
				return failf("invalid JSON at byte %d: bad escape in a string", i)
			}
		default:
			l.pos = i
			return failf("invalid JSON at byte %d: a control character in a string", i)
		}
	}
	l.pos = len(d)
	return &decodeErr{err: errTruncated}
}

func (l *lexer) literal(word string) *decodeErr {
	if !bytes.HasPrefix(l.data[l.pos:], []byte(word)) {
		if len(l.data)-l.pos < len(word) && bytes.HasPrefix([]byte(word), l.data[l.pos:]) {
			l.pos = len(l.data)
		}
		return l.syntax("in a literal")
	}
	l.pos += len(word)
	return nil
}

// number consumes a number with JSON's grammar and returns its text.
func (l *lexer) number() ([]byte, *decodeErr) {
	d, start := l.data, l.pos
	i := start
	if i < len(d) && d[i] == '-' {
		i++
	}
	digits := func() int {
		n := 0
		for i < len(d) && d[i] >= '0' && d[i] <= '9' {
			i++
			n++
		}
		return n
	}
	switch {
	case i < len(d) && d[i] == '0':
		i++
	case digits() == 0:
		l.pos = i
		return nil, l.syntax("in a number")
	}
	if i < len(d) && d[i] == '.' {
		i++
		if digits() == 0 {
			l.pos = i
			return nil, l.syntax("after a decimal point")
		}
	}
	if i < len(d) && (d[i] == 'e' || d[i] == 'E') {
		i++
		if i < len(d) && (d[i] == '+' || d[i] == '-') {
			i++
		}
		if digits() == 0 {
			l.pos = i
			return nil, l.syntax("in an exponent")
		}
	}
	l.pos = i
	return d[start:i], nil
}

// float decodes a number into a float64.
func (l *lexer) float() (float64, *decodeErr) {
	if c := l.peek(); c != '-' && (c < '0' || c > '9') {
		return 0, l.typeErr("float64")
	}
	t, err := l.number()
	if err != nil {
		return 0, err
	}
	x, perr := strconv.ParseFloat(string(t), 64)
	if perr != nil {
		return 0, failf("cannot read the JSON number %s as float64", t)
	}
	return x, nil
}

// optFloat decodes a number or null (nil).
func (l *lexer) optFloat() (*float64, *decodeErr) {
	if l.isNull() {
		return nil, nil
	}
	x, err := l.float()
	return &x, err
}

// int decodes an integer into an int64 (a number with a fraction or exponent is an
// error, as encoding/json makes it).
func (l *lexer) int() (int64, *decodeErr) {
	if c := l.peek(); c != '-' && (c < '0' || c > '9') {
		return 0, l.typeErr("int")
	}
	t, err := l.number()
	if err != nil {
		return 0, err
	}
	n, perr := strconv.ParseInt(string(t), 10, 64)
	if perr != nil {
		return 0, failf("cannot read the JSON number %s as int", t)
	}
	return n, nil
}

// rawMap decodes an object of any values into key → raw value (aliasing the input);
// null is a nil map.
func (l *lexer) rawMap() (map[string]json.RawMessage, *decodeErr) {
	if l.isNull() {
		return nil, nil
	}
	m := map[string]json.RawMessage{}
	err := l.object(func(key []byte) *decodeErr {
		v, err := l.raw()
		if err != nil {
			return err.in(string(key))
		}
		m[string(key)] = v
		return nil
	})
	return m, err
}
