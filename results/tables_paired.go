package results

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/ingest"
)

// The tables with paired bootstrap differences.

// pValueNote says what a Δ's p-value is; with --resamples 0 there is none, and the formula
// of one would describe what was not computed.
func pValueNote(o analysis.StatOptions) string {
	if o.Resamples == 0 {
		return noResamplesP("p")
	}
	// Resamples that all give Δ = 0 have no interval either, but their p is 1 (printed):
	// only a Δ other than 0 in every resample, or a Δ of one unit, has none.
	return "p: two-sided paired bootstrap p of Δ = 0 inverting the percentile interval, min(1, 2·min(#{Δ* ≤ 0}+1, #{Δ* ≥ 0}+1)/(B+1)); none for one unit, or if every Δ* is one nonzero Δ."
}

// noResamplesP is the note of a bootstrap p column (named col) under --resamples 0, in
// the one wording of every table that has such a column.
func noResamplesP(col string) string {
	return col + ": none (--resamples 0): no bootstrap was run, so Δ = 0 is not tested."
}

// ivOrNil is iv, or nil when --resamples 0 asks for no intervals (rates are then numbers).
func ivOrNil(iv *Intervals, o analysis.StatOptions) *Intervals {
	if o.Resamples == 0 {
		return nil
	}
	return iv
}

// dataOnly marks a column for the data forms only (Column.DataOnly).
func dataOnly(c Column) Column {
	c.DataOnly = true
	return c
}

func buildT4(in *Input) (*Table, error) {
	r, o, sh := in.Main(), in.Stats, in.Choices.SharedHarness
	t := &Table{ID: "T4"}
	iv := intervalsOf(t, r, o)
	t.Columns = []Column{textCol("model", "Model"), textCol("family", "Family config"), pctCol("ecs_family", "ECS family"),
		pctCol("ecs_shared", "ECS "+sh), deltaCol("delta", iv.header("Δ ECS")), rateCol(o, "complete_family", "Complete family"),
		rateCol(o, "complete_shared", "Complete "+sh), countCol("cases", "Paired cases")}
	if o.Clustered {
		t.Columns = append(t.Columns, countCol("units", "Clusters"))
	}
	t.Columns = append(t.Columns, pCol("p", "p"), adjustedCol("p_adj", o))
	rows, err := r.HarnessComparison(in.Choices, o)
	if err != nil {
		return nil, err
	}
	// The protocols the pairs cover, which may be fewer than the bench's (V3 cases nobody ran).
	scope := r.HarnessScope(in.Choices)
	t.Title = "Paired harness comparison (family harness − " + sh + ", " + scope + ")"
	ps := make([]float64, len(rows))
	for i, x := range rows {
		ps[i] = x.Delta.P
	}
	adj := o.Adjust.Apply(ps)
	for i, x := range rows {
		row := []Cell{Text(x.Model), Text(x.Family), rateCell(x.ECSFamily), rateCell(x.ECSShared), iv.cell(t, x.Family, "delta", x.Delta),
			rateCI(ivOrNil(iv, o), t, x.Family, "complete_family", x.CompleteFamilyCI), rateCI(ivOrNil(iv, o), t, x.Family, "complete_shared", x.CompleteSharedCI),
			countCell(x.Delta.Cases)}
		if o.Clustered {
			row = append(row, countCell(x.Delta.Units))
		}
		t.AddRow(append(row, PValue(x.Delta.P), PValue(adj[i]))...)
	}
	drawn := "the paired cases"
	if o.Clustered {
		drawn = "the paired cases' " + iv.Spec.Unit
	}
	t.Notes = append(t.Notes,
		"Both arms, Δ and Complete are computed on the paired cases (the "+scope+" cases both configurations ran)."+drawnOnly(o, " Each interval resamples "+drawn+" once for both arms: one draw for Δ ECS, another for the two Complete intervals."),
		"Complete: share of episodes whose investigation was complete at the decisive point (the first attempt, else the end of the episode)"+drawnOnly(o, ", with its interval")+".",
		pValueNote(o),
		familyNote(o, ps, "Δ tests (one per model)", noRowsOr(len(rows), noBootstrapP)))
	iv.finish(t)
	if len(rows) > 0 {
		var none []analysis.HarnessPair
		for _, x := range rows {
			if x.Delta.Cases == 0 {
				none = append(none, x.HarnessPair)
			}
		}
		t.Notes = append(t.Notes, noPairedNote(r, none, "No paired case, so the row is empty (—)")...)
		t.Notes = append(t.Notes, unpairedNote(r, in.Choices)...)
	}
	t.Notes = append(t.Notes, policyNote(r))
	return emptyBecause(t, fmt.Sprintf("no model has both a configuration with the shared harness %s and another one with main-condition episodes (--shared-harness)", sh)), nil
}

