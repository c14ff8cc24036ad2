package analysis

import (
	"fmt"
	"math"
	"slices"

	"github.com/sabench/sabench-stats/ingest"
)

// HarnessPair is a model's configuration on a non-shared ("family") harness and its
// configuration on the shared harness.
type HarnessPair struct {
	Model, Family, Shared string
}

// HarnessPairs finds, per model in configuration order, each configuration whose harness
// is not the shared one (Choices.SharedHarness, case-insensitive), paired with the
// model's shared-harness configuration.
func (r *Release) HarnessPairs(ch Choices) []HarnessPair {
	// Each configuration's harness and model are those of its first verdict, as in ModelOf:
	// an input that names one configuration with several models (which the reader warns
	// of) then pairs the same way whether the release keeps a record per episode or
	// aggregates, whose first is the first episode's.
	first := make([]int, len(r.configs))
	done := make([]bool, len(r.configs))
	for i := range r.Verdicts {
		if j := r.configOf(&r.Verdicts[i]); !done[j] {
			first[j], done[j] = i, true
		}
	}
	harness := map[string]string{}
	model := map[string]string{}
	for j, c := range r.configs {
		harness[c], model[c] = r.Verdicts[first[j]].Harness(), r.Verdicts[first[j]].Model()
	}
	shared := map[string]string{}
	for _, c := range r.configs {
		if ch.isShared(harness[c]) {
			shared[model[c]] = c
		}
	}
	var out []HarnessPair
	for _, c := range r.configs {
		if !ch.isShared(harness[c]) && shared[model[c]] != "" {
			out = append(out, HarnessPair{Model: model[c], Family: c, Shared: shared[model[c]]})
		}
	}
	return out
}

// Unpaired lists, in configuration order, the configurations that HarnessPairs leaves
// out: one of a model without a configuration on the shared harness, or one on the shared
// harness whose model has no other. T4, its forest plot and the disagreement table name
// them, since a model missing from them would otherwise read as never run.
func (r *Release) Unpaired(ch Choices) []string {
	paired := map[string]bool{}
	for _, p := range r.HarnessPairs(ch) {
		paired[p.Family], paired[p.Shared] = true, true
	}
	var out []string
	for _, c := range r.configs {
		if !paired[c] {
			out = append(out, c)
		}
	}
	return out
}

// HarnessRow is T4's row: a harness pair on the V0–V3 cases both configurations ran,
// with both arms' ECS and investigation-complete rates on those cases and the paired Δ ECS
// (family − shared; Delta.A and Delta.B are the arms' ECS, Delta.Cases the cases).
type HarnessRow struct {
	HarnessPair
	ECSFamily, ECSShared           Rate
	CompleteFamily, CompleteShared Rate
	// CompleteFamilyCI and CompleteSharedCI are the Complete rates with intervals (cases,
	// or templates, resampled; the paired cases only).
	CompleteFamilyCI, CompleteSharedCI Estimate
	Delta                              Estimate
}

// executable are the V0–V3 protocols (Executable).
var executable = []ingest.Protocol{ingest.V0, ingest.V1, ingest.V2, ingest.V3}

// HarnessComparison is T4 (and its forest plot): each harness pair paired over cases,
// computed once per choices and options for both.
func (r *Release) HarnessComparison(ch Choices, o StatOptions) ([]HarnessRow, error) {
	k := harnessKey{ch: ch, o: o}
	k.o.Workers = 0
	return cached(r, k, func() ([]HarnessRow, error) { return r.harnessComparison(ch, o) })
}

// harnessKey caches HarnessComparison.
type harnessKey struct {
	ch Choices
	o  StatOptions
}

