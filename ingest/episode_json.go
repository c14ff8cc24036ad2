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

// episodeField is the index of k in episodeFields, or -1: a switch, since decoding an
// episode looks up every top-level key.
func episodeField(k string) int {
	switch k {
	case "schema":
		return 0
	case "run_id":
		return 1
	case "config":
		return 2
	case "model":
		return 3
	case "harness":
		return 4
	case "case_id":
		return 5
	case "repeat":
		return 6
	case "condition":
		return 7
	case "status":
		return 8
	case "failure_class":
		return 9
	case "record":
		return 10
	case "official":
		return 11
	case "usage":
		return 12
	case "extra":
		return 13
	}
	return -1
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

// ConfigProblem says what makes config a name an episode cannot carry, or "": empty,
// white space at an end (which would make "a/b " a configuration of its own), or a
// "/" with an empty model or harness around its last one. The episode reader refuses
// such a name, and ingest its --config, so that it writes no episode it cannot read.
func ConfigProblem(config string) string {
	switch m, h := SplitConfig(config); {
	case strings.TrimSpace(config) == "":
		return "must not be empty"
	case strings.TrimSpace(config) != config:
		return fmt.Sprintf("has leading or trailing white space: %q", config)
	case strings.Contains(config, "/") && (strings.TrimSpace(m) == "" || strings.TrimSpace(h) == ""):
		return fmt.Sprintf("malformed configuration %q (want MODEL/HARNESS, both non-empty, or a name without a slash)", config)
	}
	return ""
}

// DeriveRunID is the run id of an episode that names none: its key, joined with "|".
// A configuration, case id or condition may hold "|" ("o1-mini | tools"), so within a
// part a "|" or a backslash is escaped with a backslash: two keys then never join to
// one id (which refused the second episode as a duplicate run id), and keys without
// either keep their id.
func DeriveRunID(k Key) string {
	return runIDPart(k.Config) + "|" + runIDPart(k.CaseID) + "|" + strconv.Itoa(k.Repeat) + "|" + runIDPart(k.Condition)
}

var runIDEscaper = strings.NewReplacer(`\`, `\\`, "|", `\|`)

func runIDPart(s string) string {
	if !strings.ContainsAny(s, `|\`) {
		return s
	}
	return runIDEscaper.Replace(s)
}

// Defects that strict reading refuses and lenient reading lets through, marked on the
// episode (Episode.Defect) so that scoring excludes it by that reason.
const (
	DefectNoSchema     = "no_schema"     // no "schema" field
	DefectNoRecord     = "no_record"     // a completed episode without a record
	DefectUnknownField = "unknown_field" // a top-level field the format does not define, not under "extra"
)

// defectMeanings say what each defect is, in the words of the outputs that count the
// episodes excluded by it.
var defectMeanings = map[string]string{
	DefectNoSchema:     "no schema field",
	DefectNoRecord:     "a completed episode without a record",
	DefectUnknownField: "a top-level field the format does not define",
}

// DefectMeaning says what the exclusion reason means when it is a defect (Defect*
// constants), and whether it is one.
func DefectMeaning(reason string) (string, bool) {
	m, ok := defectMeanings[reason]
	return m, ok
}

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
	blk := &episodeBlock{e: Episode{Source: file, Line: line}}
	d := &episodeDecoder{o: o, file: file, line: line, lenient: lenient, e: &blk.e, blk: blk}
	// One pass over the keys instead of a scan of them per field; the first of a
	// repeated key wins, as with Get.
	for i, k := range o.Keys {
		if j := episodeField(k); j >= 0 && d.has&(1<<j) == 0 {
			d.vals[j], d.has = o.Values[i], d.has|1<<j
		}
	}
	// The parts in the order their problems are reported.
	d.identity()
	d.labels()
	d.payload()
	d.runID()
	d.extra()
	if len(d.probs) > 0 {
		return nil, d.probs
	}
	return d.e, nil
}

// episodeDecoder decodes one episode object into e, collecting every problem.
type episodeDecoder struct {
	o       *jsonv.Object
	file    string
	line    int
	lenient bool
	e       *Episode
	blk     *episodeBlock
	probs   []Problem

	// The values of the defined fields, by their index in episodeFields, and which are
	// present.
	vals [len(episodeFields)]any
	has  uint16
}

// episodeBlock holds a decoded episode with its record and usage: one allocation
// instead of three per episode, all three living as long as the episode.
type episodeBlock struct {
	e Episode
	r Record
	u Usage
}

// get returns the defined top-level field k and whether it is present.
func (d *episodeDecoder) get(k string) (any, bool) {
	j := episodeField(k)
	return d.vals[j], d.has&(1<<j) != 0
}

func (d *episodeDecoder) bad(field, format string, a ...any) {
	d.probs = append(d.probs, Problem{File: d.file, Line: d.line, Field: field, Msg: fmt.Sprintf(format, a...)})
}

// defect is a problem for the strict decoder; the lenient one marks the episode with the
// first defect's kind instead.
func (d *episodeDecoder) defect(kind, field, format string, a ...any) {
	if !d.lenient {
		d.bad(field, format, a...)
	} else if d.e.Defect == "" {
		d.e.Defect = kind
	}
}

func (d *episodeDecoder) optString(k string) (string, bool) {
	v, ok := d.get(k)
	if !ok || v == nil {
		return "", false
	}
	s, isStr := v.(string)
	if !isStr {
		d.bad(k, "must be a string, got %s", TypeName(v))
		return "", false
	}
	return s, true
}

func (d *episodeDecoder) reqString(k string) string {
	v, ok := d.get(k)
	if !ok || v == nil {
		d.bad(k, "required field is missing")
		return ""
	}
	s, isStr := v.(string)
	if !isStr {
		d.bad(k, "must be a string, got %s", TypeName(v))
		return ""
	}
	if strings.TrimSpace(s) == "" {
		d.bad(k, "must not be empty")
	} else if strings.TrimSpace(s) != s {
		// Rejected rather than trimmed: "a/b " would otherwise be a configuration of
		// its own, and trimming would make convert lossy.
		d.bad(k, "has leading or trailing white space: %q", s)
	}
	return s
}

func (d *episodeDecoder) optObject(k string) *jsonv.Object {
	v, ok := d.get(k)
	if !ok || v == nil {
		return nil
	}
	m, isObj := v.(*jsonv.Object)
	if !isObj {
		if s, isStr := v.(string); isStr && strings.HasPrefix(strings.TrimSpace(s), "{") {
			// A column of objects a dataframe wrote as JSON text.
			d.bad(k, "must be an object or null, got a string holding JSON (the object encoded twice?)")
			return nil
		}
		d.bad(k, "must be an object or null, got %s", TypeName(v))
		return nil
	}
	return m
}

// identity decodes the schema and the episode's key: config, case id and repeat.
func (d *episodeDecoder) identity() {
	e := d.e
	if s, ok := d.optString("schema"); ok && s != EpisodeSchema {
		d.bad("schema", "unsupported schema %q (want %q)", s, EpisodeSchema)
	} else if v, has := d.get("schema"); !has || v == nil {
		d.defect(DefectNoSchema, "schema", "required field is missing (want %q)", EpisodeSchema)
	}
	e.Config = d.reqString("config") // empty and white space at an end are its problems
	if p := ConfigProblem(e.Config); strings.HasPrefix(p, "malformed") {
		d.bad("config", "%s", p)
	}
	e.CaseID = d.reqString("case_id")
	if e.CaseID != "" {
		if base, variant := SplitVariant(e.CaseID); base == "" || strings.Contains(e.CaseID, "@") && variant == "" {
			d.bad("case_id", "malformed case id %q (want BASE or BASE@variant)", e.CaseID)
		}
	}
	switch v, ok := d.get("repeat"); {
	case !ok || v == nil:
		d.bad("repeat", "required field is missing")
	default:
		n, isInt := v.(int64)
		_, isBig := v.(jsonv.BigInt)
		switch {
		case isBig:
			d.bad("repeat", "out of range: %v", v)
		case !isInt:
			if f, isFloat := v.(float64); isFloat {
				// "got a number" for 1.0 read as a contradiction; say it is a float.
				d.bad("repeat", "must be an integer, got the float %s (written with a decimal point or an exponent)", floatRepr(f))
			} else {
				d.bad("repeat", "must be an integer, got %s", TypeName(v))
			}
		case n < 0:
			d.bad("repeat", "must be >= 0, got %d", n)
		case n > math.MaxInt32:
			d.bad("repeat", "out of range: %d (at most %d)", n, math.MaxInt32)
		default:
			e.Repeat = int(n)
		}
	}
}

// labels decodes condition, status, failure class, model and harness, with their defaults.
func (d *episodeDecoder) labels() {
	e := d.e
	e.Condition = DefaultCondition
	if s, ok := d.optString("condition"); ok {
		if strings.TrimSpace(s) == "" {
			d.bad("condition", "must not be empty (omit it for %q)", DefaultCondition)
		}
		e.Condition = s
	}
	e.Status = StatusCompleted
	if s, ok := d.optString("status"); ok {
		if !ValidStatus(s) {
			d.bad("status", "unknown status %q (want completed, infra_failure, harness_failure or censored)", s)
		}
		e.Status = s
	}
	if v, ok := d.get("failure_class"); ok && v != nil {
		if _, isStr := v.(string); !isStr {
			d.bad("failure_class", "must be a string or null, got %s", TypeName(v))
		} else {
			e.FailureClass = v
		}
	}
	e.Model, e.Harness = SplitConfig(e.Config)
	if s, ok := d.optString("model"); ok {
		e.Model = s
	}
	if s, ok := d.optString("harness"); ok {
		e.Harness = s
	}
}

// payload decodes the record, the official verdict and the usage.
func (d *episodeDecoder) payload() {
	e := d.e
	if o := d.optObject("record"); o != nil {
		e.Record = &d.blk.r
		e.Record.obj = o
		e.Record.decode()
	}
	if rv, has := d.get("record"); (!has || rv == nil) && e.Status == StatusCompleted {
		d.defect(DefectNoRecord, "record", "a completed episode needs a record (null or missing)")
	}
	e.Official = d.optObject("official")
	if v, ok := e.Official.Get("successful"); ok {
		if err := CheckVerdict(v); err != nil {
			d.bad("official.successful", "%v", err)
		}
	}
	if o := d.optObject("usage"); o != nil {
		e.Usage = &d.blk.u
		e.Usage.obj = o
		e.Usage.decode()
	}
	if u := e.Usage.Object(); u != nil {
		for i, k := range u.Keys {
			// A number that is not finite would be summed into the cost table as one.
			switch v := u.Values[i].(type) {
			case nil, int64:
			case float64:
				if math.IsNaN(v) || math.IsInf(v, 0) {
					d.bad("usage."+k, "must be a finite number or null, got %v", v)
				}
			case jsonv.BigInt:
				if _, err := strconv.ParseFloat(string(v), 64); err != nil {
					d.bad("usage."+k, "must be a finite number or null, got an integer of %d digits", len(strings.TrimPrefix(string(v), "-")))
				}
			default:
				d.bad("usage."+k, "must be a number or null, got %s", TypeName(v))
			}
		}
	}
}

// runID decodes the run id, or derives it from the key.
func (d *episodeDecoder) runID() {
	if s, ok := d.optString("run_id"); ok {
		if s == "" {
			d.bad("run_id", "must not be empty (omit it to derive one from the key)")
		}
		d.e.RunID = s
	} else {
		d.e.RunID = DeriveRunID(d.e.Key())
	}
}

// extra decodes the producer's own fields: "extra", and (a defect) unknown top-level
// fields, kept under it.
func (d *episodeDecoder) extra() {
	e := d.e
	if x := d.optObject("extra"); x != nil {
		e.Extra = x
	}
	for i, k := range d.o.Keys {
		if episodeField(k) >= 0 {
			continue
		}
		d.defect(DefectUnknownField, k, "unknown top-level field (fields of your own belong under \"extra\")")
		if e.Extra == nil {
			e.Extra = &jsonv.Object{}
		}
		if _, clash := e.Extra.Get(k); clash {
			d.bad(k, "is both a top-level field and a field under \"extra\"")
			continue
		}
		e.Extra.Set(k, d.o.Values[i])
	}
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
		add("record", e.Record.Object())
	} else {
		add("record", nil)
	}
	if e.Official != nil {
		add("official", e.Official)
	}
	if e.Usage != nil {
		add("usage", e.Usage.Object())
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

// CheckVerdict is the one check of a harness's verdict (official.successful, a batch
// case's normalized successful, an interactive run's success): anything but a boolean or
// null would silently be "no verdict" to every agreement count. nil when it is one.
func CheckVerdict(v any) error {
	switch v.(type) {
	case nil, bool:
		return nil
	}
	return fmt.Errorf("must be a boolean or null, got %s", TypeName(v))
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

// floatRepr writes f as Python prints a float: 1.0, not 1.
func floatRepr(f float64) string {
	s := strconv.FormatFloat(f, 'g', -1, 64)
	if !strings.ContainsAny(s, ".eIN") {
		s += ".0"
	}
	return s
}
