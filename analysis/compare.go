package analysis

import (
	"fmt"
	"slices"
	"sort"

	"github.com/sabench/sabench-stats/ingest"
)

// CompareSpec says what `compare` compares: two configurations under one condition, or
// (Conditions) two conditions of one configuration; on some protocols (all when empty).
type CompareSpec struct {
	A, B       string
	Conditions bool
	Config     string // with Conditions
	Condition  string // without Conditions; "" is the main condition, as an episode's
	Protocols  []ingest.Protocol
}

// condition is the condition two configurations are compared under: an unset one is the
// main condition, as it is for an episode that names none (ingest.DefaultCondition).
func (s CompareSpec) condition() string {
	if s.Condition == "" {
		return ingest.DefaultCondition
	}
	return s.Condition
}

// Title names the comparison ("A − B", or "config: A − B").
func (s CompareSpec) Title() string {
	if s.Conditions {
		return fmt.Sprintf("%s: %s − %s", s.Config, s.A, s.B)
	}
	return fmt.Sprintf("%s − %s", s.A, s.B)
}

// CompareScope is the comparison on one scope ("All" the chosen protocols, or one
// protocol): shared cases, both arms' episodes and ECS on them, the paired Δ resampling
// cases and resampling template clusters, and the case-level majority-vote split with
// McNemar's exact p.
type CompareScope struct {
	Label                 string
	Shared                int
	ECSA, ECSB            Rate
	Delta, DeltaClustered Estimate
	OnlyA, OnlyB          int
	P                     float64
	// UsualA and UsualB are the most common number of scored repeats per shared case of
	// each arm, TiesA and TiesB its shared cases whose repeats split evenly: no strict
	// majority, so they count as failing in OnlyA and OnlyB (not in the Δ, which pools).
	UsualA, UsualB int
	TiesA, TiesB   int
}

// ClustersShown says whether a comparison shows a clusters interval beside the cases one
// (the table's clusters column, the forest plot's "clusters" rows): not where every scope's
// clusters are its shared cases one each (a τ-bench domain's tasks, or cases without a
// template), whose clusters interval is a second draw of the cases one, nor without
// resamples, where it would repeat the estimate.
func ClustersShown(scopes []CompareScope, o StatOptions) bool {
	for _, x := range scopes {
		if x.DeltaClustered.Units != x.Shared && o.Resamples > 0 {
			return true
		}
	}
	return false
}

