package analysis

import (
	"sort"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/oracle"
)

// Summary is one configuration's ECS overall, per protocol and per domain.
// Point estimates pool all repeats.
type Summary struct {
	Config     string
	Overall    Rate
	ByProtocol [ingest.NumProtocols]Rate
	ByDomain   []Rate // aligned with Release.Domains()
	PM, DM     float64
	// RepeatECS is the overall ECS of each repeat (in repeat order) and RepeatStd their
	// sample standard deviation.
	Repeats   []int
	RepeatECS []float64
	RepeatStd float64
}

// Summarize computes Summary for every configuration over the given verdicts (already
// filtered to one condition, scored, non-static) that every filter keeps.
func (r *Release) Summarize(vs []Record, filters ...Filter) []Summary {
	keep := both(filters...)
	t := r.unitTable()
	type acc struct {
		s       *Summary
		repeats map[int]*Rate
	}
	var accs []acc
	// Each configuration's acc: by position (1 + index; 0 none yet), or by name for one
	// the release has no verdict of.
	slot := make([]int, len(r.configs))
	byName := map[string]int{}
	var order []string
	var reps []int32
	for i := range vs {
		v := &vs[i]
		if !admits(keep, v) {
			continue
		}
		x := 0
		if j := r.configOf(v); j >= 0 {
			x = slot[j]
		} else {
			x = byName[v.Config()]
		}
		if x == 0 {
			accs = append(accs, acc{&Summary{Config: v.Config(), ByDomain: make([]Rate, len(r.domains))}, map[int]*Rate{}})
			x = len(accs)
			if j := r.configOf(v); j >= 0 {
				slot[j] = x
			} else {
				byName[v.Config()] = x
			}
			order = append(order, v.Config())
		}
		a := &accs[x-1]
		s := a.s
		w := v.weight()
		s.Overall.addN(v.ECS(), w)
		if int(v.Protocol()) < ingest.NumProtocols {
			s.ByProtocol[v.Protocol()].addN(v.ECS(), w)
		}
		if di := t.domainOf(v); di >= 0 {
			s.ByDomain[di].addN(v.ECS(), w)
		}
		// Each repeat the record stands for (a lean aggregate has none: such a release has
		// no per-repeat ECS).
		reps = r.repeatsOf(v, reps[:0])
		for _, rep := range reps {
			rr := a.repeats[int(rep)]
			if rr == nil {
				rr = &Rate{}
				a.repeats[int(rep)] = rr
			}
			rr.Add(v.ECS())
		}
	}
	byConfig := map[string]*acc{}
	for i := range accs {
		byConfig[accs[i].s.Config] = &accs[i]
	}
	out := make([]Summary, 0, len(order))
	for _, c := range r.orderConfigs(order) {
		s, perRepeat := byConfig[c].s, byConfig[c].repeats
		var ps, ds []float64
		for _, p := range s.ByProtocol {
			if p.Den > 0 {
				ps = append(ps, p.Value())
			}
		}
		for _, d := range s.ByDomain {
			if d.Den > 0 {
				ds = append(ds, d.Value())
			}
		}
		s.PM, s.DM = meanOf(ps), meanOf(ds)
		for rep := range perRepeat {
			s.Repeats = append(s.Repeats, rep)
		}
		sort.Ints(s.Repeats)
		for _, rep := range s.Repeats {
			s.RepeatECS = append(s.RepeatECS, perRepeat[rep].Value())
		}
		s.RepeatStd = sampleStd(s.RepeatECS)
		out = append(out, *s)
	}
	return out
}

// orderConfigs sorts names by the release's configuration order.
func (r *Release) orderConfigs(names []string) []string {
	pos := map[string]int{}
	for i, c := range r.configs {
		pos[c] = i
	}
	out := append([]string(nil), names...)
	sort.SliceStable(out, func(i, j int) bool { return pos[out[i]] < pos[out[j]] })
	return out
}

// Diagnostics are the paper's Table 3 rates for one configuration, each computed within a
// repeat and then averaged over repeats with equal weight. NaN = no
// denominator in any repeat.
type Diagnostics struct {
	Config string
	BSR    float64 // V0: stopped before the investigation was complete / all V0
	PAR    float64 // V1: first attempt before complete / V1 with an attempt
	CAS    float64 // V1: ECS / V1 whose first attempt came after complete
	Gap    [ingest.NumProtocols]float64
	Part   [ingest.NumProtocols]float64
	// Denominators pooled over repeats, for the reader.
	BSRDen, PARDen, CASDen int
}

