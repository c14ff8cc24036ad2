package inspect

import (
	"encoding/json"
	"errors"
	"maps"
	"path"
	"slices"
	"strings"
)

// Log is one log file: where it is, what it holds and its header.
type Log struct {
	File   string // path as given
	Format string // "eval" or "json"
	Size   int64  // bytes
	SHA256 string // hex digest of the file's bytes; "" with ReadOptions.NoHash
	Header
	// Samples is the number of samples delivered so far; final once Next returned io.EOF.
	Samples int
	// FromSummaries is true when the samples came from summaries.json, the log holding
	// no sample members; Summaries is then how many there are (known when the log opens).
	FromSummaries bool
	Summaries     int
}

// Header is the part of a log that is not per sample.
type Header struct {
	Version int          `json:"version"`
	Status  string       `json:"status"` // "success", "error", "cancelled", "started"
	Eval    EvalSpec     `json:"eval"`
	Plan    Plan         `json:"plan"`
	Results *Results     `json:"results"` // nil when the log carries none
	Stats   Stats        `json:"stats"`
	Error   *SampleError `json:"error"` // the eval's own error, when it failed
	// Reductions are the epoch-reduced scores per scorer (reductions.json, or the .json
	// log's "reductions"); in a .json log they follow the samples, so they are complete
	// only after the last sample.
	Reductions []Reduction `json:"reductions"`
}

// EvalSpec identifies the evaluation: task, model, dataset, configuration, scorers.
type EvalSpec struct {
	EvalID      string                     `json:"eval_id"`
	RunID       string                     `json:"run_id"`
	Created     string                     `json:"created"`
	Task        string                     `json:"task"`
	TaskID      string                     `json:"task_id"`
	TaskVersion json.RawMessage            `json:"task_version"`
	TaskFile    string                     `json:"task_file"`
	TaskArgs    map[string]json.RawMessage `json:"task_args"`
	Solver      string                     `json:"solver"`
	Dataset     Dataset                    `json:"dataset"`
	Model       string                     `json:"model"`
	ModelArgs   map[string]json.RawMessage `json:"model_args"`
	Config      EvalConfig                 `json:"config"`
	Scorers     []ScorerSpec               `json:"scorers"`
	Metadata    map[string]json.RawMessage `json:"metadata"`
}

// Dataset names the dataset and the sample ids the eval ran.
type Dataset struct {
	Name      string     `json:"name"`
	Location  string     `json:"location"`
	Samples   int        `json:"samples"`
	SampleIDs []SampleID `json:"sample_ids"`
	Shuffled  bool       `json:"shuffled"`
}

// EvalConfig holds the settings that shape the statistics: epochs and their reducers.
type EvalConfig struct {
	Limit         json.RawMessage `json:"limit"`
	Epochs        int             `json:"epochs"`
	EpochsReducer []string        `json:"epochs_reducer"`
}

// ScorerSpec is a scorer the task declared, with its metrics.
type ScorerSpec struct {
	Name    string          `json:"name"`
	Metrics json.RawMessage `json:"metrics"` // list or dict of {name, options}, as written
}

// Plan is the solver chain.
type Plan struct {
	Name  string     `json:"name"`
	Steps []PlanStep `json:"steps"`
}

// PlanStep is one solver with its parameters.
type PlanStep struct {
	Solver string                     `json:"solver"`
	Params map[string]json.RawMessage `json:"params"`
}

// Solvers returns the plan's solver names joined with " → "; the eval's solver when set.
func (h *Header) Solvers() string {
	if h.Eval.Solver != "" {
		return h.Eval.Solver
	}
	names := make([]string, 0, len(h.Plan.Steps))
	for _, s := range h.Plan.Steps {
		names = append(names, s.Solver)
	}
	return strings.Join(names, " → ")
}

// Results are the eval's aggregate scores, one entry per scorer (or reducer).
type Results struct {
	TotalSamples     int         `json:"total_samples"`
	CompletedSamples int         `json:"completed_samples"`
	Scores           []EvalScore `json:"scores"`
}

// UnmarshalJSON reads the results, refusing the single "scorer" (with "metrics") of
// older Inspect versions, which Inspect migrates on reading: read as it is, the log
// would have no results to check.
func (r *Results) UnmarshalJSON(b []byte) error {
	type plain Results
	var legacy struct {
		Scorer json.RawMessage `json:"scorer"`
	}
	if json.Unmarshal(b, &legacy) == nil && legacy.Scorer != nil && string(legacy.Scorer) != "null" {
		return &fieldError{field: "results.scorer", err: errors.New(`the results' single "scorer" (with "metrics"), the form of older Inspect versions (now "scores", one entry per scorer), is not read: write the log again with a current Inspect (inspect log convert) first`)}
	}
	return json.Unmarshal(b, (*plain)(r))
}

