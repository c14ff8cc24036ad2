package oracle

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// numericValue is the evaluator's numeric_value: ints and floats (never booleans), or a
// string that parses as a Python float after trimming, dropping one leading "$" and
// deleting every ",".
func numericValue(v any) (float64, bool) {
	switch x := v.(type) {
	case int64:
		return float64(x), true
	case float64:
		return x, true
	case jsonv.BigInt:
		return jsonv.PyFloat(string(x))
	case string:
		if !mayBeNumber(x) {
			return 0, false
		}
		t := strings.TrimSpace(x)
		if strings.HasPrefix(t, "$") {
			t = strings.TrimSpace(t[1:])
		}
		if strings.IndexByte(t, ',') >= 0 {
			t = strings.ReplaceAll(t, ",", "")
		}
		return jsonv.PyFloat(t)
	}
	return 0, false
}

// mayBeNumber is a cheap pre-filter: after spaces, an optional "$" and a sign, a Python
// float literal starts with a digit, a dot, or the letters of inf/nan.
func mayBeNumber(s string) bool {
	i := 0
	for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r' || s[i] == '$') {
		i++
	}
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	if i >= len(s) {
		return false
	}
	switch c := s[i]; {
	case c >= '0' && c <= '9', c == '.', c == 'i', c == 'I', c == 'n', c == 'N':
		return true
	}
	return c0(s[i])
}

// c0 accepts other leading bytes Python's float() may trim as whitespace (non-ASCII spaces).
func c0(c byte) bool { return c >= 0x80 || c == '\v' || c == '\f' }

// scalarMatches is the evaluator's scalar_matches, quirks included.
// It is the innermost test of coverage and requirement checks, so the common shapes
// (string against string, a missing value, a boolean) are decided without parsing numbers
// or rendering str() forms.
func scalarMatches(actual, expected any) bool {
	if es, ok := expected.(string); ok {
		if es == "*" {
			return true
		}
		switch a := actual.(type) {
		case string:
			// Two strings compare as numbers only when both parse; the pre-filter on the
			// expected side spares the parse of the actual one.
			if mayBeNumber(es) {
				if av, okA := numericValue(a); okA {
					if ev, okE := numericValue(es); okE {
						return av == ev // nan never equals itself, as in Python
					}
				}
			}
			return a == es
		case nil:
			return es == "None" // str(None)
		case bool:
			if a {
				return es == "True"
			}
			return es == "False"
		}
	}
	if eb, ok := expected.(bool); ok {
		switch a := actual.(type) {
		case bool:
			return a == eb
		case string:
			want := "false"
			if eb {
				want = "true"
			}
			return lowerEquals(a, want)
		}
		// str() of None, a number or a container never lower-cases to true/false.
		return false
	}
	a, okA := numericValue(actual)
	e, okE := numericValue(expected)
	if okA && okE {
		return a == e
	}
	return pyStrEqual(actual, expected)
}

// lowerEquals is strings.ToLower(s) == want for an ASCII want, without allocating when s
// is ASCII.
func lowerEquals(s, want string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return strings.ToLower(s) == want
		}
	}
	if len(s) != len(want) {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != want[i] {
			return false
		}
	}
	return true
}

// pyStrEqual is str(a) == str(b), rendered into stack buffers.
func pyStrEqual(a, b any) bool {
	as, okA := a.(string)
	bs, okB := b.(string)
	if okA && okB {
		return as == bs
	}
	var ba, bb [64]byte
	return string(jsonv.AppendPyStr(ba[:0], a)) == string(jsonv.AppendPyStr(bb[:0], b))
}

// fieldAt is a's value of key k, the expected object's i-th key (a has at least i+1
// keys): objects of one shape usually list their keys in the same order, so the key at
// the same position is tried before a lookup.
func fieldAt(a *jsonv.Object, i int, k string) (any, bool) {
	if a.Keys[i] == k {
		return a.Values[i], true
	}
	return a.Get(k)
}

// matchTree is the container walk the evaluator's comparators share: objects need the
// identical key set and matching values, lists the same length and matching items in
// order; everything else (expected leaves) is decided by leaf.
func matchTree(actual, expected any, leaf func(actual, expected any) bool) bool {
	switch e := expected.(type) {
	case *jsonv.Object:
		a, ok := actual.(*jsonv.Object)
		if !ok || a.Len() != e.Len() {
			return false
		}
		// Keys are unique (both parsers keep a repeated key once), so equal sizes and every
		// expected key present mean identical key sets.
		for i, k := range e.Keys {
			av, ok := fieldAt(a, i, k)
			if !ok {
				return false
			}
			if !matchTree(av, e.Values[i], leaf) {
				return false
			}
		}
		return true
	case []any:
		a, ok := actual.([]any)
		if !ok || len(a) != len(e) {
			return false
		}
		for i := range e {
			if !matchTree(a[i], e[i], leaf) {
				return false
			}
		}
		return true
	}
	return leaf(actual, expected)
}