func buildT9(in *Input) (*Table, error) {
	return staticTable(in, "T9", "Static judgment vs interactive ECS on the matched "+setProtocols(in.Main(), in.Choices.SetT9)+" cases", in.Choices.SetT9)
}

func buildT10(in *Input) (*Table, error) {
	return staticTable(in, "T10", "Class-balanced control: static vs interactive accuracy", in.Choices.SetT10)
}

// staticTable is T9/T10: static accuracy vs interactive ECS on the cases of a set that
// have both.
func staticTable(in *Input, id, title, set string) (*Table, error) {
	r, o := in.Main(), in.Stats
	t := &Table{ID: id, Title: title}
	iv := intervalsOf(t, r, o)
	t.Columns = []Column{textCol("config", "Config"), countCol("cases", "Paired cases"), pctCol("static", "Static acc."),
		pctCol("interactive", "Interactive ECS"), deltaCol("delta", iv.header("Δ static − interactive"))}
	rows, size, ok, err := r.StaticVsInteractive(set, id, o)
	if err != nil {
		return nil, err
	}
	if !ok {
		t.Intervals = nil
		return emptyBecause(t, fmt.Sprintf("no case set %q in this release (pass --set %s=FILE)", set, set)), nil
	}
	shown := make([]string, len(rows))
	for i, x := range rows {
		t.AddRow(Text(x.Config), countCell(x.Cases), rateCell(x.Static), rateCell(x.Interactive), iv.cell(t, x.Config, "delta", x.Delta))
		shown[i] = x.Config
	}
	t.Notes = append(t.Notes,
		fmt.Sprintf("Case set %s (%d cases). Static: the agent_decision equals the gold decision. Static accuracy, interactive ECS and Δ are on the paired cases (the set's cases with both static judgments and interactive episodes).", set, size))
	t.Notes = append(t.Notes, leftOutNote(notShown(r, shown), "the table", "no static judgments on the set's cases")...)
	iv.finish(t)
	t.Notes = append(t.Notes, policyNote(r))
	return emptyBecause(t, "no configuration has static judgments on the set's cases"), nil
}

func buildT13(in *Input) (*Table, error) {
	return strategyTable(in, "T13", in.Choices.StrategyAll, true)
}

func buildT14(in *Input) (*Table, error) {
	return strategyTable(in, "T14", in.Choices.StrategyExec, false)
}

