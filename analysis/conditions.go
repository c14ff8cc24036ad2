package analysis

import (
	"slices"
	"strings"

	"github.com/sabench/sabench-stats/ingest"
)

// StaticRow is T9/T10's row: one configuration's static accuracy and interactive ECS on
// the cases of a set that have both, with the paired Δ static − interactive.
type StaticRow struct {
	Config              string
	Cases               int // cases with both static judgments and interactive episodes
	Static, Interactive Rate
	Delta               Estimate
}

// StaticVsInteractive compares static judgments with interactive ECS on the named case
// set, per configuration with static judgments on it. ok is false when the release has no
// such set; size is the set's number of cases.
func (r *Release) StaticVsInteractive(set, stream string, o StatOptions) (rows []StaticRow, size int, ok bool, err error) {
	ids, ok := r.Sets[set]
	if !ok {
		return nil, 0, false, nil
	}
	in := r.inSet(ids)
	var pairs []Pair
	for _, c := range r.configs {
		static := r.staticOf(c)
		if !anyWhere(static, in) {
			continue
		}
		pairs = append(pairs, Pair{A: Arm{Verdicts: static, Indicator: staticCorrect, Keep: in},
			B: Arm{Verdicts: r.mainOf(c), Indicator: ECSOf, Keep: in}, Name: c})
		rows = append(rows, StaticRow{Config: c})
	}
	diffs, err := r.PairedDiffs(pairs, stream, o)
	if err != nil {
		return nil, 0, true, err
	}
	for i, d := range diffs {
		rows[i].Delta, rows[i].Static, rows[i].Interactive, rows[i].Cases = d, d.A, d.B, d.Cases
	}
	return rows, len(ids), true, nil
}

// staticCorrect marks a static judgment equal to the gold decision (the oracle scores it as
// ECS).
func staticCorrect(v *Record) bool { return v.ECS() }

// StrategyRow is T13/T14's row: one configuration's main and strategy ECS on the cases
// both conditions ran, the paired overall Δ strategy − main, and the paired Δ per protocol
// (aligned with the protocols of the comparison), each with its interval.
type StrategyRow struct {
	Config         string
	Main, Strategy Rate
	Delta          Estimate
	ByProtocol     []Estimate
}

// StrategyProtocols are the protocols a strategy comparison covers: all with Legacy,
// V0–V3 without.
func StrategyProtocols(withLegacy bool) []ingest.Protocol {
	var out []ingest.Protocol
	for p := ingest.Legacy; p < ingest.NumProtocols; p++ {
		if withLegacy || p != ingest.Legacy {
			out = append(out, p)
		}
	}
	return out
}

// StrategyComparison compares a strategy condition with main per configuration on the
// shared cases; ok is false when no episode has that condition.
func (r *Release) StrategyComparison(condition string, withLegacy bool, o StatOptions) (rows []StrategyRow, ok bool, err error) {
	inScope := func(v *Record) bool { return withLegacy || v.Protocol() != ingest.Legacy }
	if !r.hasCondition(condition) {
		return nil, false, nil
	}
	protos := StrategyProtocols(withLegacy)
	var pairs, byProto []Pair
	for _, c := range r.configs {
		sa := Arm{Verdicts: r.cell(c, condition, false), Indicator: ECSOf, Keep: inScope}
		if !anyWhere(sa.Verdicts, sa.Keep) {
			continue
		}
		ma := Arm{Verdicts: r.mainOf(c), Indicator: ECSOf, Keep: inScope}
		_, name := r.deltaStream(c, condition, c, ingest.DefaultCondition, sa, ma, o)
		pairs = append(pairs, Pair{A: sa, B: ma, Name: name})
		for _, p := range protos {
			pa, pm := sa.with(Protocol(p)), ma.with(Protocol(p))
			_, name := r.deltaStream(c, condition, c, ingest.DefaultCondition, pa, pm, o)
			byProto = append(byProto, Pair{A: pa, B: pm, Name: name})
		}
		rows = append(rows, StrategyRow{Config: c})
	}
	diffs, err := r.PairedDiffs(pairs, "delta", o)
	if err != nil {
		return nil, true, err
	}
	pds, err := r.PairedDiffs(byProto, "delta", o)
	if err != nil {
		return nil, true, err
	}
	for i, d := range diffs {
		rows[i].Delta, rows[i].Strategy, rows[i].Main = d, d.A, d.B
		rows[i].ByProtocol = pds[i*len(protos) : (i+1)*len(protos)]
	}
	return rows, true, nil
}

// InterventionConditions are the paper's evidence interventions, in display order.
var InterventionConditions = []string{"withheld", "contradicted", "evidence_package", "requester_claim"}

// interventionConditions are the conditions the interventions table compares with main:
// the paper's, then (in order of first appearance) any other run on variant cases of its
// own name (BASE@redacted as condition "redacted"), an intervention a bench built like
// SafeActBench adds, whose episodes would otherwise have no row.
func (r *Release) interventionConditions() []string {
	out := slices.Clone(InterventionConditions)
	for _, cond := range r.conditions {
		if slices.Contains(out, cond) {
			continue
		}
		for _, c := range r.configs {
			vs := r.cell(c, cond, false)
			if len(vs) > 0 && strings.HasSuffix(vs[0].CaseID(), "@"+cond) {
				out = append(out, cond)
				break
			}
		}
	}
	return out
}

// InterventionRow is one configuration × intervention condition: the share of episodes
// acting under main and under the condition on the cases both ran, the paired Δ, and (for
// variant conditions) how many acted episodes had called the affected tool first.
type InterventionRow struct {
	Config, Condition string
	Cases             int
	ActedMain, Acted  Rate
	Delta             Estimate
	// Looked of Acted had called an affected tool before acting; HasLooked is false where
	// it does not apply.
	Looked, LookedOf int
	HasLooked        bool
	// Unaffected are the variant cases whose acted episodes Looked and LookedOf leave out:
	// no information tool's evidence differs from the base case's, or one that does is not
	// among the first 64 of the case's info_tools (which the verdicts track).
	Unaffected []string
}

// Interventions compares each intervention condition with main on the intervention case
// set; ok is false when the release has no such set.
func (r *Release) Interventions(set string, o StatOptions) (rows []InterventionRow, ok bool, err error) {
	ids, ok := r.Sets[set]
	if !ok {
		return nil, false, nil
	}
	var pairs []Pair
	cases := r.caseIDs()
	conds := r.interventionConditions()
	for _, c := range r.configs {
		main := Arm{Verdicts: r.mainOf(c), Indicator: AttemptedOf, Keep: r.inSet(ids)}
		for _, cond := range conds {
			ca := Arm{Verdicts: r.cell(c, cond, false), Indicator: AttemptedOf}
			if len(ca.Verdicts) == 0 {
				continue
			}
			inCA := ca.caseSet(cases)
			ma := main.with(func(v *Record) bool { return has(inCA, cases.of(v)) })
			pairs = append(pairs, Pair{A: ca, B: ma, Name: c + "/" + cond})
			row := InterventionRow{Config: c, Condition: cond}
			on, _ := r.onShared(ca, ma)
			row.LookedOf, row.Looked, row.HasLooked, row.Unaffected = r.lookedBeforeActing(ca.Verdicts, on)
			rows = append(rows, row)
		}
	}
	diffs, err := r.PairedDiffs(pairs, "interventions", o)
	if err != nil {
		return nil, true, err
	}
	for i, d := range diffs {
		rows[i].Delta, rows[i].Acted, rows[i].ActedMain, rows[i].Cases = d, d.A, d.B, d.Cases
	}
	return rows, true, nil
}