// structuredMatches is structured_argument_matches: identical key sets, ordered lists, and
// scalarMatches at the leaves.
func structuredMatches(actual, expected any) bool { return matchTree(actual, expected, scalarMatches) }

// strictMatches is strict_json_argument_matches: no coercion between JSON types; int 1 and
// float 1.0 are the same number; "*" is a wildcard.
func strictMatches(actual, expected any) bool { return matchTree(actual, expected, strictLeaf) }

func strictLeaf(actual, expected any) bool {
	switch e := expected.(type) {
	case string:
		if e == "*" {
			return true
		}
		a, ok := actual.(string)
		return ok && a == e
	case bool:
		a, ok := actual.(bool)
		return ok && a == e
	case int64, float64, jsonv.BigInt:
		switch actual.(type) {
		case int64, float64, jsonv.BigInt:
			ev, _ := numericValue(e)
			av, _ := numericValue(actual)
			return ev == av
		}
		return false
	case nil:
		return actual == nil
	}
	return false
}

// argsMatch is args_match: a non-object expectation matches anything; a non-object actual
// reads as {}; otherwise identical key sets and structuredMatches per value.
func argsMatch(actual, expected any) bool {
	e, ok := expected.(*jsonv.Object)
	if !ok {
		return true
	}
	a, ok := actual.(*jsonv.Object)
	if !ok {
		return e.Len() == 0
	}
	return structuredMatches(a, e)
}

// argPattern is an arguments pattern (argsMatch's expected) of a required read or an
// evidence rule, with what Prepare found of it: whether it is an object of plain strings
// (neither "*" nor number-like), as nearly all are, so that a string argument matches
// by equality alone rather than through matchTree and scalarMatches.
type argPattern struct {
	v     any
	plain *jsonv.Object // v, when it is such an object; else nil
}

func compileArgPattern(v any) argPattern {
	pt := argPattern{v: v}
	o, ok := v.(*jsonv.Object)
	if !ok {
		return pt
	}
	for _, x := range o.Values {
		if s, ok := x.(string); !ok || s == "*" || mayBeNumber(s) {
			return pt
		}
	}
	pt.plain = o
	return pt
}

// match is argsMatch(actual, pt.v).
func (pt *argPattern) match(actual any) bool {
	e := pt.plain
	if e == nil {
		return argsMatch(actual, pt.v)
	}
	a, ok := actual.(*jsonv.Object)
	if !ok {
		return e.Len() == 0
	}
	if a.Len() != e.Len() {
		return false
	}
	// matchTree's walk of an object (keys are unique), with scalarMatches of a string
	// against a plain string being equality.
	for i, k := range e.Keys {
		av, ok := fieldAt(a, i, k)
		if !ok {
			return false
		}
		if s, ok := av.(string); ok {
			if s != e.Values[i].(string) {
				return false
			}
		} else if !scalarMatches(av, e.Values[i]) {
			return false
		}
	}
	return true
}

// canonicalKey is "<tool>:"+json.dumps(args, sort_keys, compact, ensure_ascii=True).
func canonicalKey(tool string, args any) string {
	if args == nil {
		args = &jsonv.Object{}
	}
	buf := make([]byte, 0, len(tool)+64)
	buf = append(buf, tool...)
	buf = append(buf, ':')
	return string(jsonv.AppendCanonical(buf, args, true))
}

// appendKey appends "<tool>:"+canonical(args) to buf.
func appendKey(buf []byte, tool string, args any) []byte {
	if args == nil {
		args = &jsonv.Object{}
	}
	buf = append(buf[:0], tool...)
	buf = append(buf, ':')
	return jsonv.AppendCanonical(buf, args, true)
}