// strategyTable is T13/T14: a strategy condition against main, overall and per protocol,
// all paired; withLegacy includes Legacy (T13) or restricts to V0–V3 (T14).
func strategyTable(in *Input, id, condition string, withLegacy bool) (*Table, error) {
	r, o := in.Main(), in.Stats
	t := &Table{ID: id}
	iv := intervalsOf(t, r, o)
	rows, ok, err := r.StrategyComparison(condition, withLegacy, o)
	if err != nil {
		return nil, err
	}
	// A protocol the bench has no case of gets no column, as in T2: its Δ is never
	// estimated, and its p-value (NaN) is no test of the family (analysis Adjustment.Apply),
	// so leaving it out changes no other cell. Nor does one the bench has but no
	// configuration ran in both conditions (V3 cases nobody ran): its column would be
	// empty in every row. The title names the protocols the rows cover.
	protos := analysis.StrategyProtocols(withLegacy)
	shown, miss := shownProtocols(r, protos)
	var covered, unrun []ingest.Protocol
	for j, p := range protos {
		if slices.ContainsFunc(rows, func(x analysis.StrategyRow) bool { return x.ByProtocol[j].Cases > 0 }) {
			covered = append(covered, p)
		} else if len(rows) > 0 && slices.Contains(shown, p) {
			unrun = append(unrun, p)
		}
	}
	if len(covered) > 0 {
		shown = slices.DeleteFunc(shown, func(p ingest.Protocol) bool { return slices.Contains(unrun, p) })
	} else {
		unrun = nil
	}
	scope := "all protocols"
	if !withLegacy {
		scope = r.ExecutableScope(covered)
	}
	t.Title = fmt.Sprintf("Strategy %s vs main (ECS %%, %s)", condition, scope)
	t.Columns = []Column{textCol("config", "Config"), countCol("cases", "Paired cases"), pctCol("main", "Main"), pctCol("strategy", condition),
		deltaCol("delta", iv.header("Δ")), pCol("delta_p", "p"), adjustedCol("delta_p_adj", o)}
	for _, p := range shown {
		t.Columns = append(t.Columns, deltaCol("delta_"+p.String(), iv.header("Δ "+p.Label())))
	}
	// Every Δ's p-value is in the data forms; the display shows the overall Δ's.
	for _, p := range shown {
		k := "delta_" + p.String()
		t.Columns = append(t.Columns, dataOnly(pCol(k+"_p", "p "+p.Label())), dataOnly(adjustedCol(k+"_p_adj", o)))
	}
	if !ok {
		t.Intervals = nil
		return emptyBecause(t, fmt.Sprintf("no episodes of condition %q in this release", condition)), nil
	}
	// The family: every Δ of the table, overall and per protocol.
	var ps []float64
	for _, x := range rows {
		ps = append(ps, x.Delta.P)
		for _, d := range x.ByProtocol {
			ps = append(ps, d.P)
		}
	}
	adj := o.Adjust.Apply(ps)
	models := r.ModelOf()
	for i, x := range rows {
		at := i * (1 + len(protos))
		row := []Cell{Text(x.Config), countCell(x.Delta.Cases), rateCell(x.Main), rateCell(x.Strategy), iv.cell(t, x.Config, "delta", x.Delta),
			PValue(x.Delta.P), PValue(adj[at])}
		for j, d := range x.ByProtocol {
			if slices.Contains(shown, protos[j]) {
				row = append(row, iv.cell(t, x.Config, "delta_"+protos[j].String(), d))
			}
		}
		for j, d := range x.ByProtocol {
			if slices.Contains(shown, protos[j]) {
				row = append(row, PValue(d.P), PValue(adj[at+1+j]))
			}
		}
		t.AddGroupRow(models[x.Config], row...)
	}
	t.Notes = append(t.Notes, fmt.Sprintf("Δ = %s − main. Main, %s and every Δ are on the paired cases (the cases both conditions ran, per protocol for the protocol columns).", condition, condition))
	if len(miss) > 0 && len(rows) > 0 {
		t.Notes = append(t.Notes, absentNote(miss, "left out"))
	}
	if len(unrun) > 0 {
		t.Notes = append(t.Notes, fmt.Sprintf("No configuration ran both main and %s on a %s case: %s left out.", condition, ingest.JoinLabels(unrun, " or "), map[bool]string{true: "its column is", false: "their columns are"}[len(unrun) == 1]))
	}
	// A configuration that did not run the condition has no row; say which, as T2 does.
	ran := make([]string, len(rows))
	for i, x := range rows {
		ran[i] = x.Config
	}
	why := "no scored " + condition + " episodes"
	if !withLegacy {
		why += " on " + executableTitle(r)
	}
	t.Notes = append(t.Notes, leftOutNote(notShown(r, ran), "the table", why)...)
	t.Notes = append(t.Notes, pValueNote(o),
		familyNote(o, ps, "Δ tests (overall and per protocol; the per-protocol p-values are in CSV and JSON only, delta_<protocol>_p and _p_adj)", noRowsOr(len(rows), noBootstrapP)))
	iv.finish(t)
	t.Notes = append(t.Notes, policyNote(r))
	return emptyBecause(t, cmp.Or(lacksAll(r, protos), fmt.Sprintf("no configuration has both main and %s episodes", condition))), nil
}

