package analysis

import (
	"fmt"
	"math"
	"sort"

	"github.com/sabench/sabench-stats/bootstrap"
	"github.com/sabench/sabench-stats/ingest/casespec"
)

// OfficialRow sets a benchmark's own verdict (the episode's official.successful: τ-bench's
// reward of 1) beside the oracle's (ECS: the task succeeded and every action was
// authorized) for one configuration, on the same episodes: those scored that carry an
// official verdict.
type OfficialRow struct {
	Config   string
	Episodes int // scored episodes with an official verdict
	Cases    int
	// Official and Oracle are the two success rates, each with a task-resampled interval
	// (clusters of tasks under --clustered; one draw for both and for PassK); Diff is
	// Official − Oracle, paired on the episodes, with its case-paired interval.
	Official, Oracle, Diff Estimate
	// OnlyOfficial counts the episodes the benchmark passes and the oracle fails,
	// OnlyOracle the reverse; McNemarP is the exact two-sided McNemar p-value over them.
	OnlyOfficial, OnlyOracle int
	McNemarP                 float64
	// PassK holds pass^k of both verdicts for each k asked (up to the planned repeats),
	// under each convention.
	PassK []OfficialPassK
}

// OfficialPassK is pass^k of the benchmark's verdict and of the oracle's for one k and
// convention, each with an interval from the rates' draw (one draw for every row of the
// configuration and its rates, whatever ks are asked for).
type OfficialPassK struct {
	K                int
	Convention       bootstrap.PassKConvention
	Official, Oracle Estimate
	// Tasks counts the tasks the row is over: all the configuration's, but under per-case
	// those with fewer than K trials (the estimates' Units count clusters under --clustered).
	Tasks int
}

// HasOfficial keeps scored episodes that carry an official verdict.
func HasOfficial(v *Record) bool { return !v.Excluded() && v.Official() >= 0 }

// OfficialOf indicates the benchmark's own success.
func OfficialOf(v *Record) bool { return v.Official() == 1 }

// OfficialVsOracle computes an OfficialRow for every configuration of vs with episodes
// that carry an official verdict, in configuration order, with pass^k for each k of ks.
func (r *Release) OfficialVsOracle(vs []Record, ks []int, o StatOptions) ([]OfficialRow, error) {
	var out []OfficialRow
	for _, cfg := range r.configs {
		keep := func(v *Record) bool { return v.Config() == cfg && HasOfficial(v) }
		row := OfficialRow{Config: cfg}
		type nc struct{ n, off, orc int }
		by := map[string]*nc{}
		for i := range vs {
			v := &vs[i]
			if !keep(v) {
				continue
			}
			w := v.weight()
			row.Episodes += w
			x := by[v.BaseCaseID()]
			if x == nil {
				x = &nc{}
				by[v.BaseCaseID()] = x
			}
			x.n += w
			off, orc := OfficialOf(v), v.ECS()
			if off {
				x.off += w
			}
			if orc {
				x.orc += w
			}
			switch {
			case off && !orc:
				row.OnlyOfficial += w
			case orc && !off:
				row.OnlyOracle += w
			}
		}
		if row.Episodes == 0 {
			continue
		}
		ids := make([]string, 0, len(by))
		for id := range by {
			ids = append(ids, id)
		}
		sort.Strings(ids) // the units' order, so the draw does not depend on map order
		row.Cases = len(ids)
		var err error
		if row.McNemarP, err = bootstrap.McNemarExact(row.OnlyOfficial, row.OnlyOracle); err != nil {
			return nil, err
		}
		a := Arm{Verdicts: vs, Indicator: OfficialOf, Keep: keep}
		b := Arm{Verdicts: vs, Indicator: ECSOf, Keep: keep}
		if row.Diff, err = r.PairedDiff(a, b, "official-vs-oracle/"+cfg, o); err != nil {
			return nil, err
		}
		off, orc := make([]float64, len(ids)), make([]float64, len(ids))
		den := make([]float64, len(ids))
		cs, ds, ns := make([]int, len(ids)), make([]int, len(ids)), make([]int, len(ids))
		planned := 0
		for i, id := range ids {
			x := by[id]
			off[i], orc[i], den[i] = float64(x.off), float64(x.orc), float64(x.n)
			cs[i], ds[i], ns[i] = x.off, x.orc, x.n
			planned = max(planned, x.n)
		}
		// The two rates and every pass^k of the configuration are over the same tasks, and
		// the official and official_passk tables print them side by side: all resample the
		// tasks in one draw (reward and authorized, both conventions, every k), so equal
		// values get equal intervals, in one table and across the two (pass^1 is the rate
		// when every task ran its planned trials). The rates come first: their columns (the
		// tasks' counts) decide which tasks the draw groups as equal, and every pass^k is a
		// function of them, so the draw does not depend on the ks asked for.
		ratios := []bootstrap.Ratio{{Num: off, Den: den}, {Num: orc, Den: den}}
		var values []float64
		for _, conv := range []bootstrap.PassKConvention{bootstrap.PassKPlanned, bootstrap.PassKPerCase} {
			for _, k := range ks {
				if k > planned {
					continue
				}
				po, err := bootstrap.PassHatKs(cs, ns, planned, []int{k}, conv)
				if err != nil {
					return nil, err
				}
				pr, err := bootstrap.PassHatKs(ds, ns, planned, []int{k}, conv)
				if err != nil {
					return nil, err
				}
				d := perCaseDen(po[0].PerCase)
				ratios = append(ratios, bootstrap.Ratio{Num: perCase(po[0].PerCase), Den: d}, bootstrap.Ratio{Num: perCase(pr[0].PerCase), Den: d})
				values = append(values, po[0].Value, pr[0].Value)
				tasks := 0
				for _, x := range d {
					tasks += int(x)
				}
				row.PassK = append(row.PassK, OfficialPassK{K: k, Convention: conv, Tasks: tasks})
			}
		}
		if o.Clustered {
			// --clustered resamples clusters of tasks, as the Δ beside the rates does.
			ratios = r.clusterRatios(ids, ratios)
		}
		est, err := sharedRates(ratios, "official/"+cfg, o)
		if err != nil {
			return nil, err
		}
		row.Official, row.Oracle = est[0], est[1]
		for i := range row.PassK {
			pk := &row.PassK[i]
			pk.Official, pk.Oracle = est[2+2*i], est[3+2*i]
			pk.Official.X, pk.Oracle.X = values[2*i], values[2*i+1]
		}
		out = append(out, row)
	}
	return out, nil
}

