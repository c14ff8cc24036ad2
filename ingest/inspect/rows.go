package inspect

import (
	"encoding/json"
	"math"
	"slices"
	"strings"
)

// Row is one (log, sample, epoch, scorer): the flat view the samples table and the
// statistics read. Every sample has one Row per scorer, so counts reconcile; Scored is
// false when the Row has no number: the sample has no score from Scorer, its value is
// null (how Inspect writes an unscored NaN), or ValueToFloat cannot map it (a list, an
// object, an unknown string; Inspect's metrics would count those as 0 with a warning).
type Row struct {
	Log      string // the log's file
	Task     string
	Model    string
	EvalID   string
	SampleID SampleID
	Epoch    int
	Scorer   string
	Value    json.RawMessage // as written; nil when the sample has no score from Scorer
	Score    float64         // ValueToFloat(Value); NaN when !Scored
	Scored   bool
	Answer   string
	Target   string                     // the sample's target: a string as is, a list as JSON text
	Metadata map[string]json.RawMessage // the sample's metadata (shared by its rows)
	// Usage is summed over the sample's models; nil when its model_usage is empty or
	// absent (the log does not say), which is not zero tokens.
	Usage *ModelUsage
	// TotalTime and WorkingTime are in seconds, NaN when the log does not say.
	TotalTime, WorkingTime float64
	Error                  string // the sample's error message
	Limit                  string // the limit it hit: "token", "time", …
}