func buildInterventions(in *Input) (*Table, error) {
	r, o, set := in.Main(), in.Stats, in.Choices.SetInterventions
	t := &Table{ID: "interventions", Title: "Evidence interventions: probability of acting (V1)"}
	iv := intervalsOf(t, r, o)
	t.Columns = []Column{textCol("config", "Config"), textCol("condition", "Condition"), countCol("cases", "Paired cases"),
		{Key: "acted_main", Header: "Acted (main)", Kind: KindFraction}, {Key: "acted", Header: "Acted", Kind: KindFraction},
		deltaCol("delta", iv.header("Δ P(act)")), pCol("delta_p", "p"), adjustedCol("delta_p_adj", o),
		{Key: "looked", Header: "Acted after calling the affected tool", Kind: KindFraction}}
	rows, ok, err := r.Interventions(set, o)
	if err != nil {
		return nil, err
	}
	if !ok {
		t.Intervals = nil
		return emptyBecause(t, fmt.Sprintf("no case set %q in this release (pass --set %s=FILE)", set, set)), nil
	}
	t.Title = "Evidence interventions: probability of acting (" + setProtocols(r, set) + ")"
	ps := make([]float64, len(rows))
	for i, x := range rows {
		ps[i] = x.Delta.P
	}
	adj := o.Adjust.Apply(ps)
	shown := make([]string, len(rows))
	for i, x := range rows {
		shown[i] = x.Config
		looked := Empty()
		if x.HasLooked {
			looked = Fraction(int64(x.Looked), int64(x.LookedOf))
		}
		t.AddGroupRow(x.Config, Text(x.Config), Text(x.Condition), countCell(x.Cases), fracCell(x.ActedMain), fracCell(x.Acted),
			iv.cell(t, x.Config+" "+x.Condition, "delta", x.Delta), PValue(x.Delta.P), PValue(adj[i]), looked)
	}
	t.Notes = append(t.Notes, "Acted: episodes with at least one consequential attempt. Both arms and Δ = condition − main are on the paired cases (the cases both ran). "+
		"Affected tool: an information tool whose evidence the variant spec removes or changes; shown for variant conditions (withheld, contradicted), as acted episodes that had called it before acting.",
		pValueNote(o)+" "+familyNote(o, ps, "Δ tests", noRowsOr(len(rows), noBootstrapP)))
	t.Notes = append(t.Notes, unaffectedNote(rows)...)
	t.Notes = append(t.Notes, leftOutNote(notShown(r, shown), "the table", "no episodes of an intervention condition")...)
	iv.finish(t)
	t.Notes = append(t.Notes, policyNote(r))
	return emptyBecause(t, "no episodes of an intervention condition"), nil
}

// unaffectedNote says which acted episodes the looked column leaves out (the variant cases
// without an affected tool, analysis.InterventionRow.Unaffected) and in which rows: without
// it, the column's denominator falls short of Acted with no reason given. A bench whose
// every variant keeps its base's evidence lists a few cases and counts the rest.
func unaffectedNote(rows []analysis.InterventionRow) []string {
	var configs, conds, cases []string
	for _, x := range rows {
		if len(x.Unaffected) > 0 {
			configs, conds = append(configs, x.Config), append(conds, x.Condition)
			for _, c := range x.Unaffected {
				if !slices.Contains(cases, c) {
					cases = append(cases, c)
				}
			}
		}
	}
	if len(cases) == 0 {
		return nil
	}
	slices.Sort(cases)
	labels := ingest.ListedNames(configs, ";")
	for i := range labels {
		labels[i] += " " + conds[i]
	}
	named := cases
	if len(cases) > maxCaveatCells {
		named = append(slices.Clone(cases[:maxCaveatCells]), fmt.Sprintf("and %d more", len(cases)-maxCaveatCells))
	}
	return []string{fmt.Sprintf("Acted after calling the affected tool leaves out the acted episodes of %s in which no information tool's evidence differs from the base case's, or one that does is not among the first 64 of the case's info_tools (which the verdicts track): %s; in %s.",
		ingest.Plural(len(cases), "variant case"), strings.Join(named, ", "), strings.Join(labels, "; "))}
}

func buildDisagreement(in *Input) (*Table, error) {
	r := in.Main()
	t := &Table{ID: "disagreement", Title: "Case-level disagreement between harnesses (majority of repeats, " + r.HarnessScope(in.Choices) + ")",
		Columns: []Column{textCol("model", "Model"), textCol("a", "Config A"), textCol("b", "Config B"), countCol("shared", "Shared cases"),
			countCol("disagree", "Disagree"), countCol("only_a", "Only A succeeds"), countCol("only_b", "Only B succeeds"),
			pCol("mcnemar_p", "McNemar p"), adjustedCol("mcnemar_p_adj", in.Stats)}}
	rows := r.HarnessDisagreement(in.Choices)
	ps := make([]float64, len(rows))
	for i, x := range rows {
		ps[i] = x.P
	}
	adj := in.Stats.Adjust.Apply(ps)
	for i, x := range rows {
		d := x.Counts
		t.AddRow(Text(x.Pair.Model), Text(x.Pair.Family), Text(x.Pair.Shared), countCell(d.Shared), countCell(d.OnlyA+d.OnlyB),
			countCell(d.OnlyA), countCell(d.OnlyB), PValue(x.P), PValue(adj[i]))
	}
	rule, err := majorityRule(r, rows)
	if err != nil {
		return nil, err
	}
	if rule != "" {
		rule = " (" + rule + ")"
	}
	t.Notes = append(t.Notes, "A case succeeds for a configuration when a strict majority of its repeats succeed"+rule+". McNemar: exact two-sided test on the discordant cases.",
		familyNote(in.Stats, ps, "McNemar tests (one per harness pair)", noRowsOr(len(rows), noSharedCase)), policyNote(r))
	if len(rows) > 0 {
		var none []analysis.HarnessPair
		for _, x := range rows {
			if x.Counts.Shared == 0 {
				none = append(none, x.Pair)
			}
		}
		t.Notes = append(t.Notes, noPairedNote(r, none, "No shared case, so the row counts none and has no McNemar p")...)
		t.Notes = append(t.Notes, unpairedNote(r, in.Choices)...)
	}
	return emptyBecause(t, fmt.Sprintf("no model has both a configuration with the shared harness %s and another one (--shared-harness)", in.Choices.SharedHarness)), nil
}

