package analysis

import (
	"fmt"
	"math"
	"slices"

	"github.com/sabench/sabench-stats/bootstrap"
	"github.com/sabench/sabench-stats/ingest"
)

// Intervals of the statistics computed within each repeat (T3's diagnostic rates, the
// variance table's std of per-repeat ECS) and of pass^k: each is a function of per-unit
// column sums (one numerator and denominator per repeat, or a per-case pass^k value), so
// resampling cases (or templates) with all their repeats is bootstrap.ResampleSums on
// those columns, as for every other rate.

// repeatMetric is one rate computed within each repeat, then averaged over the repeats
// that have a denominator: in admits an episode to the denominator, hit to the numerator.
type repeatMetric struct{ in, hit func(*Record) bool }

// repeatMean is metric m's value from the sums (num and den at p·ms+m for repeat p of
// nRep): the mean over repeats with a denominator of numerator/denominator; NaN when none
// has one.
func repeatMean(num, den []float64, m, ms, nRep int) float64 {
	t, n := 0.0, 0
	for p := range nRep {
		if d := den[p*ms+m]; d > 0 {
			t += num[p*ms+m] / d
			n++
		}
	}
	if n == 0 {
		return math.NaN()
	}
	return t / float64(n)
}

// sumCI resamples the units of columns for the nOut outputs of f and returns each output's
// estimate with its interval and caveats (the same as ratesCI, without its memo). An
// output's Units are the units whose denominator column dens[j] is non-zero (all units
// when dens is nil or dens[j] < 0): a rate over V1 episodes rests on the cases that have
// them, whatever else is resampled along.
func sumCI(columns [][]float64, nOut int, f func(s, out []float64), dens [][]int, stream string, o StatOptions) ([]Estimate, error) {
	out := make([]Estimate, nOut)
	for i := range out {
		out[i] = nanEstimate()
	}
	if len(columns) == 0 || len(columns[0]) == 0 {
		return out, nil
	}
	n := len(columns[0])
	sums := make([]float64, len(columns))
	for j, c := range columns {
		sums[j] = total(c)
	}
	x := make([]float64, nOut)
	f(sums, x)
	for j := range out {
		out[j].X, out[j].Units = x[j], n
		if dens != nil && len(dens[j]) > 0 {
			out[j].Units = 0
			for u := range n {
				for _, c := range dens[j] {
					if columns[c][u] != 0 {
						out[j].Units++
						break
					}
				}
			}
		}
	}
	return withIntervals(out, n, o, func() (*bootstrap.Result, error) {
		return resampleSums(columns, nOut, f, stream, o)
	})
}

// withIntervals sets out's intervals from the resamples draw makes, over n units: none
// when o asks for none, a caveat alone when one unit cannot be resampled, and an estimate
// that is not a number keeps none.
func withIntervals(out []Estimate, n int, o StatOptions, draw func() (*bootstrap.Result, error)) ([]Estimate, error) {
	if o.Resamples == 0 {
		return out, nil
	}
	if n < 2 {
		for j := range out {
			out[j].Warnings = bootstrap.IntervalWarnings(bootstrap.Interval{Lo: math.NaN(), Hi: math.NaN(), Used: 1}, out[j].X, 1)
		}
		return out, nil
	}
	res, err := draw()
	if err != nil {
		return nil, err
	}
	for j := range out {
		if math.IsNaN(out[j].X) {
			continue
		}
		iv := res.Intervals[j]
		out[j].Lo, out[j].Hi, out[j].Fallback = iv.Lo, iv.Hi, iv.Fallback
		out[j].Warnings = bootstrap.IntervalWarnings(iv, out[j].X, out[j].Units)
	}
	return out, nil
}

// DiagnosticsCI is T3's row with intervals: BSR, PAR, CAS, Gap V1–V3 and Part. V2–V3 in
// that order (DiagnosticNames), each computed within a repeat and averaged over repeats,
// the repeats of a drawn case (or template) coming along.
type DiagnosticsCI struct {
	Config string
	Rates  []Estimate
}

// DiagnosticNames are the keys of DiagnosticsCI.Rates.
var DiagnosticNames = []string{"bsr", "par", "cas", "gap_v1", "gap_v2", "part_v2", "gap_v3", "part_v3"}

// diagnosticMetrics are the definitions of Diagnose, as repeat metrics.
func diagnosticMetrics() []repeatMetric {
	proto := func(p ingest.Protocol) func(v *Record) bool {
		return func(v *Record) bool { return v.Protocol() == p }
	}
	return []repeatMetric{
		{in: proto(ingest.V0), hit: func(v *Record) bool { return !v.Attempted() && !v.CoverageComplete() }},
		{in: func(v *Record) bool { return v.Protocol() == ingest.V1 && v.Attempted() },
			hit: func(v *Record) bool { return !v.CompleteAtFirstAttempt() }},
		{in: func(v *Record) bool {
			return v.Protocol() == ingest.V1 && v.Attempted() && v.CompleteAtFirstAttempt()
		}, hit: ECSOf},
		{in: proto(ingest.V1), hit: func(v *Record) bool { return v.MissingAtCheckpoint() }},
		{in: proto(ingest.V2), hit: func(v *Record) bool { return v.MissingAtCheckpoint() }},
		{in: proto(ingest.V2), hit: func(v *Record) bool { return v.committed() && !v.ECS() }},
		{in: proto(ingest.V3), hit: func(v *Record) bool { return v.MissingAtCheckpoint() }},
		{in: proto(ingest.V3), hit: func(v *Record) bool { return v.committed() && !v.ECS() }},
	}
}

