package ingest

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// episodeFields are the top-level fields of sabench.episode/v1, in the order the writers
// emit them. Any other top-level field goes to Episode.Extra.
var episodeFields = [...]string{
	"schema", "run_id", "config", "model", "harness", "case_id", "repeat", "condition",
	"status", "failure_class", "record", "official", "usage", "extra",
}

func isEpisodeField(k string) bool {
	for _, f := range episodeFields {
		if f == k {
			return true
		}
	}
	return false
}

// ValidStatus reports whether s is one of the four episode statuses.
func ValidStatus(s string) bool {
	switch s {
	case StatusCompleted, StatusInfraFailure, StatusHarnessFailure, StatusCensored:
		return true
	}
	return false
}

// SplitConfig splits a configuration name "model/harness" at its last slash (a model
// name may itself contain slashes, as in "openai/gpt-5/codex"; harness names do not). A
// name without a slash is all model.
func SplitConfig(config string) (model, harness string) {
	i := strings.LastIndexByte(config, '/')
	if i < 0 {
		return config, ""
	}
	return config[:i], config[i+1:]
}

// DeriveRunID is the run id of an episode that names none: its key, joined with "|"
// (a character that no config, case id or condition in the release uses).
func DeriveRunID(k Key) string {
	return k.Config + "|" + k.CaseID + "|" + strconv.Itoa(k.Repeat) + "|" + k.Condition
}

// Defects that strict reading refuses and lenient reading lets through, marked on the
// episode (Episode.Defect) so that scoring excludes it by that reason.
const (
	DefectNoSchema     = "no_schema"     // no "schema" field
	DefectNoRecord     = "no_record"     // a completed episode without a record
	DefectUnknownField = "unknown_field" // a top-level field the format does not define, not under "extra"
)

// DecodeEpisode turns one decoded episode object into an Episode, applying the format's
// defaults (condition "main", status "completed", run id from the key, model and
// harness from the config). Every defect is returned as a Problem located at file:line;
// the episode is nil when any problem was found. It is strict: a missing schema, a
// completed episode without a record and an unknown top-level field (own fields belong
// under "extra") are problems; see DecodeEpisodeLenient.
func DecodeEpisode(o *jsonv.Object, file string, line int) (*Episode, []Problem) {
	return decodeEpisode(o, file, line, false)
}

// DecodeEpisodeLenient is DecodeEpisode that accepts the defects listed by the Defect*
// constants: the episode is returned with Defect set to the first of them (unknown
// top-level fields are kept in Extra), and scoring excludes it by that reason.
func DecodeEpisodeLenient(o *jsonv.Object, file string, line int) (*Episode, []Problem) {
	return decodeEpisode(o, file, line, true)
}