// CompareEach is Compare on each release (one per policy), in order.
func CompareEach(rels []*Release, s CompareSpec, o StatOptions) ([][]CompareScope, error) {
	out := make([][]CompareScope, len(rels))
	for i, r := range rels {
		var err error
		if out[i], err = r.Compare(s, o); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// Compare computes the "All" scope, then one per protocol both arms have.
func (r *Release) Compare(s CompareSpec, o StatOptions) ([]CompareScope, error) {
	a, b := s.arms(r)
	type scope struct {
		label string
		keep  Filter
	}
	scopes := []scope{{"All", nil}}
	for _, p := range protocolsOf(a.Verdicts, a.Keep) {
		if anyWhere(b.Verdicts, both(b.Keep, Protocol(p))) {
			scopes = append(scopes, scope{p.Label(), Protocol(p)})
		}
	}
	oc := o
	oc.Clustered = true
	o.Clustered = false
	var out []CompareScope
	for _, sc := range scopes {
		sa, sb := a.with(sc.keep), b.with(sc.keep)
		on, shared := r.onShared(sa, sb)
		cs := CompareScope{Label: sc.label, Shared: shared,
			ECSA: rateOf(sa.Verdicts, both(sa.Keep, on), ECSOf), ECSB: rateOf(sb.Verdicts, both(sb.Keep, on), ECSOf)}
		var err error
		if cs.Delta, err = r.comparedDelta(s, sa, sb, o); err != nil {
			return nil, err
		}
		if cs.DeltaClustered, err = r.comparedDelta(s, sa, sb, oc); err != nil {
			return nil, err
		}
		var d Disagreement
		if d, cs.P, err = mcNemar(sa.Verdicts, sa.Keep, sb.Verdicts, sb.Keep); err != nil {
			return nil, err
		}
		cs.OnlyA, cs.OnlyB = d.OnlyA, d.OnlyB
		va, vb := caseRepeats(sa.Verdicts, sa.Keep), caseRepeats(sb.Verdicts, sb.Keep)
		cs.UsualA, cs.TiesA = votesOnShared(va, vb)
		cs.UsualB, cs.TiesB = votesOnShared(vb, va)
		out = append(out, cs)
	}
	return out, nil
}

// comparedDelta is the paired Δ of one scope, on the stream deltaStream names, so that it
// is the interval the tables print for the same Δ.
func (r *Release) comparedDelta(s CompareSpec, a, b Arm, o StatOptions) (Estimate, error) {
	ac, bc, acond, bcond := s.A, s.B, s.condition(), s.condition()
	if s.Conditions {
		ac, bc, acond, bcond = s.Config, s.Config, s.A, s.B
	}
	stream, name := r.deltaStream(ac, acond, bc, bcond, a, b, o)
	ds, err := r.PairedDiffs([]Pair{{A: a, B: b, Name: name}}, stream, o)
	if err != nil {
		return Estimate{}, err
	}
	return ds[0], nil
}

// arms are the scored interactive episodes of both sides on the chosen protocols, with
// ECS as the indicator.
func (s CompareSpec) arms(r *Release) (a, b Arm) {
	var keep Filter
	if len(s.Protocols) > 0 {
		keep = func(v *Record) bool { return slices.Contains(s.Protocols, v.Protocol()) }
	}
	arm := func(config, condition string) Arm {
		return Arm{Verdicts: r.cell(config, condition, false), Indicator: ECSOf, Keep: keep}
	}
	if s.Conditions {
		return arm(s.Config, s.A), arm(s.Config, s.B)
	}
	return arm(s.A, s.condition()), arm(s.B, s.condition())
}

// Conditions lists the conditions of a configuration's scored episodes (every
// configuration's when config is empty) other than static judgments, sorted.
func (r *Release) Conditions(config string) []string {
	seen := map[string]bool{}
	for i := range r.Verdicts {
		v := &r.Verdicts[i]
		if !v.Excluded() && !StaticJudgments(v) && (config == "" || v.Config() == config) {
			seen[v.Condition()] = true
		}
	}
	out := make([]string, 0, len(seen))
	for c := range seen {
		out = append(out, c)
	}
	sort.Strings(out)
	return out
}

// Resolve checks A, B and Config against what the release holds (configuration names
// match case-insensitively, MatchName, and are replaced by the release's spelling); with Conditions and no
// Config it picks the only configuration, without it an unset Condition becomes "main".
// Condition with Conditions, or Config without, is an error. Its errors name the unknown
// value and the known ones.
func (s *CompareSpec) Resolve(r *Release) error {
	configs := r.Configs()
	// A field the comparison does not read is refused, not ignored.
	switch {
	case s.Conditions && s.Condition != "":
		return fmt.Errorf("condition %q applies to two configurations; with Conditions, A and B are the conditions compared", s.Condition)
	case !s.Conditions && s.Config != "":
		return fmt.Errorf("config %q applies with Conditions (A and B are then conditions of that configuration)", s.Config)
	}
	if s.Conditions {
		if s.Config == "" {
			if len(configs) != 1 {
				return fmt.Errorf("--conditions: which configuration? pass --config (known: %s)", ingest.QuotedList(configs))
			}
			s.Config = configs[0]
		}
		var err error
		if s.Config, err = MatchName("configuration", s.Config, configs); err != nil {
			return err
		}
		conds := r.Conditions(s.Config)
		for _, x := range []string{s.A, s.B} {
			if !slices.Contains(conds, x) {
				return fmt.Errorf("configuration %q has no condition %q (known: %s)", s.Config, x, ingest.QuotedList(conds))
			}
		}
		return nil
	}
	for _, x := range []*string{&s.A, &s.B} {
		var err error
		if *x, err = MatchName("configuration", *x, configs); err != nil {
			return err
		}
	}
	s.Condition = s.condition()
	if err := known("condition", s.Condition, r.Conditions("")); err != nil {
		return err
	}
	// A side without scored episodes of the condition has nothing to compare (a
	// configuration that ran only a strategy condition, or whose runs were all excluded).
	for _, c := range []string{s.A, s.B} {
		if conds := r.Conditions(c); !slices.Contains(conds, s.Condition) {
			return fmt.Errorf("configuration %q has no condition %q (known: %s)", c, s.Condition, ingest.QuotedList(conds))
		}
	}
	return nil
}

// known is an error naming x when it is not among the known names.
func known(what, x string, names []string) error {
	if slices.Contains(names, x) {
		return nil
	}
	if len(names) == 0 {
		return fmt.Errorf("unknown %s %q (there is none)", what, x)
	}
	return fmt.Errorf("unknown %s %q (known: %s)", what, x, ingest.QuotedList(names))
}

// votesOnShared is, over the cases of a that b has too, the most common number of repeats
// (the larger on a tie) and the cases whose repeats split evenly.
func votesOnShared(a, b map[string]*repeatTally) (usual, ties int) {
	freq := map[int]int{}
	for id, x := range a {
		if _, ok := b[id]; !ok {
			continue
		}
		freq[x.n]++
		if f, u := freq[x.n], freq[usual]; f > u || f == u && x.n > usual {
			usual = x.n
		}
		if 2*x.c == x.n {
			ties++
		}
	}
	return usual, ties
}