// multisetMatches compares two lists as unordered multisets of canonical JSON items.
func multisetMatches(actual, expected any) bool {
	a, ok1 := actual.([]any)
	e, ok2 := expected.([]any)
	if !ok1 || !ok2 || len(a) != len(e) {
		return false
	}
	if len(a) <= 64 && plainStrings(a) && plainStrings(e) {
		return sameStrings(a, e)
	}
	as := make([]string, len(a))
	es := make([]string, len(e))
	for i := range a {
		as[i] = string(jsonv.Canonical(a[i], true))
		es[i] = string(jsonv.Canonical(e[i], true))
	}
	slices.Sort(as)
	slices.Sort(es)
	for i := range as {
		if as[i] != es[i] {
			return false
		}
	}
	return true
}

// containsItem is Python's `item in list` (== semantics: 1 == 1.0, True == 1).
func containsItem(list []any, item any) bool {
	for _, x := range list {
		if pyEqual(x, item) {
			return true
		}
	}
	return false
}

// pyEqual is Python's == on decoded JSON values (numbers compare by value, bool is an int).
func pyEqual(a, b any) bool { return matchTree(a, b, pyLeaf) }

func pyLeaf(x, y any) bool {
	xn, xNum := pyNumber(x)
	yn, yNum := pyNumber(y)
	if xNum || yNum {
		return xNum && yNum && xn == yn
	}
	switch y := y.(type) {
	case string:
		x, ok := x.(string)
		return ok && x == y
	case nil:
		return x == nil
	}
	return false
}

func pyNumber(v any) (float64, bool) {
	switch x := v.(type) {
	case bool:
		if x {
			return 1, true
		}
		return 0, true
	case int64, float64, jsonv.BigInt:
		return numericValue(x)
	}
	return 0, false
}

// isPlaceholder reports an authoring placeholder: a string starting with "$".
func isPlaceholder(v any) bool {
	s, ok := v.(string)
	return ok && strings.HasPrefix(s, "$")
}

// containsPlaceholder reports a "$…" string at any depth.
func containsPlaceholder(v any) bool {
	switch x := v.(type) {
	case *jsonv.Object:
		for _, c := range x.Values {
			if containsPlaceholder(c) {
				return true
			}
		}
	case []any:
		for _, c := range x {
			if containsPlaceholder(c) {
				return true
			}
		}
	case string:
		return strings.HasPrefix(x, "$")
	}
	return false
}

// truthy is Python truthiness of a decoded JSON value.
func truthy(v any) bool {
	switch x := v.(type) {
	case nil:
		return false
	case bool:
		return x
	case int64:
		return x != 0
	case float64:
		return x != 0
	case jsonv.BigInt:
		return true
	case string:
		return x != ""
	case []any:
		return len(x) > 0
	case *jsonv.Object:
		return x.Len() > 0
	}
	return false
}

// repr renders a value for messages the way Python's !r would, closely enough to read.
func repr(v any) string {
	if s, ok := v.(string); ok {
		return "'" + s + "'"
	}
	return jsonv.PyStr(v)
}

// sameKeys reports whether two objects have the identical key set.
func sameKeys(a, b *jsonv.Object) bool {
	if a.Len() != b.Len() {
		return false
	}
	for _, k := range b.Keys {
		if !a.Has(k) {
			return false
		}
	}
	return true
}

// Lists of strings (receipts, summary facts) are compared by their canonical JSON, which
// for valid UTF-8 strings is one-to-one: such lists compare as the strings themselves,
// without encoding them.

// plainStrings reports whether every item of l is a valid UTF-8 string.
func plainStrings(l []any) bool {
	for _, x := range l {
		if s, ok := x.(string); !ok || !utf8.ValidString(s) {
			return false
		}
	}
	return true
}

// hasDupString reports whether two items of a plainStrings list are equal.
func hasDupString(l []any) bool {
	for i := range l {
		for j := range i {
			if l[i].(string) == l[j].(string) {
				return true
			}
		}
	}
	return false
}

// hasDupCanonical reports whether two items of l have the same canonical JSON. A list of
// plain strings compares as the strings themselves (plainStrings).
func hasDupCanonical(l []any) bool {
	if plainStrings(l) {
		return hasDupString(l)
	}
	seen := make(map[string]bool, len(l))
	for _, x := range l {
		k := string(jsonv.Canonical(x, true))
		if seen[k] {
			return true
		}
		seen[k] = true
	}
	return false
}

// sameStrings reports whether two plainStrings lists of equal length (at most 64) hold
// the same strings as multisets.
func sameStrings(a, e []any) bool {
	var used uint64
next:
	for _, x := range a {
		for j, y := range e {
			if used&(1<<uint(j)) == 0 && x.(string) == y.(string) {
				used |= 1 << uint(j)
				continue next
			}
		}
		return false
	}
	return true
}