// DiagnoseCI is Diagnose with an interval on every rate, per configuration of vs in
// configuration order; each configuration's rates share one draw, on the stream
// "diagnostics/<config>".
func (r *Release) DiagnoseCI(vs []Record, o StatOptions) ([]DiagnosticsCI, error) {
	ms := diagnosticMetrics()
	var out []DiagnosticsCI
	for _, c := range r.configsOf(vs) {
		keep := func(v *Record) bool { return v.Config() == c }
		s := r.newRepeatSums(vs, keep, ms, o.Clustered)
		nRep := len(s.reps)
		units := make([]int, len(ms))
		for m := range ms {
			units[m] = -1
			if nRep > 0 {
				units[m] = s.unitsWith(m)
			}
		}
		est, err := s.ci(len(ms), func(num, den, _, res []float64) {
			for m := range ms {
				res[m] = repeatMean(num, den, m, len(ms), nRep)
			}
		}, units, "diagnostics/"+c, o)
		if err != nil {
			return nil, err
		}
		for m := range est {
			scoreFallback(&est[m], o.level())
		}
		out = append(out, DiagnosticsCI{Config: c, Rates: est})
	}
	return out, nil
}

// configsOf is the configurations of vs in the release's order.
func (r *Release) configsOf(vs []Record) []string {
	seen := map[string]bool{}
	var order []string
	for i := range vs {
		if c := vs[i].Config(); !seen[c] {
			seen[c] = true
			order = append(order, c)
		}
	}
	return r.orderConfigs(order)
}

// RepeatSpread is the variance table's uncertainty for one configuration: an interval on
// the std of the per-repeat ECS and on each pass^k (cases, or templates, resampled with
// all their repeats), and the configuration's noise floor.
type RepeatSpread struct {
	Config string
	Std    Estimate
	PassK  []Estimate // aligned with the row's PassK
	Noise  bootstrap.NoiseFloor
	// NoiseErr says why Noise is missing, as a clause the variance table prints (fewer than
	// two cases: "1 case scored, and it needs at least two"); "" when it is there.
	NoiseErr string
}

// RepeatSpreads computes RepeatSpread for each row of RepeatVariation(vs, …, filters…),
// in the rows' order. Each configuration's statistics share one draw, on the stream
// "variance/<config>".
func (r *Release) RepeatSpreads(vs []Record, rows []RepeatRow, o StatOptions, filters ...Filter) ([]RepeatSpread, error) {
	keep := both(filters...)
	var ks []int
	for _, row := range rows {
		for _, pk := range row.PassK {
			if !slices.Contains(ks, pk.K) {
				ks = append(ks, pk.K)
			}
		}
	}
	official, err := r.officialRows(ks, o)
	if err != nil {
		return nil, err
	}
	out := make([]RepeatSpread, len(rows))
	for i, row := range rows {
		c := row.Config
		kc := both(keep, func(v *Record) bool { return v.Config() == c })
		ecs := []repeatMetric{{in: func(*Record) bool { return true }, hit: ECSOf}}
		s := r.newRepeatSums(vs, kc, ecs, o.Clustered)
		index, nRep := s.index, len(s.reps)
		tallies := r.caseTallies(vs, kc, index, o.Clustered)
		succ, scored, cl := make([]int, len(tallies)), make([]int, len(tallies)), make([]int, len(tallies))
		for j, t := range tallies {
			succ[j], scored[j], cl[j] = t.c, t.n, t.cluster
		}
		// pass^k columns: Σ per-case value and Σ counted cases, per unit.
		nk := len(row.PassK)
		counted := []int{-1}
		for _, pk := range row.PassK {
			if len(pk.PerCase) != len(tallies) {
				return nil, fmt.Errorf("variance/%s: pass^%d has %d cases, the verdicts %d", c, pk.K, len(pk.PerCase), len(tallies))
			}
			v, w := make([]float64, index.n), make([]float64, index.n)
			for j, t := range tallies {
				if x := pk.PerCase[j]; !math.IsNaN(x) {
					u := t.unit
					v[u] += x
					w[u]++
				}
			}
			n := 0
			for _, x := range w {
				if x != 0 {
					n++
				}
			}
			s.extra = append(s.extra, v, w)
			counted = append(counted, n)
		}
		est, err := s.ci(1+nk, func(num, den, ext, res []float64) {
			xs := num[:0] // the rates over num's sums, each written at or before its own
			for p := range nRep {
				if den[p] > 0 {
					xs = append(xs, num[p]/den[p])
				}
			}
			res[0] = sampleStd(xs)
			for k := range nk {
				res[1+k] = ext[2*k] / ext[2*k+1]
			}
		}, counted, "variance/"+c, o)
		if err != nil {
			return nil, err
		}
		for k := 1; k < len(est); k++ {
			scoreFallback(&est[k], o.level())
		}
		if x, ok := official[c]; ok { // official_passk's authorized pass^k
			for j, pk := range row.PassK {
				for _, y := range x.PassK {
					if y.K == pk.K && y.Convention == o.PassK {
						takeInterval(&est[1+j], y.Oracle)
					}
				}
			}
		}
		out[i] = RepeatSpread{Config: c, Std: est[0], PassK: est[1:]}
		var nerr error
		switch out[i].Noise, nerr = bootstrap.EstimateNoise(succ, scored, cl); {
		case len(succ) == 1: // the table prints the reason: in words, not the estimator's error
			out[i].NoiseErr = "1 case scored, and it needs at least two"
		case len(succ) == 0:
			out[i].NoiseErr = "no case scored"
		case nerr != nil:
			out[i].NoiseErr = nerr.Error()
		}
	}
	return out, nil
}

