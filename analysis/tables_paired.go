package analysis

import (
	"fmt"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/oracle"
	"github.com/sabench/sabench-stats/results"
)

// SharedHarness is the harness every model was also run with (the paper's Inspect); T4
// compares each model's other harnesses with it.
const SharedHarness = "Inspect"

// harnessPair is a model's family harness and its shared-harness configuration.
type harnessPair struct {
	model, family, shared string
	arms                  [2]Arm // filled by harnessDiffs
}

// harnessPairs finds, per model in configuration order, each configuration whose harness
// is not the shared one, paired with the model's shared-harness configuration.
func (r *Release) harnessPairs() []harnessPair {
	harness := map[string]string{}
	model := map[string]string{}
	for i := range r.Verdicts {
		v := &r.Verdicts[i]
		harness[v.Config], model[v.Config] = v.Harness, v.Model
	}
	shared := map[string]string{}
	for _, c := range r.configs {
		if harness[c] == SharedHarness {
			shared[model[c]] = c
		}
	}
	var out []harnessPair
	for _, c := range r.configs {
		if harness[c] != SharedHarness && shared[model[c]] != "" {
			out = append(out, harnessPair{model: model[c], family: c, shared: shared[model[c]]})
		}
	}
	return out
}

// T4 is the paired harness comparison per model on the V0–V3 cases.
func (r *Release) T4(o StatOptions) (*results.Table, error) {
	t := &results.Table{ID: "T4", Title: "Paired harness comparison (family harness − " + SharedHarness + ", V0–V3)",
		Columns: []results.Column{textCol("model", "Model"), textCol("family", "Family config"), pctCol("ecs_family", "ECS family"),
			pctCol("ecs_shared", "ECS "+SharedHarness), deltaCol("delta", "Δ ECS [95% CI]"), pctCol("complete_family", "Complete family"),
			pctCol("complete_shared", "Complete "+SharedHarness), countCol("units", "Units")}}
	pairs, diffs, err := r.harnessDiffs(o)
	if err != nil {
		return nil, err
	}
	for i, hp := range pairs {
		a, b, d := hp.arms[0].Verdicts, hp.arms[1].Verdicts, diffs[i]
		t.AddRow(results.Text(hp.model), results.Text(hp.family), rateCell(rateOf(a, ECSOf)), rateCell(rateOf(b, ECSOf)), estCell(d),
			rateCell(rateOf(a, InvestigationComplete)), rateCell(rateOf(b, InvestigationComplete)), results.Count(int64(d.Units)))
	}
	t.Notes = append(t.Notes,
		fmt.Sprintf("Δ on the cases both configurations ran; %d %s bootstrap resamples (seed %d); intervals %s.", o.Resamples, o.Unit(), o.Seed, methodName(o)),
		"Complete: share of episodes whose investigation was complete at the decisive point (the first attempt, else the end of the episode).",
		r.policyNote())
	return t, nil
}

// harnessDiffs is T4's comparison, shared with its forest plot: each model's family
// harness minus the shared harness on the V0–V3 cases, paired over cases.
func (r *Release) harnessDiffs(o StatOptions) ([]harnessPair, []Estimate, error) {
	hps := r.harnessPairs()
	pairs := make([]Pair, len(hps))
	for i := range hps {
		hps[i].arms = [2]Arm{{r.SelectFrom(r.mainOf(hps[i].family), Executable), ECSOf}, {r.SelectFrom(r.mainOf(hps[i].shared), Executable), ECSOf}}
		pairs[i] = Pair{hps[i].arms[0], hps[i].arms[1]}
	}
	diffs, err := r.PairedDiffs(pairs, "T4", o)
	return hps, diffs, err
}

// diffRows collects table rows that each need one paired difference, so that all of
// them are computed together (PairedDiffs shares draws) before the rows are emitted, in
// the order they were added.
type diffRows struct {
	pairs []Pair
	emit  []func(Estimate)
}

func (d *diffRows) add(p Pair, emit func(Estimate)) {
	d.pairs = append(d.pairs, p)
	d.emit = append(d.emit, emit)
}

func (d *diffRows) run(r *Release, stream string, o StatOptions) error {
	ests, err := r.PairedDiffs(d.pairs, stream, o)
	if err != nil {
		return err
	}
	for i, e := range ests {
		d.emit[i](e)
	}
	return nil
}

func methodName(o StatOptions) string {
	switch o.Method {
	case 1:
		return "basic"
	case 2:
		return "BCa (percentile where undefined)"
	}
	return "percentile"
}