// Scorers are the scorer names a log declares (its eval spec, then its results), sorted
// and distinct. A results entry of a dict-valued scorer (Inspect names it by the key, with
// the scorer beside it) is NAME.KEY (EvalScore.RowScorer). A sample's rows are one per
// declared scorer plus any other it carries.
func (h *Header) Scorers() []string {
	var out []string
	for _, s := range h.Eval.Scorers {
		out = append(out, s.Name)
	}
	if h.Results != nil {
		for _, s := range h.Results.Scores {
			out = append(out, s.RowScorer())
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// RowScorer is the Row.Scorer of the rows the entry's metrics are of: the scorer's name,
// or NAME.KEY for the entry Inspect writes per key of a dict-valued scorer (its name is
// the key, its scorer the scorer's name).
func (s EvalScore) RowScorer() string {
	switch {
	case s.Scorer == "":
		return s.Name
	case s.Name != "" && s.Name != s.Scorer:
		return s.Scorer + "." + s.Name
	}
	return s.Scorer
}

// Rows flattens a sample into its rows, one per scorer (sorted). scorers is the log's
// Scorers(), passed in so a caller computes it once per log. A dict-valued score
// ({"a": "C", "b": 0.5}) gives one row per key, named NAME.KEY, with the key's value;
// its scorer has no NAME row. A declared NAME.KEY the sample's score lacks is a row
// without a score.
func Rows(log *Log, scorers []string, s *Sample) []Row {
	names := slices.Clone(scorers)
	dicts := map[string][]dictEntry{} // scorer → its value's keys and values
	for _, sc := range s.Scores {
		entries, ok := dictValue(sc.Value)
		if !ok {
			names = append(names, sc.Scorer)
			continue
		}
		dicts[sc.Scorer] = entries
		for _, e := range entries {
			names = append(names, sc.Scorer+"."+e.key)
		}
	}
	slices.Sort(names)
	names = slices.Compact(names)
	// A scorer whose rows are per key has no row of its own: when its value here is a
	// dict, or when it is missing and the log declares its keys. A dot at 0 counts: the
	// keys of a scorer named "" are .KEY.
	keyed := map[string]bool{} // names with NAME.KEY rows
	for _, n := range names {
		for i := strings.IndexByte(n, '.'); i >= 0; i = nextDot(n, i) {
			keyed[n[:i]] = true
		}
	}
	known := map[string]bool{} // the names and the scorers with dict values here
	for _, n := range names {
		known[n] = true
	}
	for n := range dicts {
		known[n] = true
	}
	names = slices.DeleteFunc(names, func(n string) bool {
		if _, ok := dicts[n]; ok {
			return true
		}
		if !keyed[n] {
			return false
		}
		if _, scored := s.Score(n); scored {
			return false
		}
		// judge.k beside judge.k.j is a key of judge (a row, with a value or without),
		// not a scorer with keys, when judge is a scorer here: the log declares it or the
		// sample's value of it is a dict.
		return !isKeyOf(n, known)
	})
	base := Row{
		Log: log.File, Task: log.Eval.Task, Model: log.Eval.Model, EvalID: log.Eval.EvalID,
		SampleID: s.ID, Epoch: s.Epoch, Target: targetText(s.Target), Metadata: s.Metadata,
		TotalTime: orNaN(s.TotalTime), WorkingTime: orNaN(s.WorkingTime),
	}
	if len(s.ModelUsage) > 0 {
		u := s.ModelUsage.Total()
		base.Usage = &u
	}
	if s.Error != nil {
		base.Error = firstLine(s.Error.Message)
	}
	if s.Limit != nil {
		base.Limit = s.Limit.Type
	}
	out := make([]Row, 0, len(names))
	for _, name := range names {
		r := base
		r.Scorer = name
		r.Score = math.NaN()
		if sc, ok := s.Score(name); ok {
			r.Value, r.Answer = sc.Value, sc.Answer
		} else if v, answer, ok := keyValue(s, dicts, name); ok {
			r.Value, r.Answer = v, answer
		}
		if r.Value != nil {
			if f, ok := ValueToFloat(r.Value); ok {
				r.Score, r.Scored = f, true
			}
		}
		out = append(out, r)
	}
	return out
}

// isKeyOf reports whether n is NAME.KEY of a NAME in scorers (NAME may be "": .KEY).
func isKeyOf(n string, scorers map[string]bool) bool {
	for i := strings.IndexByte(n, '.'); i >= 0; i = nextDot(n, i) {
		if scorers[n[:i]] {
			return true
		}
	}
	return false
}

// nextDot is the index of the next '.' in n after i, or -1.
func nextDot(n string, i int) int {
	j := strings.IndexByte(n[i+1:], '.')
	if j < 0 {
		return -1
	}
	return i + 1 + j
}

// dictEntry is one key of a dict-valued score.
type dictEntry struct {
	key   string
	value json.RawMessage
}

// dictValue reads a score value that is a JSON object into its entries, in written
// order; ok is false for any other value.
func dictValue(v json.RawMessage) ([]dictEntry, bool) {
	l := sub(v)
	if l.peek() != '{' {
		return nil, false
	}
	var out []dictEntry
	err := l.object(func(key []byte) *decodeErr {
		raw, err := l.raw()
		if err != nil {
			return err
		}
		out = append(out, dictEntry{string(key), raw})
		return nil
	})
	return out, err == nil
}

// keyValue finds the value of a NAME.KEY row in the sample's dict-valued scores.
func keyValue(s *Sample, dicts map[string][]dictEntry, name string) (json.RawMessage, string, bool) {
	for i := strings.LastIndexByte(name, '.'); i >= 0; i = strings.LastIndexByte(name[:i], '.') {
		entries, ok := dicts[name[:i]]
		if !ok {
			continue
		}
		for _, e := range entries {
			if e.key == name[i+1:] {
				sc, _ := s.Score(name[:i])
				return e.value, sc.Answer, true
			}
		}
	}
	return nil, "", false
}

// targetText is a target as text: a JSON string unquoted, a list compact JSON.
func targetText(raw json.RawMessage) string {
	if len(raw) == 0 || string(raw) == "null" {
		return ""
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	return string(compact(raw))
}

func orNaN(p *float64) float64 {
	if p == nil {
		return math.NaN()
	}
	return *p
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// FillScorers gives each sample of one log's rows (in Rows' order, sample by sample) a
// row, without a score, for every scorer name another sample of the log has a row for,
// as Rows does for the names the log declares: a log whose header holds no results (a run
// that did not complete) names a dict-valued scorer's keys only in its samples, and a
// sample whose value lacks a key had no row for it. NAME has no row beside NAME.KEY rows
// unless some sample of the log has a value under NAME (a plain score, or a key that a
// longer key extends: judge.k beside judge.k.j); then every sample has a NAME row. A
// sample with no row at all (its log declares no scorer and it carries no score) is left
// without.
func FillScorers(rows []Row) []Row {
	var names []string
	for i := range rows {
		names = append(names, rows[i].Scorer)
	}
	slices.Sort(names)
	names = slices.Compact(names)
	// A name with keys stands for a scorer, whose keys stand for it, unless a sample has
	// a value under it: then it is a row of every sample (a key that a longer key
	// extends, judge.k beside judge.k.j, or a scorer with a plain value).
	valued := map[string]bool{}
	for i := range rows {
		if rows[i].Value != nil {
			valued[rows[i].Scorer] = true
		}
	}
	keyed := map[string]bool{}
	for _, n := range names {
		for i := strings.IndexByte(n, '.'); i >= 0; i = nextDot(n, i) {
			keyed[n[:i]] = !valued[n[:i]]
		}
	}
	var out []Row
	for start := 0; start < len(rows); {
		end := start + 1
		for end < len(rows) && rows[end].SampleID == rows[start].SampleID && rows[end].Epoch == rows[start].Epoch {
			end++
		}
		sample := rows[start:end]
		if len(sample) == len(names) && out == nil {
			start = end
			continue
		}
		if out == nil {
			out = append(make([]Row, 0, len(rows)), rows[:start]...)
		}
		// A row of NAME without a score goes when NAME has keys, as in Rows.
		sample = slices.DeleteFunc(slices.Clone(sample), func(r Row) bool { return keyed[r.Scorer] && r.Value == nil })
		have := map[string]bool{}
		for i := range sample {
			have[sample[i].Scorer] = true
		}
		for _, n := range names {
			if have[n] {
				continue
			}
			if keyed[n] {
				continue // the sample's NAME is a dict, or absent: its keys stand for it
			}
			r := rows[start]
			r.Scorer, r.Value, r.Score, r.Scored, r.Answer = n, nil, math.NaN(), false, ""
			sample = append(sample, r)
		}
		slices.SortStableFunc(sample, func(a, b Row) int { return strings.Compare(a.Scorer, b.Scorer) })
		out = append(out, sample...)
		start = end
	}
	if out == nil {
		return rows
	}
	return out
}