func (r *Release) harnessComparison(ch Choices, o StatOptions) ([]HarnessRow, error) {
	hps := r.HarnessPairs(ch)
	pairs := make([]Pair, len(hps))
	rows := make([]HarnessRow, len(hps))
	for i, hp := range hps {
		a := Arm{Verdicts: r.mainOf(hp.Family), Indicator: ECSOf, Keep: Executable}
		b := Arm{Verdicts: r.mainOf(hp.Shared), Indicator: ECSOf, Keep: Executable}
		_, name := r.deltaStream(hp.Family, ingest.DefaultCondition, hp.Shared, ingest.DefaultCondition, a, b, o)
		pairs[i] = Pair{A: a, B: b, Name: name}
		on, _ := r.onShared(a, b)
		rows[i] = HarnessRow{HarnessPair: hp,
			CompleteFamily: rateOf(a.Verdicts, both(a.Keep, on), InvestigationComplete),
			CompleteShared: rateOf(b.Verdicts, both(b.Keep, on), InvestigationComplete)}
		// Both arms' Complete from one draw of the paired cases, as Δ's arms are drawn.
		complete := []Arm{a, b}
		for j := range complete {
			complete[j].Indicator = InvestigationComplete
		}
		ci, err := r.indicatorCIs(complete, on, fmt.Sprintf("T4/%s/complete", hp.Family), o)
		if err != nil {
			return nil, err
		}
		rows[i].CompleteFamilyCI, rows[i].CompleteSharedCI = ci[0], ci[1]
	}
	diffs, err := r.PairedDiffs(pairs, "delta", o)
	if err != nil {
		return nil, err
	}
	for i := range rows {
		rows[i].Delta = diffs[i]
		rows[i].ECSFamily, rows[i].ECSShared = diffs[i].A, diffs[i].B
	}
	return rows, nil
}

// onShared keeps the verdicts of the base cases both arms have episodes on: the cases a
// paired comparison is computed on; n is how many. The filter is for one goroutine.
func (r *Release) onShared(a, b Arm) (keep Filter, n int) {
	cases := r.caseIDs()
	in, n := sharedCases(a, b, cases)
	return func(v *Record) bool { return has(in, cases.of(v)) }, n
}

// DisagreementRow is one harness pair's case-level majority-vote disagreement on the
// V0–V3 cases, with McNemar's exact p (NaN when undefined, or when the two share no case).
type DisagreementRow struct {
	Pair   HarnessPair
	Counts Disagreement
	P      float64
}

// HarnessDisagreement compares each harness pair's majority votes.
func (r *Release) HarnessDisagreement(ch Choices) []DisagreementRow {
	var out []DisagreementRow
	for _, hp := range r.HarnessPairs(ch) {
		d, p, err := mcNemar(r.mainOf(hp.Family), Executable, r.mainOf(hp.Shared), Executable)
		if err != nil {
			p = math.NaN()
		}
		out = append(out, DisagreementRow{Pair: hp, Counts: d, P: p})
	}
	return out
}

// Harnesses lists the harnesses of the configurations, in order of first appearance.
func (r *Release) Harnesses() []string { return r.harnesses }

// HarnessScope names, for a title, the V0–V3 protocols of the cases the harness pairs of
// ch share (ExecutableScope): what T4, its forest plot and the disagreement table cover.
func (r *Release) HarnessScope(ch Choices) string {
	var covered []ingest.Protocol
	for _, hp := range r.HarnessPairs(ch) {
		a := Arm{Verdicts: r.mainOf(hp.Family), Keep: Executable}
		b := Arm{Verdicts: r.mainOf(hp.Shared), Keep: Executable}
		on, _ := r.onShared(a, b)
		covered = append(covered, protocolsOf(a.Verdicts, both(a.Keep, on))...)
	}
	return r.ExecutableScope(covered)
}

// ExecutableScope names the V0–V3 protocols of covered (what a table's or figure's
// numbers are on, in any order, repeats allowed) for a title (ingest.ExecutableLabel):
// "V0–V3" when they are all four, else those covered ("V0, V1 and V2" on a bench whose V3
// cases nobody ran); when covered has none of them, the bench's own V0–V3 protocols (the
// title then heads a table that says why it is empty).
func (r *Release) ExecutableScope(covered []ingest.Protocol) string {
	var have []ingest.Protocol
	for _, p := range executable {
		if slices.Contains(covered, p) {
			have = append(have, p)
		}
	}
	if len(have) == 0 {
		sizes := r.ProtocolSizes()
		for _, p := range executable {
			if sizes.ByProto[p].All > 0 {
				have = append(have, p)
			}
		}
	}
	return ingest.ExecutableLabel(have)
}