// EvalScore is one scorer's metrics.
type EvalScore struct {
	Name            string                     `json:"name"`
	Scorer          string                     `json:"scorer"`
	Reducer         string                     `json:"reducer"`
	ScoredSamples   *int                       `json:"scored_samples"`
	UnscoredSamples *int                       `json:"unscored_samples"`
	Params          map[string]json.RawMessage `json:"params"`
	Metrics         Metrics                    `json:"metrics"`
}

// Metric is one metric's value.
type Metric struct {
	Name  string  `json:"name"`
	Value float64 `json:"value"`
}

// Metrics are a scorer's metrics, sorted by name (the log writes a JSON object).
type Metrics []Metric

// UnmarshalJSON reads the log's {"name": {"name", "value", …}} object; a null value
// (Inspect writes NaN as null) becomes NaN.
func (m *Metrics) UnmarshalJSON(b []byte) error {
	var raw map[string]struct {
		Name  string   `json:"name"`
		Value *float64 `json:"value"`
	}
	if err := json.Unmarshal(b, &raw); err != nil {
		return err
	}
	// In the keys' order, then sorted stably by name: two keys whose metrics share a name
	// (Get answers the first) keep one order, not the map's.
	out := make(Metrics, 0, len(raw))
	for _, k := range slices.Sorted(maps.Keys(raw)) {
		v := raw[k]
		name := v.Name
		if name == "" {
			name = k
		}
		val := nan
		if v.Value != nil {
			val = *v.Value
		}
		out = append(out, Metric{Name: name, Value: val})
	}
	slices.SortStableFunc(out, func(a, b Metric) int { return strings.Compare(a.Name, b.Name) })
	*m = out
	return nil
}

// Get returns the named metric's value.
func (m Metrics) Get(name string) (float64, bool) {
	for _, x := range m {
		if x.Name == name {
			return x.Value, true
		}
	}
	return 0, false
}

// Stats are the eval's timing and token use.
type Stats struct {
	StartedAt   string      `json:"started_at"`
	CompletedAt string      `json:"completed_at"`
	ModelUsage  ModelUsages `json:"model_usage"`
}

// Reduction is one scorer's epoch-reduced scores, one per sample.
type Reduction struct {
	Scorer  string         `json:"scorer"`
	Reducer string         `json:"reducer"`
	Samples []ReducedScore `json:"samples"`
}

// ReducedScore is a sample's score after its epochs were reduced.
type ReducedScore struct {
	SampleID SampleID        `json:"sample_id"`
	Value    json.RawMessage `json:"value"`
	Answer   string          `json:"answer"`
}

// metricSpec is a metric a scorer declares: {"name": "inspect_ai/stderr", "options": {…}}.
type metricSpec struct {
	Name    string                     `json:"name"`
	Options map[string]json.RawMessage `json:"options"`
}

// metricSpecs lists the scorer's declared metrics for the rows named row (the scorer's
// own, or NAME.KEY of a dict-valued one): the list form, or every list of the dict form
// ({"*": [...], "key": [...]}) whose key pattern matches KEY (all of them for the
// scorer's own rows), in key order.
func (s ScorerSpec) metricSpecs(key string) []metricSpec {
	var list []metricSpec
	if json.Unmarshal(s.Metrics, &list) == nil {
		return list
	}
	var byKey map[string][]metricSpec
	if json.Unmarshal(s.Metrics, &byKey) != nil {
		return nil
	}
	keys := make([]string, 0, len(byKey))
	for k := range byKey {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		if ok, _ := path.Match(k, key); ok || key == "" {
			list = append(list, byKey[k]...)
		}
	}
	return list
}

// StderrCluster is the sample-metadata key the stderr metric of the rows named scorer
// (a scorer, or NAME.KEY of a dict-valued one) clusters on (stderr(cluster="key")), ""
// when it declares none.
func (h *Header) StderrCluster(scorer string) string {
	for _, s := range h.Eval.Scorers {
		key := ""
		switch {
		case s.Name == scorer:
		case strings.HasPrefix(scorer, s.Name+"."):
			key = scorer[len(s.Name)+1:]
		default:
			continue
		}
		for _, m := range s.metricSpecs(key) {
			if m.Name != "inspect_ai/stderr" && m.Name != "stderr" {
				continue
			}
			var c string
			if json.Unmarshal(m.Options["cluster"], &c) == nil {
				return c
			}
		}
	}
	return ""
}

// Incomplete is the log's status when it says the run did not complete (stated, and not
// "success"), else "".
func (l *Log) Incomplete() string {
	if l.Status == "success" {
		return ""
	}
	return l.Status
}
