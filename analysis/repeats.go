package analysis

import (
	"slices"
	"sort"

	"github.com/sabench/sabench-stats/bootstrap"
)

// RepeatRow is the repeat-variation table's row for one configuration: the ECS of each
// repeat, their sample standard deviation, and pass^k for the requested ks, all over the
// same verdicts.
type RepeatRow struct {
	Config    string
	Repeats   []int     // repeat indices, ascending
	RepeatECS []float64 // ECS of each repeat (aligned with Repeats)
	Std       float64   // sample standard deviation (n−1) of RepeatECS; NaN below two
	Planned   int       // repeats planned per case: the configuration's number of repeats
	Cases     int
	PassK     []bootstrap.PassK // aligned with the ks asked for; k above Planned is left out
	// Read is, aligned with Repeats, how many of the Cases each repeat was read for (scored
	// or excluded); NotRead the cases missing a repeat the configuration has elsewhere,
	// which no exclusion explains: a repeat below Cases was not run on every case.
	Read    []int
	NotRead int
	// Usual is the most common number of scored repeats per case (the larger on a tie):
	// what a majority of a case's repeats usually means.
	Usual int
}

// RepeatVariation computes RepeatRow for every configuration of vs (in configuration order;
// the verdicts every filter keeps), with pass^k for each k in ks (at most Planned) under
// the convention conv, all ks in one pass per case (bootstrap.PassHatKs). Planned is the
// configuration's number of distinct repeats, so under bootstrap.PassKPlanned a case scored
// fewer times counts its missing repeats as failures; PassK.Short lists those cases either
// way.
func (r *Release) RepeatVariation(vs []Record, ks []int, conv bootstrap.PassKConvention, filters ...Filter) ([]RepeatRow, error) {
	keep := both(filters...)
	var out []RepeatRow
	reads := r.repeatReads(vs, keep)
	for _, s := range r.Summarize(vs, keep) {
		row := RepeatRow{Config: s.Config, Repeats: s.Repeats, RepeatECS: s.RepeatECS, Std: s.RepeatStd, Planned: len(s.Repeats)}
		if j := slices.Index(r.configs, s.Config); j >= 0 {
			for _, rep := range s.Repeats {
				row.Read = append(row.Read, reads[j].cases[int32(rep)])
			}
			row.NotRead = reads[j].notRead
		}
		type nc struct{ n, c int }
		by := map[string]*nc{}
		var ids []string
		for i := range vs {
			v := &vs[i]
			if v.Config() != s.Config || !admits(keep, v) {
				continue
			}
			x := by[v.CaseID()]
			if x == nil {
				x = &nc{}
				by[v.CaseID()] = x
				ids = append(ids, v.CaseID())
			}
			w := v.weight()
			x.n += w
			if v.ECS() {
				x.c += w
			}
		}
		sort.Strings(ids) // a fixed summation order
		cs, ns := make([]int, len(ids)), make([]int, len(ids))
		for i, id := range ids {
			cs[i], ns[i] = by[id].c, by[id].n
			row.Planned = max(row.Planned, ns[i])
		}
		row.Cases = len(ids)
		freq := map[int]int{}
		for _, n := range ns {
			freq[n]++
			if f, u := freq[n], freq[row.Usual]; f > u || f == u && n > row.Usual {
				row.Usual = n
			}
		}
		var use []int
		for _, k := range ks {
			if k <= row.Planned {
				use = append(use, k)
			}
		}
		if len(use) > 0 {
			pk, err := bootstrap.PassHatKs(cs, ns, row.Planned, use, conv)
			if err != nil {
				return nil, err
			}
			row.PassK = pk
		}
		out = append(out, row)
	}
	return out, nil
}