// noPairedNote names the harness pairs of T4 or the disagreement table that share no case
// of the bench's V0–V3 protocols (executableAny), after what (so) their rows then show,
// and says why: the bench has no such case (a bench built like SafeActBench may have
// Legacy cases only), or the two ran none in common.
func noPairedNote(r *analysis.Release, pairs []analysis.HarnessPair, so string) []string {
	if len(pairs) == 0 {
		return nil
	}
	names := make([]string, len(pairs))
	for i, p := range pairs {
		names[i] = p.Family + " and " + p.Shared
	}
	why := cmp.Or(lacksAll(r, allProtocols[1:]), "no "+executableAny(r)+" case that both configurations ran")
	return []string{so + ": " + strings.Join(names, "; ") + " (" + why + ")."}
}

// majorityRule says what a strict majority is for the configurations of the disagreement
// table ("" when none has a V0–V3 case scored, so that there is no count to give): "2 of
// 3" when their cases mostly have 3 scored repeats, as in the paper; with
// another count shared by all, that count's ("8 of 15" at synth --scale 5); and each
// configuration whose cases mostly have another count named with its own. With an even
// count a tie fails, so a configuration of 2 repeats succeeds only where both do, and its
// pair's discordant cases lean to the other.
func majorityRule(r *analysis.Release, rows []analysis.DisagreementRow) (string, error) {
	reps, err := r.RepeatVariation(r.Main(), nil, 0, analysis.Executable)
	if err != nil {
		return "", err
	}
	usual := map[string]int{}
	for _, x := range reps {
		usual[x.Config] = x.Usual
	}
	rule := func(n int) string {
		if n%2 == 0 {
			return fmt.Sprintf("%d of %d, a tie failing", n/2+1, n)
		}
		return fmt.Sprintf("%d of %d", n/2+1, n)
	}
	var configs []string
	freq := map[int]int{}
	for _, x := range rows {
		for _, c := range []string{x.Pair.Family, x.Pair.Shared} {
			if !slices.Contains(configs, c) && usual[c] > 0 {
				configs = append(configs, c)
				freq[usual[c]]++
			}
		}
	}
	if len(configs) == 0 {
		return "", nil
	}
	// The table's count: the most common, 3 on a tie with it, else the larger.
	base := 3
	for n, f := range freq {
		if f > freq[base] || f == freq[base] && base != 3 && n > base {
			base = n
		}
	}
	var others []string
	for _, c := range configs {
		if n := usual[c]; n != base {
			others = append(others, fmt.Sprintf("%s for %s, whose cases mostly have %d", rule(n), c, n))
		}
	}
	if len(others) == 0 {
		return rule(base), nil
	}
	return rule(base) + "; " + strings.Join(others, "; "), nil
}

// unpairedNote names the configurations T4 and the disagreement table leave out: no
// pair of the shared harness and another of the same model. An empty table says why
// instead.
func unpairedNote(r *analysis.Release, ch analysis.Choices) []string {
	return leftOutNote(r.Unpaired(ch), "the table", "no pair of a configuration with the shared harness "+ch.SharedHarness+" and another of the same model")
}

// setProtocols names the protocols of the cases of the release's case set named set, in
// protocol order ("V1 and V2"), for a title; "V1" when the set holds no known case. The
// paper's sets hold V1 cases; a bench's own (--t9-set, --interventions-set) may hold others.
func setProtocols(r *analysis.Release, set string) string {
	in := map[string]bool{}
	for _, id := range r.Sets[set] {
		in[id] = true
	}
	var has [ingest.NumProtocols]bool
	for _, c := range r.Cases {
		if in[c.ID] && int(c.Protocol) < len(has) {
			has[c.Protocol] = true
		}
	}
	var out []ingest.Protocol
	for p, ok := range has {
		if ok {
			out = append(out, ingest.Protocol(p))
		}
	}
	if len(out) == 0 {
		return "V1"
	}
	return ingest.JoinLabels(out, " and ")
}