// rateOf is the share of verdicts with the indicator.
func rateOf(vs []oracle.Verdict, ind func(*oracle.Verdict) bool) Rate {
	var x Rate
	for i := range vs {
		x.Add(ind(&vs[i]))
	}
	return x
}

// staticCorrect marks a static judgment equal to the gold decision (the oracle scores it as
// ECS).
func staticCorrect(v *oracle.Verdict) bool { return v.ECS }

// StaticVsInteractive is T9/T10: static accuracy vs interactive ECS on a case set, per
// configuration that has static judgments on it, with the paired difference.
func (r *Release) StaticVsInteractive(id, set string, o StatOptions) (*results.Table, error) {
	title := map[string]string{"T9": "Static judgment vs interactive ECS on the matched V1 cases",
		"T10": "Class-balanced control: static vs interactive accuracy"}[id]
	t := &results.Table{ID: id, Title: title,
		Columns: []results.Column{textCol("config", "Config"), countCol("cases", "Cases"), pctCol("static", "Static acc."),
			pctCol("interactive", "Interactive ECS"), deltaCol("delta", "Δ static − interactive [95% CI]")}}
	ids, ok := r.Sets[set]
	if !ok {
		t.Notes = append(t.Notes, fmt.Sprintf("No case set %q in this release (pass --set %s=FILE).", set, set))
		return t, nil
	}
	in := InSet(ids)
	static := r.Select(StaticJudgments, in)
	var rows diffRows
	for _, c := range r.configs {
		sa := r.SelectFrom(static, Config(c))
		if len(sa) == 0 {
			continue
		}
		ia := r.SelectFrom(r.mainOf(c), in)
		rows.add(Pair{Arm{sa, staticCorrect}, Arm{ia, ECSOf}}, func(d Estimate) {
			t.AddRow(results.Text(c), results.Count(int64(len(casesOf(sa)))), rateCell(rateOf(sa, staticCorrect)),
				rateCell(rateOf(ia, ECSOf)), estCell(d))
		})
	}
	if err := rows.run(r, id, o); err != nil {
		return nil, err
	}
	t.Notes = append(t.Notes,
		fmt.Sprintf("Case set %s (%d cases). Static: the agent_decision equals the gold decision. Δ paired over shared cases, %d %s resamples.", set, len(ids), o.Resamples, o.Unit()),
		r.policyNote())
	return t, nil
}

// Strategy is T13/T14: a strategy condition against main, per configuration, with the
// paired overall difference and per-protocol differences. withLegacy includes Legacy in
// the overall ECS (T13) or restricts it to V0–V3 (T14).
func (r *Release) Strategy(id, condition string, withLegacy bool, o StatOptions) (*results.Table, error) {
	scope := "V0–V3"
	if withLegacy {
		scope = "all protocols"
	}
	t := &results.Table{ID: id, Title: fmt.Sprintf("Strategy %s vs main (ECS %%, %s)", condition, scope),
		Columns: []results.Column{textCol("config", "Config"), pctCol("main", "Main"), pctCol("strategy", condition), deltaCol("delta", "Δ [95% CI]")}}
	first := ingest.Legacy
	if !withLegacy {
		first = ingest.V0
	}
	for p := first; p < ingest.NumProtocols; p++ {
		t.Columns = append(t.Columns, results.Column{Key: "delta_" + p.String(), Header: "Δ " + p.Label(), Kind: results.KindPercent, Decimals: 1, Signed: true})
	}
	inScope := func(v *oracle.Verdict) bool { return withLegacy || v.Protocol != ingest.Legacy }
	if len(r.Select(Interactive(condition))) == 0 {
		t.Notes = append(t.Notes, fmt.Sprintf("No episodes of condition %q in this release.", condition))
		return t, nil
	}
	models := r.modelOf()
	var rows diffRows
	for _, c := range r.configs {
		sa := r.of(c, condition, Interactive(condition), inScope)
		if len(sa) == 0 {
			continue
		}
		ma := r.SelectFrom(r.mainOf(c), inScope)
		rows.add(Pair{Arm{sa, ECSOf}, Arm{ma, ECSOf}}, func(d Estimate) {
			row := []results.Cell{results.Text(c), rateCell(rateOf(ma, ECSOf)), rateCell(rateOf(sa, ECSOf)), estCell(d)}
			for p := first; p < ingest.NumProtocols; p++ {
				sp, mp := rateOf(r.SelectFrom(sa, Protocol(p)), ECSOf), rateOf(r.SelectFrom(ma, Protocol(p)), ECSOf)
				row = append(row, results.Number(sp.Value()-mp.Value()))
			}
			t.AddGroupRow(models[c], row...)
		})
	}
	if err := rows.run(r, id, o); err != nil {
		return nil, err
	}
	t.Notes = append(t.Notes, fmt.Sprintf("Δ = %s − main on shared cases; %d %s resamples.", condition, o.Resamples, o.Unit()), r.policyNote())
	return t, nil
}

