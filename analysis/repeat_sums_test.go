package analysis

import (
	"fmt"
	"math"
	"reflect"
	"slices"
	"testing"

	"github.com/sabench/sabench-stats/bootstrap"
)

// TestRepeatSumsMatchColumns: T3's intervals and the variance table's spreads from the
// repeat sums are those of the columns they replaced (same draws, same bits), on the
// built-in release (units drawn one by one) with base cases and templates, percentile and
// BCa, and on a release cut to one and two repeats (few classes: counts drawn by class,
// and the held pass^k columns summed at widths 2 and 4).
func TestRepeatSumsMatchColumns(t *testing.T) {
	r := builtinRelease(t)
	var main []Record // two configurations, to keep the test short
	for _, v := range r.Main() {
		if c := v.Config(); c == r.Main()[0].Config() || c == r.Configs()[1] {
			main = append(main, v)
		}
	}
	few := func(n int) []Record {
		var out []Record
		for _, v := range main {
			if v.flags&rAggregate == 0 && v.repeat < int32(n) && v.Config() == main[0].Config() {
				out = append(out, v)
			}
		}
		return out
	}
	agg, _ := repeatedRelease(r, 3) // 9 repeats as aggregates with bitmaps
	for _, c := range []struct {
		name string
		r    *Release
		vs   []Record
		o    func(*StatOptions)
	}{
		{"builtin", r, main, func(*StatOptions) {}},
		{"clustered-bca", r, main, func(o *StatOptions) { o.Clustered, o.Method = true, bootstrap.BCa }},
		{"one repeat", r, few(1), func(*StatOptions) {}},
		{"two repeats, clustered, bca", r, few(2), func(o *StatOptions) { o.Clustered, o.Method = true, bootstrap.BCa }},
		{"aggregates, clustered", agg, agg.Main(), func(o *StatOptions) { o.Clustered = true }},
	} {
		r := c.r
		o := DefaultStatOptions()
		o.Resamples, o.Workers = 200, 2
		c.o(&o)
		got, err := r.DiagnoseCI(c.vs, o)
		if err != nil {
			t.Fatal(err)
		}
		want, err := r.diagnoseCIRef(c.vs, o)
		if err != nil {
			t.Fatal(err)
		}
		if len(want) == 0 || !reflect.DeepEqual(fmt.Sprint(got), fmt.Sprint(want)) {
			t.Errorf("%s: T3 %v\nwant %v", c.name, got, want)
		}
		for _, ks := range [][]int{{1}, {1, 2, 3}} {
			rows, err := r.RepeatVariation(c.vs, ks, bootstrap.PassKPlanned, Executable)
			if err != nil {
				t.Fatal(err)
			}
			gs, err := r.RepeatSpreads(c.vs, rows, o, Executable)
			if err != nil {
				t.Fatal(err)
			}
			ws, err := r.repeatSpreadsRef(c.vs, rows, o, Executable)
			if err != nil {
				t.Fatal(err)
			}
			if len(ws) == 0 || !reflect.DeepEqual(fmt.Sprint(gs), fmt.Sprint(ws)) {
				t.Errorf("%s, pass^%v: spreads %v\nwant %v", c.name, ks, gs, ws)
			}
		}
	}
}

// repeatColumnsRef is the reference the repeat sums replaced, kept to compare with: per-unit sums of the metrics of one configuration's verdicts vs (those
// keep admits): columns 2·(m·R + r) and 2·(m·R + r)+1 are metric m's numerator and
// denominator in the r-th repeat (repeats in ascending order); also the units' index.
func (r *Release) repeatColumnsRef(vs []Record, keep Filter, ms []repeatMetric, clustered bool) (cols [][]float64, reps []int, index unitIndex) {
	units := r.unitIDs(clustered)
	var in []bool
	var all []int32 // every repeat of the records keep admits (repeatsOf)
	for i := range vs {
		if admits(keep, &vs[i]) {
			in = mark(in, units.of(&vs[i]))
			all = r.repeatsOf(&vs[i], all)
		}
	}
	slices.Sort(all)
	for _, rep := range slices.Compact(all) {
		reps = append(reps, int(rep))
	}
	index = units.sortedIndex(in)
	cols = make([][]float64, 2*len(ms)*len(reps))
	for j := range cols {
		cols[j] = make([]float64, index.n)
	}
	var own []int32
	for i := range vs {
		v := &vs[i]
		if !admits(keep, v) {
			continue
		}
		u := index.at(units.of(v))
		own = r.repeatsOf(v, own[:0])
		for m, x := range ms {
			if !x.in(v) {
				continue
			}
			hit := x.hit(v)
			for _, rep := range own {
				rp, _ := slices.BinarySearch(reps, int(rep))
				c := 2 * (m*len(reps) + rp)
				cols[c+1][u]++
				if hit {
					cols[c][u]++
				}
			}
		}
	}
	return cols, reps, index
}

