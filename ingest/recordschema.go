package ingest

import (
	"embed"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// The agent-output schemas of the real release (CC BY 4.0, see schemas/README.md).
//
//go:embed schemas/*.schema.json
var schemaFS embed.FS

// recordSchemaFile names the schema of each protocol's execution record.
var recordSchemaFile = [NumProtocols]string{
	Legacy: "agent_decision",
	V0:     "no_action_execution_record",
	V1:     "state_action_execution_record",
	V2:     "linear_workflow_execution_record",
	V3:     "multi_step_execution_record",
}

var (
	schemaOnce  sync.Once
	schemaByKey map[string]*jsonv.Object
	schemaErr   error
)

func loadSchemas() {
	schemaByKey = map[string]*jsonv.Object{}
	for _, name := range recordSchemaFile {
		data, err := schemaFS.ReadFile("schemas/" + name + ".schema.json")
		if err == nil {
			schemaByKey[name], err = jsonv.ParseObject(data)
		}
		if err != nil {
			schemaErr = fmt.Errorf("embedded schema %s: %w", name, err)
			return
		}
	}
}

// CheckRecord checks an episode's record against the schema of its kind: an
// agent_decision for Legacy cases and for static judgments, else the execution record
// of the case's protocol. A nil record is not checked (the oracle scores it as a
// failure). Problems are located at the episode's file and line, with the field path
// under "record".
func CheckRecord(e *Episode, p Protocol) []Problem {
	if e.Record == nil {
		return nil
	}
	schemaOnce.Do(loadSchemas)
	if schemaErr != nil {
		return []Problem{{File: e.Source, Line: e.Line, Field: "record", Msg: schemaErr.Error()}}
	}
	name := recordSchemaFile[V1]
	if int(p) < NumProtocols {
		name = recordSchemaFile[p]
	}
	if p != Legacy && e.IsStatic() {
		name = recordSchemaFile[Legacy]
	}
	v := schemaValidator{file: e.Source, line: e.Line, schema: name}
	v.check(schemaByKey[name], e.Record, "record")
	return v.probs
}

// schemaValidator checks a value against the subset of JSON Schema (draft 2020-12)
// that the release's record schemas use: type, const, enum, required, properties,
// items, minLength, minItems, minimum, maximum, pattern, and not/anyOf/allOf/oneOf.
// Unknown keywords are ignored; additionalProperties is true in every schema used.
type schemaValidator struct {
	file   string
	line   int
	schema string
	probs  []Problem
}

func (v *schemaValidator) fail(path, format string, a ...any) {
	v.probs = append(v.probs, Problem{File: v.file, Line: v.line, Field: path,
		Msg: fmt.Sprintf(format, a...) + " (" + v.schema + " schema)"})
}

// check validates x against s and reports problems under path.
func (v *schemaValidator) check(s *jsonv.Object, x any, path string) {
	if s == nil {
		return
	}
	if t, ok := s.Get("type"); ok && !typeMatches(t, x) {
		v.fail(path, "must be %s, got %s", typeWord(t), typeName(x))
		return
	}
	if c, ok := s.Get("const"); ok && !schemaEqual(c, x) {
		v.fail(path, "must be %s, got %s", jsonv.Canonical(c, false), jsonv.Canonical(x, false))
	}
	if e, ok := s.List("enum"); ok {
		found := false
		for _, w := range e {
			if schemaEqual(w, x) {
				found = true
				break
			}
		}
		if !found {
			v.fail(path, "must be one of %s, got %s", jsonv.Canonical(e, false), jsonv.Canonical(x, false))
		}
	}
	if str, ok := x.(string); ok {
		if n, ok := intKeyword(s, "minLength"); ok && int64(utf8.RuneCountInString(str)) < n {
			v.fail(path, "must have at least %d characters", n)
		}
		if pat, ok := s.String("pattern"); ok {
			if re := compilePattern(pat); re != nil && !re.MatchString(str) {
				v.fail(path, "%q does not match %s", str, pat)
			}
		}
	}
	if num, ok := number(x); ok {
		if m, ok := s.Get("minimum"); ok {
			if lim, isNum := number(m); isNum && num < lim {
				v.fail(path, "must be >= %s", jsonv.PyStr(m))
			}
		}
		if m, ok := s.Get("maximum"); ok {
			if lim, isNum := number(m); isNum && num > lim {
				v.fail(path, "must be <= %s", jsonv.PyStr(m))
			}
		}
	}
	if o, ok := x.(*jsonv.Object); ok {
		req, _ := s.List("required")
		for _, r := range req {
			if k, isStr := r.(string); isStr && !o.Has(k) {
				v.fail(joinPath(path, k), "required field is missing")
			}
		}
		if props, ok := s.Obj("properties"); ok {
			for i, k := range props.Keys {
				if val, present := o.Get(k); present {
					ps, _ := props.Values[i].(*jsonv.Object)
					v.check(ps, val, joinPath(path, k))
				}
			}
		}
	}
	if a, ok := x.([]any); ok {
		if n, ok := intKeyword(s, "minItems"); ok && int64(len(a)) < n {
			v.fail(path, "must have at least %d items", n)
		}
		if items, ok := s.Obj("items"); ok {
			for i, e := range a {
				v.check(items, e, fmt.Sprintf("%s[%d]", path, i))
			}
		}
	}
	if n, ok := s.Obj("not"); ok && v.matches(n, x) {
		v.fail(path, "must not match %s", describeNot(n))
	}
	if subs, ok := s.List("allOf"); ok {
		for _, sub := range subs {
			so, _ := sub.(*jsonv.Object)
			v.check(so, x, path)
		}
	}
	if subs, ok := s.List("anyOf"); ok && !v.countMatches(subs, x, 1) {
		v.fail(path, "matches none of the anyOf alternatives")
	}
	if subs, ok := s.List("oneOf"); ok && v.exactMatches(subs, x) != 1 {
		v.fail(path, "must match exactly one oneOf alternative")
	}
}

// matches reports whether x is valid against s, without reporting.
func (v *schemaValidator) matches(s *jsonv.Object, x any) bool {
	sub := schemaValidator{file: v.file, line: v.line, schema: v.schema}
	sub.check(s, x, "")
	return len(sub.probs) == 0
}

func (v *schemaValidator) countMatches(subs []any, x any, atLeast int) bool {
	return v.exactMatches(subs, x) >= atLeast
}

func (v *schemaValidator) exactMatches(subs []any, x any) int {
	n := 0
	for _, sub := range subs {
		if so, ok := sub.(*jsonv.Object); ok && v.matches(so, x) {
			n++
		}
	}
	return n
}

// describeNot renders the agent_decision's forbidden-field rule readably.
func describeNot(n *jsonv.Object) string {
	var names []string
	alts, _ := n.List("anyOf")
	for _, a := range alts {
		ao, _ := a.(*jsonv.Object)
		req, _ := ao.List("required")
		for _, r := range req {
			if s, ok := r.(string); ok {
				names = append(names, s)
			}
		}
	}
	if len(names) > 0 {
		sort.Strings(names)
		return "a forbidden field (" + strings.Join(names, ", ") + ")"
	}
	return string(jsonv.Canonical(n, false))
}

// schemaEqual is JSON Schema equality: numbers compare by value (1 equals 1.0), booleans
// only equal booleans, everything else as jsonv.Equal.
func schemaEqual(a, b any) bool {
	if x, ok := number(a); ok {
		y, ok := number(b)
		return ok && x == y
	}
	return jsonv.Equal(a, b)
}

func joinPath(path, k string) string {
	if path == "" {
		return k
	}
	return path + "." + k
}

func intKeyword(s *jsonv.Object, k string) (int64, bool) {
	v, ok := s.Get(k)
	n, isInt := v.(int64)
	return n, ok && isInt
}

func number(x any) (float64, bool) {
	switch n := x.(type) {
	case int64:
		return float64(n), true
	case float64:
		return n, true
	}
	return 0, false
}

// typeMatches implements "type" (a name or a list of names). As in JSON Schema, an
// integer-valued float (1.0) is an "integer".
func typeMatches(t any, x any) bool {
	if l, ok := t.([]any); ok {
		for _, e := range l {
			if typeMatches(e, x) {
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
			return n == float64(int64(n))
		}
		return false
	case "number":
		switch x.(type) {
		case int64, jsonv.BigInt, float64:
			return true
		}
		return false
	}
	return true
}

func typeWord(t any) string {
	if l, ok := t.([]any); ok {
		var w []string
		for _, e := range l {
			w = append(w, typeWord(e))
		}
		return strings.Join(w, " or ")
	}
	switch s, _ := t.(string); s {
	case "object", "array", "integer":
		return "an " + s
	default:
		return "a " + s
	}
}

var patternCache sync.Map // pattern -> *regexp.Regexp (nil when Go cannot compile it)

func compilePattern(p string) *regexp.Regexp {
	if re, ok := patternCache.Load(p); ok {
		return re.(*regexp.Regexp)
	}
	re, err := regexp.Compile(p)
	if err != nil {
		re = nil
	}
	patternCache.Store(p, re)
	return re
}
