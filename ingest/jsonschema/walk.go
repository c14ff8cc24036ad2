package jsonschema

import (
	"fmt"
	"regexp"
	"sync"
	"unicode/utf8"

	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// Validate checks x against schema and returns its failures in the dialect's order, with
// paths under path (properties as path.name, items as path[i]).
func (d *Dialect) Validate(schema, x any, path string) []Error {
	w := walker{d: d}
	w.walk(schema, x, path)
	return w.errs
}

// Valid reports whether x satisfies schema (Validate returns nothing), without wording
// the failures.
func (d *Dialect) Valid(schema, x any) bool {
	w := walker{d: d, quiet: true}
	w.walk(schema, x, "")
	return w.n == 0
}

type walker struct {
	d     *Dialect
	quiet bool // count failures only (the alternatives of not/anyOf/oneOf), stop at the first
	n     int
	errs  []Error
}

func (w *walker) fail(path string, f Failure) {
	w.n++
	if !w.quiet {
		w.errs = append(w.errs, Error{Path: path, Msg: w.d.Message(f)})
	}
}

func (w *walker) walk(schema, x any, path string) {
	s, ok := schema.(*jsonv.Object)
	if !ok {
		if w.d.Strict {
			w.fail(path, Failure{Keyword: KwSchema, Arg: schema, Value: x})
		}
		return
	}
	for _, kw := range w.d.Keywords {
		if w.quiet && w.n > 0 {
			return
		}
		if !w.check(kw, s, x, path) {
			return
		}
	}
}

// check applies one keyword of s to x; false stops the checks of s (a failed "type").
func (w *walker) check(kw Keyword, s *jsonv.Object, x any, path string) bool {
	d := w.d
	switch kw {
	case KwType:
		if t, ok := s.Get("type"); ok && !d.typeMatches(t, x) {
			w.fail(path, Failure{Keyword: kw, Arg: t, Value: x})
			return false
		}
	case KwConst:
		if c, ok := s.Get("const"); ok && !d.ConstEqual(x, c) {
			w.fail(path, Failure{Keyword: kw, Arg: c, Value: x})
		}
	case KwEnum:
		e, ok := s.Get("enum")
		list, isList := e.([]any)
		if !ok || !isList && !d.Strict {
			break
		}
		for _, v := range list {
			if d.EnumEqual(x, v) {
				return true
			}
		}
		w.fail(path, Failure{Keyword: kw, Arg: e, Value: x})
	case KwRequired, KwAdditionalProperties, KwProperties:
		if o, ok := x.(*jsonv.Object); ok && d.applies(s, "object") {
			w.object(kw, s, o, path)
		}
	case KwMinItems, KwMaxItems, KwUniqueItems, KwItems:
		if a, ok := x.([]any); ok && d.applies(s, "array") {
			w.array(kw, s, a, path)
		}
	case KwMinLength:
		str, isStr := x.(string)
		if n, raw, ok := count(s, "minLength"); ok && isStr && float64(utf8.RuneCountInString(str)) < n {
			w.fail(path, Failure{Keyword: kw, Arg: raw, Value: x})
		}
	case KwPattern:
		str, isStr := x.(string)
		if pat, ok := s.String("pattern"); ok && isStr {
			re := compilePattern(pat)
			if re == nil && d.Strict || re != nil && !re.MatchString(str) {
				w.fail(path, Failure{Keyword: kw, Arg: pat, Value: x})
			}
		}
	case KwMinimum, KwMaximum:
		name := "minimum"
		if kw == KwMaximum {
			name = "maximum"
		}
		n, isNum := number(x)
		m, ok := s.Get(name)
		lim, limNum := number(m)
		if isNum && ok && limNum && (kw == KwMinimum && n < lim || kw == KwMaximum && n > lim) {
			w.fail(path, Failure{Keyword: kw, Arg: m, Value: x})
		}
	case KwNot:
		if n, ok := s.Obj("not"); ok && d.Valid(n, x) {
			w.fail(path, Failure{Keyword: kw, Arg: n, Value: x})
		}
	case KwAllOf:
		subs, _ := s.List("allOf")
		for _, sub := range subs {
			w.walk(sub, x, path)
		}
	case KwAnyOf, KwOneOf:
		name := "anyOf"
		if kw == KwOneOf {
			name = "oneOf"
		}
		subs, ok := s.List(name)
		if !ok {
			break
		}
		matched := 0
		for _, sub := range subs {
			// An alternative that is not a schema object matches nothing, in every dialect.
			if so, isObj := sub.(*jsonv.Object); isObj && d.Valid(so, x) {
				matched++
				if kw == KwAnyOf {
					break
				}
			}
		}
		if kw == KwAnyOf && matched == 0 || kw == KwOneOf && matched != 1 {
			w.fail(path, Failure{Keyword: kw, Arg: subs, Value: x, Matched: matched})
		}
	}
	return true
}

func (w *walker) object(kw Keyword, s, o *jsonv.Object, path string) {
	switch kw {
	case KwRequired:
		req, _ := s.List("required")
		for _, r := range req {
			if k, ok := r.(string); ok && !o.Has(k) {
				w.fail(joinPath(path, k), Failure{Keyword: kw, Arg: k, Value: o})
			}
		}
	case KwAdditionalProperties:
		if ap, _ := s.Get("additionalProperties"); ap == false {
			props, _ := s.Obj("properties")
			for _, k := range o.Keys {
				if !props.Has(k) {
					w.fail(joinPath(path, k), Failure{Keyword: kw, Arg: k, Value: o})
				}
			}
		}
	case KwProperties:
		props, ok := s.Obj("properties")
		if !ok {
			return
		}
		// A property schema that is not an object is skipped, in every dialect.
		if w.d.InstanceOrder {
			for i, k := range o.Keys {
				if ps, ok := props.Obj(k); ok {
					w.walk(ps, o.Values[i], joinPath(path, k))
				}
			}
			return
		}
		for i, k := range props.Keys {
			ps, isObj := props.Values[i].(*jsonv.Object)
			if v, present := o.Get(k); isObj && present {
				w.walk(ps, v, joinPath(path, k))
			}
		}
	}
}

func (w *walker) array(kw Keyword, s *jsonv.Object, a []any, path string) {
	switch kw {
	case KwMinItems:
		if n, raw, ok := count(s, "minItems"); ok && float64(len(a)) < n {
			w.fail(path, Failure{Keyword: kw, Arg: raw, Value: a})
		}
	case KwMaxItems:
		if n, raw, ok := count(s, "maxItems"); ok && float64(len(a)) > n {
			w.fail(path, Failure{Keyword: kw, Arg: raw, Value: a})
		}
	case KwUniqueItems:
		if u, _ := s.Get("uniqueItems"); u == true && !w.d.unique(a) {
			w.fail(path, Failure{Keyword: kw, Arg: u, Value: a})
		}
	case KwItems:
		if items, ok := s.Obj("items"); ok {
			for i, e := range a {
				w.walk(items, e, fmt.Sprintf("%s[%d]", path, i))
			}
		}
	}
}

// applies reports whether the object or array keywords apply under s (see TypeGates).
func (d *Dialect) applies(s *jsonv.Object, typ string) bool {
	if !d.TypeGates {
		return true
	}
	t, _ := s.String("type")
	return t == typ
}

func (d *Dialect) unique(a []any) bool {
	for i := range a {
		for j := i + 1; j < len(a); j++ {
			if d.EnumEqual(a[i], a[j]) {
				return false
			}
		}
	}
	return true
}

// typeMatches implements "type": a name, or (TypeLists) a list of names. An unknown name,
// or a value that is neither, does not constrain.
func (d *Dialect) typeMatches(t, x any) bool {
	if l, ok := t.([]any); ok {
		if !d.TypeLists {
			return true
		}
		for _, e := range l {
			if d.typeMatches(e, x) {
				return true
			}
		}
		return false
	}
	name, _ := t.(string)
	switch name {
	case "object":
		_, ok := x.(*jsonv.Object)
		return ok
	case "array":
		_, ok := x.([]any)
		return ok
	case "string":
		_, ok := x.(string)
		return ok
	case "boolean":
		_, ok := x.(bool)
		return ok
	case "null":
		return x == nil
	case "integer":
		switch n := x.(type) {
		case int64, jsonv.BigInt:
			return true
		case float64:
			return d.IntegerFloats && n == float64(int64(n))
		}
		return false
	case "number":
		_, ok := number(x)
		return ok
	}
	return true
}

func joinPath(path, k string) string {
	if path == "" {
		return k
	}
	return path + "." + k
}

// number is a JSON number's value (never a boolean or a string).
func number(x any) (float64, bool) {
	switch n := x.(type) {
	case int64:
		return float64(n), true
	case float64:
		return n, true
	case jsonv.BigInt:
		return jsonv.PyFloat(string(n))
	}
	return 0, false
}

// count reads a non-negative-integer keyword (minLength, minItems, maxItems): an integer
// literal, else the keyword is ignored. It returns the value, the raw value and presence.
func count(s *jsonv.Object, k string) (float64, any, bool) {
	v, ok := s.Get(k)
	switch v.(type) {
	case int64, jsonv.BigInt:
		n, _ := number(v)
		return n, v, ok
	}
	return 0, nil, false
}

var patternCache sync.Map // pattern -> *regexp.Regexp (nil when Go cannot compile it)

func compilePattern(p string) *regexp.Regexp {
	if re, ok := patternCache.Load(p); ok {
		re, _ := re.(*regexp.Regexp)
		return re
	}
	re, err := regexp.Compile(p)
	if err != nil {
		re = nil
	}
	patternCache.Store(p, re)
	return re
}