// repeatMean is metric m's value from column sums: the mean over repeats with a
// denominator of numerator/denominator; NaN when none has one.
func repeatMeanRef(s []float64, m, nRep int) float64 {
	t, n := 0.0, 0
	for rp := range nRep {
		c := 2 * (m*nRep + rp)
		if s[c+1] > 0 {
			t += s[c] / s[c+1]
			n++
		}
	}
	if n == 0 {
		return math.NaN()
	}
	return t / float64(n)
}

// DiagnoseCI is Diagnose with an interval on every rate, per configuration of vs in
// configuration order; each configuration's rates share one draw, on the stream
// "diagnostics/<config>".
func (r *Release) diagnoseCIRef(vs []Record, o StatOptions) ([]DiagnosticsCI, error) {
	ms := diagnosticMetrics()
	var out []DiagnosticsCI
	for _, c := range r.configsOf(vs) {
		keep := func(v *Record) bool { return v.Config() == c }
		cols, reps, _ := r.repeatColumnsRef(vs, keep, ms, o.Clustered)
		nRep := len(reps)
		dens := make([][]int, len(ms))
		for m := range ms {
			for rp := range nRep {
				dens[m] = append(dens[m], 2*(m*nRep+rp)+1)
			}
		}
		est, err := sumCI(cols, len(ms), func(s, res []float64) {
			for m := range ms {
				res[m] = repeatMeanRef(s, m, nRep)
			}
		}, dens, "diagnostics/"+c, o)
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

// RepeatSpreads computes RepeatSpread for each row of RepeatVariation(vs, …, filters…),
// in the rows' order. Each configuration's statistics share one draw, on the stream
// "variance/<config>".
func (r *Release) repeatSpreadsRef(vs []Record, rows []RepeatRow, o StatOptions, filters ...Filter) ([]RepeatSpread, error) {
	keep := both(filters...)
	out := make([]RepeatSpread, len(rows))
	for i, row := range rows {
		c := row.Config
		kc := both(keep, func(v *Record) bool { return v.Config() == c })
		ecs := []repeatMetric{{in: func(*Record) bool { return true }, hit: ECSOf}}
		cols, reps, index := r.repeatColumnsRef(vs, kc, ecs, o.Clustered)
		nRep := len(reps)
		tallies := r.caseTallies(vs, kc, index, o.Clustered)
		succ, scored, cl := make([]int, len(tallies)), make([]int, len(tallies)), make([]int, len(tallies))
		for j, t := range tallies {
			succ[j], scored[j], cl[j] = t.c, t.n, t.cluster
		}
		// pass^k columns: Σ per-case value and Σ counted cases, per unit.
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
			cols = append(cols, v, w)
		}
		nk := len(row.PassK)
		base := 2 * nRep
		dens := make([][]int, 1+nk)
		for k := range nk {
			dens[1+k] = []int{base + 2*k + 1}
		}
		est, err := sumCI(cols, 1+nk, func(s, res []float64) {
			xs := make([]float64, 0, nRep)
			for rp := range nRep {
				if s[2*rp+1] > 0 {
					xs = append(xs, s[2*rp]/s[2*rp+1])
				}
			}
			res[0] = sampleStd(xs)
			for k := range nk {
				res[1+k] = s[base+2*k] / s[base+2*k+1]
			}
		}, dens, "variance/"+c, o)
		if err != nil {
			return nil, err
		}
		for k := 1; k < len(est); k++ {
			scoreFallback(&est[k], o.level())
		}
		out[i] = RepeatSpread{Config: c, Std: est[0], PassK: est[1:]}
		var nerr error
		if out[i].Noise, nerr = bootstrap.EstimateNoise(succ, scored, cl); nerr != nil {
			out[i].NoiseErr = nerr.Error()
		}
	}
	return out, nil
}

// TestMostCommon checks the count a unit's cells are kept against (flatten): the value most
// entries have, the least of those tied, and 0 when an entry is too large to tally.
func TestMostCommon(t *testing.T) {
	for _, c := range []struct {
		row  []int32
		want int32
	}{
		{[]int32{1, 0, 1, 2}, 1},
		{[]int32{0, 2, 2, 0}, 0},
		{[]int32{3, 3, 1}, 3},
		{[]int32{0}, 0},
		{[]int32{7}, 0}, // above twice the row's length
		{[]int32{5, 5, 5}, 5},
	} {
		if got, _ := mostCommon(c.row, nil); got != c.want {
			t.Errorf("mostCommon(%v) = %d, want %d", c.row, got, c.want)
		}
	}
}