func decodeEpisode(o *jsonv.Object, file string, line int, lenient bool) (*Episode, []Problem) {
	var probs []Problem
	bad := func(field, format string, a ...any) {
		probs = append(probs, Problem{File: file, Line: line, Field: field, Msg: fmt.Sprintf(format, a...)})
	}
	e := &Episode{Source: file, Line: line}
	defect := func(kind, field, format string, a ...any) {
		if !lenient {
			bad(field, format, a...)
		} else if e.Defect == "" {
			e.Defect = kind
		}
	}

	optString := func(k string) (string, bool) {
		v, ok := o.Get(k)
		if !ok || v == nil {
			return "", false
		}
		s, isStr := v.(string)
		if !isStr {
			bad(k, "must be a string, got %s", TypeName(v))
			return "", false
		}
		return s, true
	}
	reqString := func(k string) string {
		v, ok := o.Get(k)
		if !ok || v == nil {
			bad(k, "required field is missing")
			return ""
		}
		s, isStr := v.(string)
		if !isStr {
			bad(k, "must be a string, got %s", TypeName(v))
			return ""
		}
		if strings.TrimSpace(s) == "" {
			bad(k, "must not be empty")
		} else if strings.TrimSpace(s) != s {
			// Rejected rather than trimmed: "a/b " would otherwise be a configuration of
			// its own, and trimming would make convert lossy.
			bad(k, "has leading or trailing white space: %q", s)
		}
		return s
	}
	optObject := func(k string) *jsonv.Object {
		v, ok := o.Get(k)
		if !ok || v == nil {
			return nil
		}
		m, isObj := v.(*jsonv.Object)
		if !isObj {
			bad(k, "must be an object or null, got %s", TypeName(v))
			return nil
		}
		return m
	}

	if s, ok := optString("schema"); ok && s != EpisodeSchema {
		bad("schema", "unsupported schema %q (want %q)", s, EpisodeSchema)
	} else if v, has := o.Get("schema"); !has || v == nil {
		defect(DefectNoSchema, "schema", "required field is missing (want %q)", EpisodeSchema)
	}
	e.Config = reqString("config")
	if m, h := SplitConfig(e.Config); strings.Contains(e.Config, "/") && (strings.TrimSpace(m) == "" || strings.TrimSpace(h) == "") {
		bad("config", "malformed configuration %q (want MODEL/HARNESS, both non-empty, or a name without a slash)", e.Config)
	}
	e.CaseID = reqString("case_id")
	if e.CaseID != "" {
		if base, variant := SplitVariant(e.CaseID); base == "" || strings.Contains(e.CaseID, "@") && variant == "" {
			bad("case_id", "malformed case id %q (want BASE or BASE@variant)", e.CaseID)
		}
	}
	switch v, ok := o.Get("repeat"); {
	case !ok || v == nil:
		bad("repeat", "required field is missing")
	default:
		n, isInt := v.(int64)
		_, isBig := v.(jsonv.BigInt)
		switch {
		case isBig:
			bad("repeat", "out of range: %v", v)
		case !isInt:
			bad("repeat", "must be an integer, got %s", TypeName(v))
		case n < 0:
			bad("repeat", "must be >= 0, got %d", n)
		case n > math.MaxInt32:
			bad("repeat", "out of range: %d (at most %d)", n, math.MaxInt32)
		default:
			e.Repeat = int(n)
		}
	}
	e.Condition = DefaultCondition
	if s, ok := optString("condition"); ok {
		if strings.TrimSpace(s) == "" {
			bad("condition", "must not be empty (omit it for %q)", DefaultCondition)
		}
		e.Condition = s
	}
	e.Status = StatusCompleted
	if s, ok := optString("status"); ok {
		if !ValidStatus(s) {
			bad("status", "unknown status %q (want completed, infra_failure, harness_failure or censored)", s)
		}
		e.Status = s
	}
	if v, ok := o.Get("failure_class"); ok && v != nil {
		if _, isStr := v.(string); !isStr {
			bad("failure_class", "must be a string or null, got %s", TypeName(v))
		} else {
			e.FailureClass = v
		}
	}
	e.Model, e.Harness = SplitConfig(e.Config)
	if s, ok := optString("model"); ok {
		e.Model = s
	}
	if s, ok := optString("harness"); ok {
		e.Harness = s
	}
	e.Record = optObject("record")
	if rv, has := o.Get("record"); (!has || rv == nil) && e.Status == StatusCompleted {
		defect(DefectNoRecord, "record", "a completed episode needs a record (null or missing)")
	}
	e.Official = optObject("official")
	e.Usage = optObject("usage")
	if e.Usage != nil {
		for i, k := range e.Usage.Keys {
			switch v := e.Usage.Values[i].(type) {
			case nil, int64, float64, jsonv.BigInt:
			default:
				bad("usage."+k, "must be a number or null, got %s", TypeName(v))
			}
		}
	}
	if s, ok := optString("run_id"); ok {
		if s == "" {
			bad("run_id", "must not be empty (omit it to derive one from the key)")
		}
		e.RunID = s
	} else {
		e.RunID = DeriveRunID(e.Key())
	}
	if x := optObject("extra"); x != nil {
		e.Extra = x
	}
	for i, k := range o.Keys {
		if isEpisodeField(k) {
			continue
		}
		defect(DefectUnknownField, k, "unknown top-level field (fields of your own belong under \"extra\")")
		if e.Extra == nil {
			e.Extra = &jsonv.Object{}
		}
		if _, clash := e.Extra.Get(k); clash {
			bad(k, "is both a top-level field and a field under \"extra\"")
			continue
		}
		e.Extra.Set(k, o.Values[i])
	}
	if len(probs) > 0 {
		return nil, probs
	}
	return e, nil
}

// Object returns the episode as a sabench.episode/v1 object: the defined fields in the
// documented order (record and failure_class always, official, usage and extra when
// set). Values are shared with the episode, not copied.
func (e *Episode) Object() *jsonv.Object {
	o := &jsonv.Object{
		Keys:   make([]string, 0, len(episodeFields)+e.Extra.Len()),
		Values: make([]any, 0, len(episodeFields)+e.Extra.Len()),
	}
	add := func(k string, v any) {
		o.Keys = append(o.Keys, k)
		o.Values = append(o.Values, v)
	}
	add("schema", EpisodeSchema)
	add("run_id", e.RunID)
	add("config", e.Config)
	add("model", e.Model)
	add("harness", e.Harness)
	add("case_id", e.CaseID)
	add("repeat", int64(e.Repeat))
	add("condition", e.Condition)
	add("status", e.Status)
	add("failure_class", e.FailureClass)
	if e.Record != nil {
		add("record", e.Record)
	} else {
		add("record", nil)
	}
	if e.Official != nil {
		add("official", e.Official)
	}
	if e.Usage != nil {
		add("usage", e.Usage)
	}
	if e.Extra.Len() > 0 {
		add("extra", e.Extra)
	}
	return o
}

// AppendEpisodeJSON appends the episode as one compact JSON object (no newline).
func AppendEpisodeJSON(dst []byte, e *Episode) []byte {
	return jsonv.AppendJSON(dst, e.Object())
}

// TypeName names a decoded JSON value's type for messages.
func TypeName(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "a boolean"
	case int64, jsonv.BigInt:
		return "an integer"
	case float64:
		return "a number"
	case string:
		return "a string"
	case []any:
		return "an array"
	case *jsonv.Object:
		return "an object"
	}
	return fmt.Sprintf("%T", v)
}