// caseTally is one case's weighted successes and scored repeats, its unit in a units'
// index and its template cluster.
type caseTally struct{ c, n, unit, cluster int }

// caseTallies tallies the verdicts of vs that kc admits by case, in case order (the case
// numbers follow the sorted case ids); a case's unit is its place in index.
func (r *Release) caseTallies(vs []Record, kc Filter, index unitIndex, clustered bool) []caseTally {
	cases, units, clusters := r.caseIDs(), r.unitIDs(clustered), r.unitIDs(true)
	by := map[int32]*caseTally{}
	var order []int32
	for j := range vs {
		v := &vs[j]
		if !admits(kc, v) {
			continue
		}
		id := cases.of(v)
		t := by[id]
		if t == nil {
			t = &caseTally{unit: int(index.at(units.of(v))), cluster: int(clusters.of(v))}
			by[id] = t
			order = append(order, id)
		}
		w := v.weight()
		t.n += w
		if v.ECS() {
			t.c += w
		}
	}
	slices.Sort(order)
	out := make([]caseTally, len(order))
	for j, id := range order {
		out[j] = *by[id]
	}
	return out
}

// scoreFallback gives a rate whose resamples are all equal (0 or 1: every case passes, or
// none) the Wilson score interval with its resampled units as the count, instead of no
// interval. Counting units rather than episodes is conservative where a case's repeats
// agree, as they do when every one of them passes.
func scoreFallback(e *Estimate, level float64) {
	if !(e.X == 0 || e.X == 1) || e.Units < 1 || !math.IsNaN(e.Lo) {
		return
	}
	degenerate := false
	var kept []bootstrap.Warning
	for _, w := range e.Warnings {
		if w.Kind == bootstrap.WarnDegenerate || w.Kind == bootstrap.WarnSingleUnit {
			degenerate = true
			continue
		}
		kept = append(kept, w)
	}
	if !degenerate {
		return
	}
	lo, hi, err := bootstrap.Wilson(int(e.X)*e.Units, e.Units, level)
	if err != nil {
		return
	}
	e.Lo, e.Hi = lo, hi
	e.Warnings = append(kept, bootstrap.Warning{Kind: bootstrap.WarnScoreInterval,
		Detail: fmt.Sprintf("every resample gives %g: Wilson score interval with %d units as the count", e.X, e.Units)})
}

// indicatorCIs are the rates of each arm's indicator over the verdicts its Keep and keep
// admit, with unit-resampled intervals (a Wilson score interval at 0 or 1), for rates that
// are not ECS (ratesCI counts ECS). The arms are resampled together, one draw of the units
// for all, as a paired comparison's arms are: arms with equal data get equal intervals.
func (r *Release) indicatorCIs(arms []Arm, keep Filter, stream string, o StatOptions) ([]Estimate, error) {
	units := r.unitIDs(o.Clustered)
	var in []bool
	for _, a := range arms {
		k := both(a.Keep, keep)
		for i := range a.Verdicts {
			if admits(k, &a.Verdicts[i]) {
				in = mark(in, units.of(&a.Verdicts[i]))
			}
		}
	}
	index := units.sortedIndex(in)
	columns := make([][]float64, 0, 2*len(arms))
	dens := make([][]int, len(arms))
	for j, a := range arms {
		k := both(a.Keep, keep)
		num, den := make([]float64, index.n), make([]float64, index.n)
		for i := range a.Verdicts {
			v := &a.Verdicts[i]
			if !admits(k, v) {
				continue
			}
			u, w := index.at(units.of(v)), float64(v.weight())
			den[u] += w
			if a.Indicator(v) {
				num[u] += w
			}
		}
		columns = append(columns, num, den)
		dens[j] = []int{2*j + 1}
	}
	est, err := sumCI(columns, len(arms), func(s, res []float64) {
		for j := range res {
			res[j] = s[2*j] / s[2*j+1]
		}
	}, dens, stream, o)
	if err != nil {
		return nil, err
	}
	for j := range est {
		scoreFallback(&est[j], o.level())
	}
	return est, nil
}
