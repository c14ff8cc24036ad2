package analysis

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/sabench/sabench-stats/bootstrap"
	"github.com/sabench/sabench-stats/ingest/inspect"
)

// Inspect AI logs: the statistics read the flat rows of package ingest/inspect, one per
// (log, sample, epoch, scorer). A sample's epochs are reduced to their mean first, as
// Inspect's default "mean" reducer does, so every statistic weighs samples equally
// whatever their number of epochs.

// InspectMetric is one scorer's accuracy and standard error under one epochs reducer,
// recomputed from a log's rows the way Inspect computes its accuracy() (or mean()) and
// stderr() metrics: each sample's epochs reduced (Reducer; inspect_reduce.go), unscored
// values (null, how the reader gives Inspect's NaN) left out, a value value_to_float
// cannot map (a list, an unknown string) counted 0 as Inspect counts it (with a warning;
// every other statistic here leaves it out), then the mean over samples, and
// sd(ddof=1)/√n (0 for fewer than two samples, as Inspect returns), or
// stderr(cluster=KEY)'s clustered form (bootstrap.StdErrClusteredInspect).
type InspectMetric struct {
	Scorer  string
	Reducer string  // the epochs reducer: "mean" when the log names none
	Samples int     // samples with a scored epoch (and a reduced value)
	Rows    int     // scored rows, AsZero included
	AsZero  int     // rows whose value value_to_float cannot map, counted 0 as Inspect does
	Mean    float64 // NaN without samples
	Stderr  float64 // NaN without samples
	Cluster string  // metadata key of a clustered stderr; "" when plain
}

// InspectMetrics recomputes each scorer's metrics of one log from its rows, once per
// epochs reducer the log names (eval.config.epochs_reducer; Inspect's default "mean"
// when none). A reducer this tool does not know is an error naming it (InspectReducers).
func InspectMetrics(h *inspect.Header, rows []inspect.Row) ([]InspectMetric, error) {
	names := h.Eval.Config.EpochsReducer
	if len(names) == 0 {
		names = []string{"mean"}
	}
	reducers := make([]epochReducer, len(names))
	for i, n := range names {
		r, err := parseReducer(n)
		if err != nil {
			return nil, err
		}
		reducers[i] = r
	}
	rows, zeros := asInspectSees(rows)
	var out []InspectMetric
	for _, scorer := range rowScorers(rows) {
		samples := reduceSamples(rows, scorer)
		for _, red := range reducers {
			m, err := inspectMetric(h, scorer, red, samples)
			if err != nil {
				return nil, err
			}
			m.AsZero = zeros[scorer]
			out = append(out, m)
		}
	}
	return out, nil
}

// asInspectSees returns rows as Inspect's metrics see them: a value that value_to_float
// cannot map (not null: Inspect's unscored NaN) scored 0, and how many per scorer. rows
// is returned as it is when it holds none.
func asInspectSees(rows []inspect.Row) ([]inspect.Row, map[string]int) {
	zeros := map[string]int{}
	var out []inspect.Row
	for i := range rows {
		r := &rows[i]
		if r.Scored || r.Value == nil || string(bytes.TrimSpace(r.Value)) == "null" {
			continue
		}
		if out == nil {
			out = slices.Clone(rows)
		}
		out[i].Score, out[i].Scored = 0, true
		zeros[r.Scorer]++
	}
	if out == nil {
		return rows, zeros
	}
	return out, zeros
}

func inspectMetric(h *inspect.Header, scorer string, red epochReducer, samples []*sampleScore) (InspectMetric, error) {
	m := InspectMetric{Scorer: scorer, Reducer: red.name, Mean: math.NaN(), Stderr: math.NaN(), Cluster: h.StderrCluster(scorer)}
	var x []float64
	var kept []*sampleScore
	for _, s := range samples {
		m.Rows += s.n
		if v := red.reduce(s.epochs); !math.IsNaN(v) {
			x = append(x, v)
			kept = append(kept, s)
		}
	}
	m.Samples = len(x)
	if len(x) == 0 {
		return m, nil
	}
	m.Mean = meanOf(x)
	switch {
	case m.Cluster != "":
		labels, err := clusterLabels(kept, m.Cluster)
		if err != nil {
			return m, fmt.Errorf("%s: stderr(cluster=%q): %w", scorer, m.Cluster, err)
		}
		se, err := bootstrap.StdErrClusteredInspect(x, labels)
		if err != nil {
			return m, err
		}
		m.Stderr = se
	case len(x) < 2:
		m.Stderr = 0 // Inspect's stderr() for one sample
	default:
		se, err := bootstrap.StdErrCLT(x)
		if err != nil {
			return m, err
		}
		m.Stderr = se
	}
	return m, nil
}

// sampleScore is one sample's scored epochs for one scorer.
type sampleScore struct {
	task     string
	id       inspect.SampleID
	sum      float64
	n        int // scored epochs
	ones     int // epochs scored exactly 1
	binary   bool
	metadata map[string]json.RawMessage
	epochs   []epochValue // the scored epochs, in row order, for the reducers
}

func (s *sampleScore) mean() float64 { return s.sum / float64(s.n) }