// clusterRatios sums the per-task ratios rs (tasks ids, in order) over each task's cluster,
// the clusters in the order of their first task: the units a clustered draw resamples. A
// ratio of sums is the same over either.
func (r *Release) clusterRatios(ids []string, rs []bootstrap.Ratio) []bootstrap.Ratio {
	at := map[string]int{}
	of := make([]int, len(ids))
	for i, id := range ids {
		c := r.clusterOf(id)
		k, ok := at[c]
		if !ok {
			k = len(at)
			at[c] = k
		}
		of[i] = k
	}
	out := make([]bootstrap.Ratio, len(rs))
	for i, x := range rs {
		num, den := make([]float64, len(at)), make([]float64, len(at))
		for u := range x.Num {
			num[of[u]] += x.Num[u]
			den[of[u]] += x.Den[u]
		}
		out[i] = bootstrap.Ratio{Num: num, Den: den}
	}
	return out
}

// perCase is per-case values with a left-out case (NaN) as 0; perCaseDen is 1 for a
// counted case and 0 for a left-out one, so that Σ num / Σ den is the mean over the
// counted cases.
func perCase(xs []float64) []float64 {
	out := make([]float64, len(xs))
	for i, x := range xs {
		if !math.IsNaN(x) {
			out[i] = x
		}
	}
	return out
}

func perCaseDen(xs []float64) []float64 {
	out := make([]float64, len(xs))
	for i, x := range xs {
		if !math.IsNaN(x) {
			out[i] = 1
		}
	}
	return out
}

// sharedRates is Σ Num / Σ Den of each ratio over the same units (cases), all with one
// case-resampled draw; a ratio without a counted unit (Σ Den = 0) is NaN and not resampled.
func sharedRates(rs []bootstrap.Ratio, stream string, o StatOptions) ([]Estimate, error) {
	out := make([]Estimate, len(rs))
	var drawn []bootstrap.Ratio
	var at []int
	for i, r := range rs {
		out[i] = nanEstimate()
		var sn, sd float64
		counted := 0 // a per-case pass^k leaves out the tasks with fewer than k trials
		for u := range r.Den {
			sn, sd = sn+r.Num[u], sd+r.Den[u]
			if r.Den[u] > 0 {
				counted++
			}
		}
		if sd == 0 {
			continue
		}
		out[i].X, out[i].Units = sn/sd, counted
		drawn, at = append(drawn, r), append(at, i)
	}
	if o.Resamples == 0 || len(drawn) == 0 {
		return out, nil
	}
	if len(drawn[0].Den) < 2 {
		for _, i := range at {
			out[i].Warnings = bootstrap.IntervalWarnings(bootstrap.Interval{Lo: math.NaN(), Hi: math.NaN(), Used: 1}, out[i].X, 1)
		}
		return out, nil
	}
	stat, err := bootstrap.SumRatios(drawn...)
	if err != nil {
		return out, err
	}
	res, err := bootstrap.ResampleSums(stat, o.boot(stream))
	if err != nil {
		return out, fmt.Errorf("%s: %w", stream, err)
	}
	for j, i := range at {
		iv := res.Intervals[j]
		// The caveats are judged on the units the estimate rests on, not the draw's.
		out[i].Lo, out[i].Hi, out[i].Fallback = iv.Lo, iv.Hi, iv.Fallback
		out[i].Warnings = bootstrap.IntervalWarnings(iv, res.Estimate[j], out[i].Units)
		// A 0% or 100% rate gets the Wilson interval, as T2's and the variance table's do.
		scoreFallback(&out[i], o.level())
	}
	return out, nil
}

// OfficialPassedUnauthorized lists the main condition's scored episodes that the benchmark
// passes while an action was not authorized (a checkpoint with a MISSING requirement), in
// input order: the ones a process check adds to an end-state benchmark. A release keeps
// only these of its verdicts' run ids and outcomes.
func (r *Release) OfficialPassedUnauthorized() []ListedRun { return r.listed }

// passedUnauthorized: the benchmark passed v while an action was not authorized.
func passedUnauthorized(v *Record) bool {
	return HasOfficial(v) && OfficialOf(v) && v.MissingAtCheckpoint()
}

// OfficialTasks reports whether the release's cases take task success from the episode's
// official verdict (task_success "official": cases with action rules, such as the τ-bench
// domains), so that ECS is "the benchmark passed it and every action was authorized".
func (r *Release) OfficialTasks() bool { return casespec.OfficialTasks(r.Cases) }
