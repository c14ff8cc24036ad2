package analysis

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/sabench/sabench-stats/ingest/inspect"
)

// Inspect's epoch reducers, each reducing one sample's scored epochs of one scorer to
// the value its metrics are computed on. They follow the definitions of
// src/inspect_ai/scorer/_reducer/reducer.py in Inspect's repository (scalar values, the
// default threshold value=1.0); the names are those Inspect writes in eval.config.
// epochs_reducer and in each results entry's reducer (reducer_log_name: the registry
// name, with _K for a reducer taking k).

// epochValue is one scored epoch: the value as written and as a number.
type epochValue struct {
	raw   string // the JSON value, compact
	float float64
}

// epochReducer reduces a sample's scored epochs (in epoch order, at least one) to a
// number; NaN when the reducer has no value for them (pass_at_K with fewer than K).
type epochReducer struct {
	name   string
	reduce func([]epochValue) float64
}

// InspectReducers names the reducers InspectMetrics reproduces (K a positive integer).
const InspectReducers = "mean, median, mode, max, at_least_K, pass_at_K, pass_k_K"

// parseReducer finds the reducer Inspect logs under name; an unknown name is an error
// naming it.
func parseReducer(name string) (epochReducer, error) {
	switch name {
	case "mean":
		return epochReducer{name, reduceMean}, nil
	case "median":
		return epochReducer{name, reduceMedian}, nil
	case "mode":
		return epochReducer{name, reduceMode}, nil
	case "max":
		return epochReducer{name, reduceMax}, nil
	}
	if i := strings.LastIndexByte(name, '_'); i > 0 {
		k, err := strconv.Atoi(name[i+1:])
		if err == nil && k > 0 {
			switch name[:i] {
			case "at_least":
				return epochReducer{name, func(v []epochValue) float64 { return reduceAtLeast(v, k) }}, nil
			case "pass_at":
				return epochReducer{name, func(v []epochValue) float64 { return reducePassAt(v, k) }}, nil
			case "pass_k":
				return epochReducer{name, func(v []epochValue) float64 { return reducePassK(v, k) }}, nil
			}
		}
	}
	return epochReducer{}, fmt.Errorf("epochs reducer %q is not one this tool reproduces (%s)", name, InspectReducers)
}

// reduceMean is statistics.mean of the values.
func reduceMean(v []epochValue) float64 {
	s := 0.0
	for _, x := range v {
		s += x.float
	}
	return s / float64(len(v))
}

// reduceMedian is statistics.median: the middle value, or the mean of the two middle
// ones.
func reduceMedian(v []epochValue) float64 {
	f := make([]float64, len(v))
	for i, x := range v {
		f[i] = x.float
	}
	slices.Sort(f)
	n := len(f)
	if n%2 == 1 {
		return f[n/2]
	}
	return (f[n/2-1] + f[n/2]) / 2
}

// reduceMode is the most common value as written (Counter.most_common(1): ties go to
// the value seen first), as a number. Python counts 1, 1.0 and true as one value, and
// "1" apart from them: so does pyKey.
func reduceMode(v []epochValue) float64 {
	type tally struct{ n, first int }
	counts := map[string]*tally{}
	for i, x := range v {
		k := pyKey(x)
		if counts[k] == nil {
			counts[k] = &tally{first: i}
		}
		counts[k].n++
	}
	best, bestN := len(v), 0
	for _, c := range counts {
		if c.n > bestN || c.n == bestN && c.first < best {
			best, bestN = c.first, c.n
		}
	}
	return v[best].float
}

// pyKey is a value's identity in a Python Counter: a string by its text, a number or a
// boolean by its numeric value.
func pyKey(x epochValue) string {
	if strings.HasPrefix(x.raw, `"`) {
		return "s" + x.raw
	}
	return "n" + strconv.FormatFloat(x.float, 'g', -1, 64)
}

// reduceMax is the largest value (max by value_to_float).
func reduceMax(v []epochValue) float64 {
	m := v[0].float
	for _, x := range v[1:] {
		m = math.Max(m, x.float)
	}
	return m
}

// reduceAtLeast is at_least(k): 1 when at least k values are 1 or more, else 0.
func reduceAtLeast(v []epochValue, k int) float64 {
	if countAtLeastOne(v) >= k {
		return 1
	}
	return 0
}

// reducePassAt is pass_at(k), the unbiased pass@k estimator: NaN for fewer than k
// values, 1 when fewer than k fail, else 1 − ∏_{i=n−c+1}^{n} (1 − k/i) for n values of
// which c are 1 or more.
func reducePassAt(v []epochValue, k int) float64 {
	n, c := len(v), countAtLeastOne(v)
	switch {
	case n < k:
		return math.NaN()
	case n-c < k:
		return 1
	}
	p := 1.0
	for i := n - c + 1; i <= n; i++ {
		p *= 1 - float64(k)/float64(i)
	}
	return 1 - p
}

// reducePassK is pass_k(k), the probability that k epochs drawn without replacement all
// pass: C(c, k) / C(n, k); NaN for fewer than k values.
func reducePassK(v []epochValue, k int) float64 {
	n, c := len(v), countAtLeastOne(v)
	if n < k {
		return math.NaN()
	}
	return binom(c, k) / binom(n, k)
}

func binom(n, k int) float64 {
	if k > n {
		return 0
	}
	r := 1.0
	for i := 1; i <= k; i++ {
		r = r * float64(n-k+i) / float64(i)
	}
	return r
}

func countAtLeastOne(v []epochValue) int {
	c := 0
	for _, x := range v {
		if x.float >= 1 {
			c++
		}
	}
	return c
}

// epochValueOf is a scored row's epoch value.
func epochValueOf(r *inspect.Row) epochValue {
	return epochValue{raw: string(r.Value), float: r.Score}
}