// Diagnose computes Diagnostics per configuration over the given verdicts.
func (r *Release) Diagnose(vs []Record) []Diagnostics {
	type acc struct {
		bsr, par, cas Rate
		gap, part     [ingest.NumProtocols]Rate
	}
	by := map[string]map[int]*acc{}
	var order []string
	var reps []int32
	for i := range vs {
		v := &vs[i]
		if by[v.Config()] == nil {
			by[v.Config()] = map[int]*acc{}
			order = append(order, v.Config())
		}
		reps = r.repeatsOf(v, reps[:0])
		for _, rep := range reps {
			a := by[v.Config()][int(rep)]
			if a == nil {
				a = &acc{}
				by[v.Config()][int(rep)] = a
			}
			switch v.Protocol() {
			case ingest.V0:
				a.bsr.Add(!v.Attempted() && !v.CoverageComplete())
			case ingest.V1:
				if v.Attempted() {
					a.par.Add(!v.CompleteAtFirstAttempt())
					if v.CompleteAtFirstAttempt() {
						a.cas.Add(v.ECS())
					}
				}
			}
			if v.Protocol() >= ingest.V1 {
				a.gap[v.Protocol()].Add(v.MissingAtCheckpoint())
			}
			if v.Protocol() >= ingest.V2 {
				a.part[v.Protocol()].Add(v.committed() && !v.ECS())
			}
		}
	}
	var out []Diagnostics
	for _, c := range r.orderConfigs(order) {
		reps := sortedKeys(by[c])
		d := Diagnostics{Config: c}
		var bsr, par, cas []float64
		var gap, part [ingest.NumProtocols][]float64
		for _, rep := range reps {
			a := by[c][rep]
			bsr, par, cas = append(bsr, a.bsr.Value()), append(par, a.par.Value()), append(cas, a.cas.Value())
			d.BSRDen += a.bsr.Den
			d.PARDen += a.par.Den
			d.CASDen += a.cas.Den
			for p := range gap {
				gap[p] = append(gap[p], a.gap[p].Value())
				part[p] = append(part[p], a.part[p].Value())
			}
		}
		d.BSR, d.PAR, d.CAS = meanOf(bsr), meanOf(par), meanOf(cas)
		for p := range gap {
			d.Gap[p], d.Part[p] = meanOf(gap[p]), meanOf(part[p])
		}
		out = append(out, d)
	}
	return out
}

func sortedKeys[V any](m map[int]V) []int {
	ks := make([]int, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Ints(ks)
	return ks
}

// FailureTypes in display order: "success" (the share of successful episodes, so that each
// row of proportions sums to 1), the oracle's failure types, and infra_failure (wall-clock
// timeouts counted as failures under --infra-failures fail).
var FailureTypes = append(append([]string{"success"}, oracle.FailureTypes...), oracle.FailInfra)

// FailureMix is the share of each failure type among a group's episodes.
type FailureMix struct {
	Config   string
	Protocol ingest.Protocol
	N        int
	Share    []float64 // aligned with FailureTypes
}

// FailureMixes computes the failure-type proportions per configuration and protocol.
func (r *Release) FailureMixes(vs []Record) []FailureMix {
	idx := map[string]int{}
	for i, t := range FailureTypes {
		idx[t] = i
	}
	type key struct {
		c string
		p ingest.Protocol
	}
	counts := map[key][]int{}
	var order []string
	seen := map[string]bool{}
	for i := range vs {
		v := &vs[i]
		if !seen[v.Config()] {
			seen[v.Config()] = true
			order = append(order, v.Config())
		}
		k := key{v.Config(), v.Protocol()}
		if counts[k] == nil {
			counts[k] = make([]int, len(FailureTypes)+1)
		}
		t := v.FailureType()
		if v.ECS() {
			t = "success"
		}
		j, ok := idx[t]
		if !ok {
			j = idx["contract_or_invalid"] // an unnamed failure is still a failure
		}
		w := v.weight()
		counts[k][j] += w
		counts[k][len(FailureTypes)] += w
	}
	var out []FailureMix
	for _, c := range r.orderConfigs(order) {
		for p := ingest.Legacy; p < ingest.NumProtocols; p++ {
			cs := counts[key{c, p}]
			if cs == nil {
				continue
			}
			n := cs[len(FailureTypes)]
			m := FailureMix{Config: c, Protocol: p, N: n, Share: make([]float64, len(FailureTypes))}
			for j := range FailureTypes {
				m.Share[j] = float64(cs[j]) / float64(n)
			}
			out = append(out, m)
		}
	}
	return out
}

// InvestigationComplete reports whether the investigation was complete at the decisive
// point of an episode: at the first attempt when there was one, else at the end.
func InvestigationComplete(v *Record) bool {
	if v.Attempted() {
		return v.CompleteAtFirstAttempt()
	}
	return v.CoverageComplete()
}

// majority is the case-level majority vote of a configuration over the verdicts keep
// admits (nil: all): a case succeeds when a strict majority of its scored repeats succeed
// (2 of 3).
func majority(vs []Record, keep Filter) map[string]bool {
	by := caseRepeats(vs, keep)
	out := make(map[string]bool, len(by))
	for id, x := range by {
		out[id] = 2*x.c > x.n
	}
	return out
}

// repeatTally is a case's scored repeats (n) and successes (c).
type repeatTally struct{ n, c int }

// caseRepeats tallies the verdicts keep admits (nil: all) by base case.
func caseRepeats(vs []Record, keep Filter) map[string]*repeatTally {
	by := map[string]*repeatTally{}
	for i := range vs {
		if !admits(keep, &vs[i]) {
			continue
		}
		x := by[vs[i].BaseCaseID()]
		if x == nil {
			x = &repeatTally{}
			by[vs[i].BaseCaseID()] = x
		}
		w := vs[i].weight()
		x.n += w
		if vs[i].ECS() {
			x.c += w
		}
	}
	return by
}

// Disagreement counts the cases (shared by both) where the majority votes of a and b
// differ, split by which side succeeded.
type Disagreement struct {
	Shared, OnlyA, OnlyB int
}

// disagree compares two configurations' majority votes on their shared cases, over the
// verdicts ka and kb admit (nil: all).
func disagree(a []Record, ka Filter, b []Record, kb Filter) Disagreement {
	ma, mb := majority(a, ka), majority(b, kb)
	var d Disagreement
	for id, sa := range ma {
		sb, ok := mb[id]
		if !ok {
			continue
		}
		d.Shared++
		switch {
		case sa && !sb:
			d.OnlyA++
		case sb && !sa:
			d.OnlyB++
		}
	}
	return d
}