// success is the majority vote over the sample's epochs (ties fail), for McNemar.
func (s *sampleScore) success() bool { return 2*s.ones > s.n }

// reduceSamples groups a scorer's scored rows by sample id, in sample id order.
func reduceSamples(rows []inspect.Row, scorer string) []*sampleScore {
	by := map[inspect.SampleID]*sampleScore{}
	var out []*sampleScore
	for i := range rows {
		r := &rows[i]
		if r.Scorer != scorer || !r.Scored {
			continue
		}
		s := by[r.SampleID]
		if s == nil {
			s = &sampleScore{task: r.Task, id: r.SampleID, binary: true, metadata: r.Metadata}
			by[r.SampleID] = s
			out = append(out, s)
		}
		s.sum += r.Score
		s.n++
		s.epochs = append(s.epochs, epochValueOf(r))
		switch r.Score {
		case 1:
			s.ones++
		case 0:
		default:
			s.binary = false
		}
	}
	slices.SortFunc(out, func(a, b *sampleScore) int { return a.id.Compare(b.id) })
	return out
}

// Failures counts a scorer's rows (sample-epochs) that ended in an error without a score,
// or have no numeric score otherwise, which every statistic leaves out, and that hit a limit (kept when scored: the sample
// is scored on what it left), with the limits' kinds, sorted.
type Failures struct {
	Errored, Limited int
	Limits           []string
	// Rows without a numeric score that did not error, also left out of every statistic:
	// Unscored have no value (no score from the scorer, or Inspect's unscored NaN, which
	// Inspect's metrics leave out too); Unmapped have one value_to_float cannot map (a
	// list, an unknown string), which Inspect's metrics count 0.
	Unscored, Unmapped int
}

func failuresOf(rows []inspect.Row, scorer string) Failures {
	var f Failures
	// A log that scored nothing with the scorer ran without it: its rows are not
	// sample-epochs left out (the leaderboard puts the log on none of its boards).
	ran := map[string]bool{}
	for i := range rows {
		if rows[i].Scorer == scorer && rows[i].Scored {
			ran[rows[i].Log] = true
		}
	}
	for i := range rows {
		r := &rows[i]
		if r.Scorer != scorer {
			continue
		}
		switch {
		case r.Scored:
		case r.Error != "":
			f.Errored++
		case !ran[r.Log]:
		case r.Value == nil || string(bytes.TrimSpace(r.Value)) == "null":
			f.Unscored++
		default:
			f.Unmapped++
		}
		if r.Limit != "" {
			f.Limited++
			if !slices.Contains(f.Limits, r.Limit) {
				f.Limits = append(f.Limits, r.Limit)
			}
		}
	}
	slices.Sort(f.Limits)
	return f
}

// rowScorers lists the scorers of the rows, sorted.
func rowScorers(rows []inspect.Row) []string {
	seen := map[string]bool{}
	var out []string
	for i := range rows {
		if !seen[rows[i].Scorer] {
			seen[rows[i].Scorer] = true
			out = append(out, rows[i].Scorer)
		}
	}
	slices.Sort(out)
	return out
}

// MetadataText is a metadata value as a label: a string unquoted, other JSON compact,
// null (also Inspect's NaN and Infinity, which the reader takes as null) as "null" and not
// as the empty string, which decoding null into a string gives; ok is false when the key
// is absent.
func MetadataText(md map[string]json.RawMessage, key string) (string, bool) {
	raw, ok := md[key]
	if !ok {
		return "", false
	}
	var s string
	if string(bytes.TrimSpace(raw)) != "null" && json.Unmarshal(raw, &s) == nil {
		return s, true
	}
	var b bytes.Buffer
	if json.Compact(&b, raw) != nil {
		return strings.TrimSpace(string(raw)), true
	}
	return b.String(), true
}

// clusterLabels numbers the samples' clusters (the metadata key's values, in sorted
// order); a sample without the key is an error, as in Inspect.
func clusterLabels(samples []*sampleScore, key string) ([]int, error) {
	names := make([]string, len(samples))
	for i, s := range samples {
		v, ok := MetadataText(s.metadata, key)
		if !ok {
			return nil, fmt.Errorf("sample %s has no metadata %q", s.id, key)
		}
		names[i] = v
	}
	sorted := slices.Clone(names)
	slices.Sort(sorted)
	sorted = slices.Compact(sorted)
	out := make([]int, len(names))
	for i, n := range names {
		out[i], _ = slices.BinarySearch(sorted, n)
	}
	return out, nil
}

// InspectIntervals describes the intervals o gives on Inspect samples: samples are the
// units, or the clusters of a metadata key.
func InspectIntervals(o StatOptions, clusterBy string) IntervalSpec {
	s := IntervalSpec{Level: o.level(), Method: o.Method.String(), Quantile: o.Quantile.String(),
		Unit: "samples", Resamples: o.Resamples, Seed: o.Seed}
	if s.Seed == 0 {
		s.Seed = bootstrap.DefaultSeed
	}
	if clusterBy != "" {
		s.Unit = "clusters of samples sharing metadata." + clusterBy
	}
	return s
}