// InterventionConditions are the paper's evidence interventions, in display order.
var InterventionConditions = []string{"withheld", "contradicted", "evidence_package", "requester_claim"}

// Interventions is the action probability per intervention condition against the main
// condition on the intervention cases, with paired intervals.
func (r *Release) Interventions(o StatOptions) (*results.Table, error) {
	t := &results.Table{ID: "interventions", Title: "Evidence interventions: probability of acting (V1)",
		Columns: []results.Column{textCol("config", "Config"), textCol("condition", "Condition"), countCol("cases", "Cases"),
			{Key: "acted_main", Header: "Acted (main)", Kind: results.KindFraction}, {Key: "acted", Header: "Acted", Kind: results.KindFraction},
			deltaCol("delta", "Δ P(act) [95% CI]"), {Key: "looked", Header: "Acted after calling the affected tool", Kind: results.KindFraction}}}
	ids, ok := r.Sets[SetInterventions]
	if !ok {
		t.Notes = append(t.Notes, fmt.Sprintf("No case set %q in this release.", SetInterventions))
		return t, nil
	}
	var rows diffRows
	for _, c := range r.configs {
		main := r.SelectFrom(r.mainOf(c), InSet(ids))
		for _, cond := range InterventionConditions {
			ca := r.of(c, cond, Interactive(cond))
			if len(ca) == 0 {
				continue
			}
			cases := casesOf(ca)
			ma := r.SelectFrom(main, func(v *oracle.Verdict) bool { return cases[v.BaseCaseID] })
			rows.add(Pair{Arm{ca, AttemptedOf}, Arm{ma, AttemptedOf}}, func(d Estimate) {
				am, ac := rateOf(ma, AttemptedOf), rateOf(ca, AttemptedOf)
				looked := results.Empty()
				if n, k, ok := r.lookedBeforeActing(ca); ok {
					looked = results.Fraction(int64(k), int64(n))
				}
				t.AddGroupRow(c, results.Text(c), results.Text(cond), results.Count(int64(len(cases))),
					results.Fraction(int64(am.Num), int64(am.Den)), results.Fraction(int64(ac.Num), int64(ac.Den)), estCell(d), looked)
			})
		}
	}
	if err := rows.run(r, "interventions", o); err != nil {
		return nil, err
	}
	t.Notes = append(t.Notes, fmt.Sprintf("Acted: episodes with at least one consequential attempt. Δ = condition − main on the same cases, %d %s resamples.", o.Resamples, o.Unit()),
		"Affected tool: an information tool whose evidence the variant spec removes or changes; shown for variant conditions (withheld, contradicted), as acted episodes that had called it before acting.",
		r.policyNote())
	return t, nil
}

// DisagreementTable is the case-level majority-vote disagreement between each model's
// harnesses on the V0–V3 cases.
func (r *Release) DisagreementTable() *results.Table {
	t := &results.Table{ID: "disagreement", Title: "Case-level disagreement between harnesses (majority of repeats, V0–V3)",
		Columns: []results.Column{textCol("model", "Model"), textCol("a", "Config A"), textCol("b", "Config B"), countCol("shared", "Shared cases"),
			countCol("disagree", "Disagree"), countCol("only_a", "Only A succeeds"), countCol("only_b", "Only B succeeds"),
			{Key: "mcnemar_p", Header: "McNemar p", Kind: results.KindNumber, Decimals: 3}}}
	for _, hp := range r.harnessPairs() {
		a, b := r.SelectFrom(r.mainOf(hp.family), Executable), r.SelectFrom(r.mainOf(hp.shared), Executable)
		onlyA, onlyB, p, err := McNemar(a, b)
		pc := results.Number(p)
		if err != nil {
			pc = results.Empty()
		}
		d := Disagree(a, b)
		t.AddRow(results.Text(hp.model), results.Text(hp.family), results.Text(hp.shared), results.Count(int64(d.Shared)),
			results.Count(int64(onlyA+onlyB)), results.Count(int64(onlyA)), results.Count(int64(onlyB)), pc)
	}
	t.Notes = append(t.Notes, "A case succeeds for a configuration when a strict majority of its repeats succeed (2 of 3). McNemar: exact two-sided test on the discordant cases.", r.policyNote())
	return t
}
