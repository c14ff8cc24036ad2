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
	Usage    ModelUsage                 // summed over the sample's models
	// TotalTime and WorkingTime are in seconds, NaN when the log does not say.
	TotalTime, WorkingTime float64
	Error                  string // the sample's error message
	Limit                  string // the limit it hit: "token", "time", …
}

// Scorers are the scorer names a log declares (its eval spec, then its results), sorted
// and distinct. A sample's rows are one per declared scorer plus any other it carries.
func (h *Header) Scorers() []string {
	var out []string
	for _, s := range h.Eval.Scorers {
		out = append(out, s.Name)
	}
	if h.Results != nil {
		for _, s := range h.Results.Scores {
			name := s.Scorer
			if name == "" {
				name = s.Name
			}
			out = append(out, name)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// Rows flattens a sample into its rows, one per scorer (sorted). scorers is the log's
// Scorers(), passed in so a caller computes it once per log.
func Rows(log *Log, scorers []string, s *Sample) []Row {
	names := slices.Clone(scorers)
	for _, sc := range s.Scores {
		if _, found := slices.BinarySearch(scorers, sc.Scorer); !found {
			names = append(names, sc.Scorer)
		}
	}
	slices.Sort(names)
	names = slices.Compact(names)
	base := Row{
		Log: log.File, Task: log.Eval.Task, Model: log.Eval.Model, EvalID: log.Eval.EvalID,
		SampleID: s.ID, Epoch: s.Epoch, Target: targetText(s.Target), Metadata: s.Metadata, Usage: s.ModelUsage.Total(),
		TotalTime: orNaN(s.TotalTime), WorkingTime: orNaN(s.WorkingTime),
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
			if f, ok := sc.Float(); ok {
				r.Score, r.Scored = f, true
			}
		}
		out = append(out, r)
	}
	return out
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
