package analysis

import (
	"fmt"
	"math"
)

// On a bench whose cases take their success from the benchmark's verdict (τ-bench's), the
// authorized rate of a configuration is also T2's ECS (and T8's and the domains table's
// cells, which take it), and its pass^k is also the variance table's. The official tables
// draw them once (OfficialVsOracle); the others drew their own and printed one estimate
// with two intervals (trials 0–1 of the airline trajectories: pass^1 52.0 [36.0, 66.0] in
// variance, [36.0, 68.0] in official_passk). They take the official draw's interval, and so
// does the policies table's rate of each policy (ECSInterval), which is that policy's row
// of the official table.

// officialRows are OfficialVsOracle's rows of the main verdicts by configuration, with
// pass^k for ks; nil where the bench's cases are not of that kind or without resamples. Computed once per ks and
// options: T2, T8, domains, variance and each policy's rate ask for the same draw. The map
// is shared, so no caller may modify it.
func (r *Release) officialRows(ks []int, o StatOptions) (map[string]OfficialRow, error) {
	if !r.OfficialTasks() || o.Resamples == 0 {
		return nil, nil
	}
	k := o
	k.Workers = 0 // the draw does not depend on it
	return cached(r, officialKey{k, fmt.Sprint(ks)}, func() (map[string]OfficialRow, error) {
		rows, err := r.OfficialVsOracle(r.main, ks, o)
		if err != nil {
			return nil, err
		}
		out := make(map[string]OfficialRow, len(rows))
		for _, x := range rows {
			out[x.Config] = x
		}
		return out, nil
	})
}

// officialKey caches officialRows: the options and the ks, printed.
type officialKey struct {
	o  StatOptions
	ks string
}

// takeInterval gives e the interval of from when both are the same estimate: the same
// value over the same units (a configuration with episodes that carry no official
// verdict has another authorized rate in the official table).
func takeInterval(e *Estimate, from Estimate) {
	if from.Units != e.Units || math.Abs(from.X-e.X) > 1e-12 || math.IsNaN(from.X) {
		return
	}
	e.Lo, e.Hi, e.Fallback, e.Warnings = from.Lo, from.Hi, from.Fallback, from.Warnings
}
