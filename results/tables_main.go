package results

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/oracle"
)

// The single-release tables of the main condition.

func buildT1(in *Input) (*Table, error) {
	s := in.Main().ProtocolSizes()
	t := &Table{ID: "T1", Title: "Protocol sizes and domains", Columns: []Column{textCol("protocol", "Protocol"), countCol("cases", "Cases")}}
	keys := dataKeys(s.Domains, "domain_", countCol("", ""), t.Columns...)
	for i, k := range keys {
		t.Columns = append(t.Columns, countCol(k, s.Domains[i]))
	}
	row := func(label string, c analysis.DomainCount) []Cell {
		cells := []Cell{Text(label), countCell(c.All)}
		for _, n := range c.ByDomain {
			cells = append(cells, countCell(n))
		}
		return cells
	}
	// The bench's protocols, as T7 lists them: a bench built like SafeActBench may have
	// some only, and rows of zeros for the others read as cases lost.
	miss, have := benchProtocols(in.Main(), allProtocols)
	for _, p := range have {
		t.AddRow(row(p.Label(), s.ByProto[p])...)
	}
	t.AddGroupRow("total", row("All", s.Total)...)
	if len(miss) > 0 {
		t.Notes = append(t.Notes, "The bench has no "+ingest.JoinLabels(miss, " or ")+" case.")
	}
	if s.Variants > 0 {
		t.Notes = append(t.Notes, fmt.Sprintf("Not counted: %d variant specs (interventions).", s.Variants))
	}
	t.Notes = append(t.Notes, keyedNote("domain", s.Domains, keys)...)
	return t, nil
}

func buildT2(in *Input) (*Table, error) {
	r, o := in.Main(), in.Stats
	t := &Table{ID: "T2", Title: "Main results: Exact Case Success (%)"}
	success := "ECS"
	if r.OfficialTasks() {
		t.Title, success = "Main results: authorized success under the action rules (%)", "Authorized"
	}
	iv := rateIntervals(t, r, o)
	t.Columns = []Column{textCol("config", "Config"), rateCol(o, "ecs", success), rateCol(o, "pm", "P-M"), rateCol(o, "dm", "D-M")}
	shown, miss := shownProtocols(r, allProtocols)
	for _, p := range shown {
		t.Columns = append(t.Columns, rateCol(o, p.String(), p.Label()))
	}
	cis, err := r.ProtocolIntervals(o)
	if err != nil {
		return nil, err
	}
	models := r.ModelOf()
	n := 0
	sums := r.Summarize(r.Main())
	for i, s := range sums {
		ci := cis[i]
		row := []Cell{Text(s.Config), rateCI(iv, t, s.Config, "ecs", ci.ECS), rateCI(iv, t, s.Config, "pm", ci.PM), rateCI(iv, t, s.Config, "dm", ci.DM)}
		for _, p := range shown {
			row = append(row, rateCI(iv, t, s.Config, p.String(), ci.ByProtocol[p]))
		}
		t.AddGroupRow(models[s.Config], row...)
		n += s.Overall.Den
	}
	t.Notes = append(t.Notes, fmt.Sprintf("%s pools all repeats (%s); P-M and D-M are unweighted means over protocols and domains.", success, ingest.Plural(n, "scored episode")))
	if n > 0 {
		t.Notes = appendNonEmpty(t.Notes, mainScope(r, n))
	}
	if r.OfficialTasks() {
		t.Notes = append(t.Notes, "Authorized: the benchmark's own verdict is a success and every write the action rules gate was authorized (its entity reads and confirmation came before it). "+oracle.AuthorizedLimit)
	}
	if len(miss) > 0 && len(t.Rows) > 0 {
		t.Notes = append(t.Notes, fmt.Sprintf("%s P-M is the mean over %s only.", absentNote(miss, "left out"), ingest.JoinLabels(shown, " and ")))
	}
	t.Notes = append(t.Notes, unrankedNote(r.Unranked(), "the table and its ranks", "")...)
	t.Notes = append(t.Notes, fewerCasesNote(r.FewerCases(), "their "+success+", P-M, D-M and ranks")...)
	t.Notes = append(t.Notes, incompleteMacros(r, sums, true, true)...)
	finishRates(t, iv)
	t.Notes = append(t.Notes, policyNote(r))
	if len(t.Rows) > 0 {
		cr, err := r.RankSets(in.Stats)
		if err != nil {
			return nil, err
		}
		appendRankSets(t, r, "config", cr, in.Stats)
	}
	return emptyBecause(t, "no scored main-condition episodes"), nil
}

// rateIntervals starts the intervals of a table of rates (T2, T8, domains); nil when
// --resamples 0 asks for none, and the rates are then plain numbers.
func rateIntervals(t *Table, r *analysis.Release, o analysis.StatOptions) *Intervals {
	if o.Resamples == 0 {
		return nil
	}
	t.IntervalsBelow = true
	return intervalsOf(t, r, o)
}

// rateCol is a rate column, with its interval unless there are none.
func rateCol(o analysis.StatOptions, key, header string) Column {
	c := pctCol(key, header)
	if o.Resamples > 0 {
		c.Kind = KindPercentInterval
	}
	return c
}

// rateCI is a rate cell: with its interval when iv is set.
func rateCI(iv *Intervals, t *Table, label, key string, e analysis.Estimate) Cell {
	if iv == nil {
		return Number(e.X)
	}
	return iv.cell(t, label, key, e)
}

// finishRates adds the interval notes of a table of rates; without resamples the one
// sentence every table gives then (IntervalSpec.Sentence), so that each says it alike.
func finishRates(t *Table, iv *Intervals) {
	if iv == nil {
		t.Notes = append(t.Notes, analysis.IntervalSpec{}.Sentence())
		return
	}
	t.Notes = append(t.Notes, fmt.Sprintf("Each rate with its %s [lo, hi] (the text form prints it on a second line).", iv.Spec.CI()))
	iv.finish(t)
}

// allProtocols are the five protocols in order.
var allProtocols = []ingest.Protocol{ingest.Legacy, ingest.V0, ingest.V1, ingest.V2, ingest.V3}

// benchProtocols splits among into the protocols the bench has no case of and those it has:
// a bench built like SafeActBench may leave some out, and their columns are then empty for
// every configuration, which a reader of the paper's tables would not expect.
func benchProtocols(r *analysis.Release, among []ingest.Protocol) (miss, have []ingest.Protocol) {
	sizes := r.ProtocolSizes()
	for _, p := range among {
		if sizes.ByProto[p].All == 0 {
			miss = append(miss, p)
		} else {
			have = append(have, p)
		}
	}
	return miss, have
}

// shownProtocols splits among into the protocols a table gives a column, those the bench
// has a case of, and those it leaves out: a column empty for every configuration is noise
// a reader must explain (a τ-bench bench is all V1; a user's own bench may have two
// protocols). When the bench has none of among, every one is shown, and the table is empty.
func shownProtocols(r *analysis.Release, among []ingest.Protocol) (shown, miss []ingest.Protocol) {
	miss, shown = benchProtocols(r, among)
	if len(shown) == 0 {
		return among, nil
	}
	return shown, miss
}

// unscored lists the protocols of ps that s has no scored episode of.
func unscored(s analysis.Summary, ps []ingest.Protocol) []ingest.Protocol {
	var out []ingest.Protocol
	for _, p := range ps {
		if s.ByProtocol[p].Den == 0 {
			out = append(out, p)
		}
	}
	return out
}

// lacksAll is why a table on the protocols ps is empty when the bench has no case of any
// of them ("the bench has no V0, V1, V2 or V3 case"); "" when it has one.
func lacksAll(r *analysis.Release, ps []ingest.Protocol) string {
	if miss, have := benchProtocols(r, ps); len(have) == 0 && len(miss) > 0 {
		return "the bench has no " + ingest.JoinLabels(miss, " or ") + " case"
	}
	return ""
}

// absentNote says that the bench has no case of the protocols ps (at least one), whose
// columns are as told: "empty (—)", or "left out" (shownProtocols).
func absentNote(ps []ingest.Protocol, columns string) string {
	return fmt.Sprintf("The bench has no %s case: %s %s.", ingest.JoinLabels(ps, " or "), map[bool]string{true: "its column is", false: "their columns are"}[len(ps) == 1], columns)
}

// incompleteMacros notes every P-M (protocols) or D-M (domains) that averages fewer cells
// than the release's cases have: it is a mean over what the configuration scored, not the
// complete one. Both count against the cases, so that a protocol no configuration scored
// (its episodes all excluded, or never run) is noted as a missing domain is.
func incompleteMacros(r *analysis.Release, sums []analysis.Summary, protocols, domains bool) []string {
	var out []string
	_, present := benchProtocols(r, allProtocols)
	for _, s := range sums {
		if protocols {
			if miss := unscored(s, present); len(miss) > 0 {
				out = append(out, fmt.Sprintf("Incomplete P-M: %s averages %d of %d protocols (no episodes on %s).", s.Config, len(present)-len(miss), len(present), ingest.JoinLabels(miss, ", ")))
			}
		}
		if domains {
			var miss []string
			for d, name := range r.Domains() {
				if s.ByDomain[d].Den == 0 {
					miss = append(miss, name)
				}
			}
			if len(miss) > 0 {
				out = append(out, fmt.Sprintf("Incomplete D-M: %s averages %d of %d domains (no episodes on %s).", s.Config, len(r.Domains())-len(miss), len(r.Domains()), strings.Join(miss, ", ")))
			}
		}
	}
	return out
}

func buildT3(in *Input) (*Table, error) {
	r, o := in.Main(), in.Stats
	t := &Table{ID: "T3", Title: "Where failures occur: diagnostic rates (%)"}
	iv := rateIntervals(t, r, o)
	headers := []string{"BSR (V0)", "PAR (V1)", "CAS (V1)", "Gap V1", "Gap V2", "Part. V2", "Gap V3", "Part. V3"}
	// Each rate's protocol (analysis.DiagnosticNames' order): a protocol the bench has no
	// case of gets no column, as in T2, rather than one empty in every row.
	of := []ingest.Protocol{ingest.V0, ingest.V1, ingest.V1, ingest.V1, ingest.V2, ingest.V2, ingest.V3, ingest.V3}
	shown, _ := shownProtocols(r, allProtocols[ingest.V0:])
	absent, present := benchProtocols(r, allProtocols[ingest.V0:])
	t.Columns = []Column{textCol("config", "Config")}
	for k, key := range analysis.DiagnosticNames {
		if slices.Contains(shown, of[k]) {
			t.Columns = append(t.Columns, rateCol(o, key, headers[k]))
		}
	}
	models := r.ModelOf()
	var rows []analysis.DiagnosticsCI
	if iv != nil {
		var err error
		if rows, err = r.DiagnoseCI(r.Main(), o); err != nil {
			return nil, err
		}
	} else {
		for _, d := range r.Diagnose(r.Main()) {
			x := analysis.DiagnosticsCI{Config: d.Config}
			for _, v := range []float64{d.BSR, d.PAR, d.CAS, d.Gap[ingest.V1], d.Gap[ingest.V2], d.Part[ingest.V2], d.Gap[ingest.V3], d.Part[ingest.V3]} {
				x.Rates = append(x.Rates, analysis.Estimate{X: v})
			}
			rows = append(rows, x)
		}
	}
	for _, d := range rows {
		row := []Cell{Text(d.Config)}
		for k, e := range d.Rates {
			if slices.Contains(shown, of[k]) {
				row = append(row, rateCI(iv, t, d.Config, analysis.DiagnosticNames[k], e))
			}
		}
		t.AddGroupRow(models[d.Config], row...)
	}
	reps, err := r.RepeatVariation(r.Main(), nil, o.PassK, analysis.Executable)
	if err != nil {
		return nil, err
	}
	// A configuration that ran no episode of a protocol has its columns empty; say so, as
	// T2's incomplete P-M does, rather than leave "—" to be read as a zero or a gap.
	var none, whose []string
	for _, s := range r.Summarize(r.Main()) {
		if miss := unscored(s, present); len(miss) > 0 {
			whose = append(whose, s.Config)
			none = append(none, " ("+ingest.JoinLabels(miss, ", ")+")")
		}
	}
	for i, c := range ingest.ListedNames(whose, ";") {
		none[i] = c + none[i]
	}
	t.Notes = append(t.Notes, "Each rate is computed within a repeat, then averaged over repeats"+
		drawnOnly(o, "; its interval resamples "+r.Intervals(o).Unit+" with all their repeats")+".")
	if len(none) > 0 {
		t.Notes = append(t.Notes, "Empty (—): no scored episodes of the column's protocol: "+strings.Join(none, "; ")+".")
	}
	t.Notes = append(t.Notes, unevenRepeatsNote(reps, "The rates weigh such a repeat as much as a full one in their mean over repeats.")...)
	// Each rate is defined where it has a column: a bench without V0 cases has no BSR to define.
	var defs []string
	for _, d := range []struct {
		on   []ingest.Protocol
		text string
	}{
		{[]ingest.Protocol{ingest.V0}, "BSR: V0 episodes that stopped before the required investigation was complete."},
		{[]ingest.Protocol{ingest.V1}, "PAR: V1 episodes with an attempt whose first attempt had a MISSING requirement (coverage included). CAS: ECS of V1 episodes whose first attempt came after the investigation was complete."},
		{[]ingest.Protocol{ingest.V1, ingest.V2, ingest.V3}, "Gap: episodes with an action checkpoint that had a MISSING requirement."},
		{[]ingest.Protocol{ingest.V2, ingest.V3}, "Part.: episodes that executed an action but whose workflow failed (Gap and Part. overlap)."},
	} {
		if slices.ContainsFunc(d.on, func(p ingest.Protocol) bool { return slices.Contains(shown, p) }) {
			defs = append(defs, d.text)
		}
	}
	t.Notes = appendNonEmpty(t.Notes, strings.Join(defs, " "))
	if len(absent) > 0 && len(t.Rows) > 0 {
		// A protocol has up to three columns here, so the note names them.
		var cols []string
		for k, h := range headers {
			if slices.Contains(absent, of[k]) {
				cols = append(cols, h)
			}
		}
		how := map[bool]string{true: "left out", false: "empty (—)"}[len(present) > 0]
		t.Notes = append(t.Notes, fmt.Sprintf("The bench has no %s case: %s %s %s.", ingest.JoinLabels(absent, " or "), andWords(cols),
			map[bool]string{true: "is", false: "are"}[len(cols) == 1], how))
	}
	finishRates(t, iv)
	t.Notes = append(t.Notes, policyNote(r))
	return emptyBecause(t, "no scored main-condition episodes"), nil
}

func buildT7(in *Input) (*Table, error) {
	t := &Table{ID: "T7", Title: "Case complexity: prescribed reads and workflow shape",
		Columns: []Column{textCol("protocol", "Protocol"), countCol("cases", "Cases"), numCol("mean_reads", "Mean reads", 2),
			countCol("max_reads", "Max reads"), countCol("nodes", "Action nodes"), countCol("edges", "Dependency edges"),
			countCol("fork_cases", "Cases with a fork"), countCol("join_cases", "Cases with a join")}}
	legacy := false
	for _, c := range analysis.CaseComplexity(in.Main().Cases) {
		if c.Cases == 0 {
			continue
		}
		wf := func(n int) Cell {
			if c.Protocol < ingest.V2 {
				return Empty()
			}
			return countCell(n)
		}
		// A Legacy case prescribes no reads: it lists no required_info_calls, and its score
		// is the decision alone, so 0 would read as "no investigation needed".
		mean, most := Number(c.MeanReads), countCell(c.MaxReads)
		if c.Protocol == ingest.Legacy {
			mean, most = Empty(), Empty()
			legacy = true
		}
		t.AddRow(Text(c.Protocol.Label()), countCell(c.Cases), mean, most,
			wf(c.Nodes), wf(c.Edges), wf(c.ForkCases), wf(c.JoinCases))
	}
	t.Notes = append(t.Notes, "Reads are the prescribed required_info_calls of each case (without extra discovery queries).")
	if legacy {
		t.Notes = append(t.Notes, "Legacy: no reads (—): a Legacy case is a static judgment of a fixed candidate action; it prescribes no required_info_calls, and only its decision is scored (its metadata.min_required_tool_calls is not checked).")
	}
	return t, nil
}

func buildT8(in *Input) (*Table, error) {
	r, o := in.Main(), in.Stats
	t := &Table{ID: "T8", Title: successMeasure(r).title + " per domain (%)", Columns: []Column{textCol("config", "Config")}}
	iv := rateIntervals(t, r, o)
	dm := rateCol(o, "dm", "D-M")
	keys := dataKeys(r.Domains(), "domain_", rateCol(o, "", ""), append(t.Columns, dm)...)
	for i, d := range r.Domains() {
		t.Columns = append(t.Columns, rateCol(o, keys[i], d))
	}
	t.Columns = append(t.Columns, dm)
	cis, err := r.SummaryIntervals(o)
	if err != nil {
		return nil, err
	}
	models := r.ModelOf()
	sums := r.Summarize(r.Main())
	for i, s := range sums {
		row := []Cell{Text(s.Config)}
		for d := range r.Domains() {
			row = append(row, rateCI(iv, t, s.Config, keys[d], cis[i].ByDomain[d]))
		}
		t.AddGroupRow(models[s.Config], append(row, rateCI(iv, t, s.Config, "dm", cis[i].DM))...)
	}
	t.Notes = append(t.Notes, unrankedNote(r.Unranked(), "the table", "")...)
	t.Notes = append(t.Notes, fewerCasesNote(r.FewerCases(), "their domain rates and D-M")...)
	t.Notes = append(t.Notes, incompleteMacros(r, sums, false, true)...)
	t.Notes = append(t.Notes, keyedNote("domain", r.Domains(), keys)...)
	finishRates(t, iv)
	t.Notes = append(t.Notes, policyNote(r))
	return emptyBecause(t, "no scored main-condition episodes"), nil
}

// buildFailures is the paper's Figure 5 as a table; each row sums to 1. The infra_failure
// column appears only when --infra-failures fail put such episodes in the denominator.
func buildFailures(in *Input) (*Table, error) {
	r := in.Main()
	t := &Table{ID: "failures", Title: "Failure types per protocol (share of episodes, %)",
		Columns: []Column{textCol("config", "Config"), textCol("protocol", "Protocol"), countCol("n", "Episodes")}}
	mixes := r.FailureMixes(r.Main())
	// A column is kept for the types the rows' protocols can give (a bench without V0
	// cases has no early_stop column: its zeros could not have been otherwise), and for
	// any type an episode has. Action-rules cases (τ-bench) fail in fewer ways still.
	can := map[string]bool{"success": true}
	for _, m := range mixes {
		for _, ft := range oracle.ProtocolFailureTypes(m.Protocol) {
			can[ft] = true
		}
	}
	possible := func(ft string) bool { return can[ft] || len(mixes) == 0 }
	if r.OfficialTasks() {
		fs, _ := oracle.ActionRulesGlossary()
		possible = func(ft string) bool {
			return ft == "success" || slices.ContainsFunc(fs, func(t oracle.Term) bool { return t.Name == ft })
		}
	}
	var keep []int
	for j, ft := range analysis.FailureTypes {
		if ft == oracle.FailInfra && !anyShare(mixes, j) || !possible(ft) && !anyShare(mixes, j) {
			continue
		}
		keep = append(keep, j)
		t.Columns = append(t.Columns, pctCol(ft, strings.ReplaceAll(ft, "_", " ")))
	}
	n := 0
	for _, m := range mixes {
		n += m.N
		row := []Cell{Text(m.Config), Text(m.Protocol.Label()), countCell(m.N)}
		for _, j := range keep {
			row = append(row, Number(m.Share[j]))
		}
		t.AddGroupRow(m.Config, row...)
	}
	t.Notes = append(t.Notes, "One failure type per failed episode, named by the condition that ended it.")
	if n > 0 {
		t.Notes = appendNonEmpty(t.Notes, mainScope(r, n))
	}
	t.Notes = append(t.Notes, policyNote(r))
	return emptyBecause(t, "no scored main-condition episodes"), nil
}

func anyShare(ms []analysis.FailureMix, j int) bool {
	for _, m := range ms {
		if m.Share[j] > 0 {
			return true
		}
	}
	return false
}

// maxRepeatCols caps the per-repeat and pass^k columns of the variance table: a load-test
// release with 150 repeats would otherwise get 300 columns (the std and pass^k still use
// every repeat).
const maxRepeatCols = 5

func buildVariance(in *Input) (*Table, error) {
	r, o, conv := in.Main(), in.Stats, in.Stats.PassK
	vs := r.Main()
	planned := 0
	// The title names the protocols scored (V3 cases nobody ran are not in the table).
	var covered []ingest.Protocol
	for _, s := range r.Summarize(vs, analysis.Executable) {
		planned = max(planned, len(s.Repeats))
		for p := range s.ByProtocol {
			if s.ByProtocol[p].Den > 0 {
				covered = append(covered, ingest.Protocol(p))
			}
		}
	}
	var ks []int
	for k := 1; k <= min(planned, maxRepeatCols); k++ {
		ks = append(ks, k)
	}
	if planned > maxRepeatCols {
		ks = append(ks, planned)
	}
	rows, err := r.RepeatVariation(vs, ks, conv, analysis.Executable)
	if err != nil {
		return nil, err
	}
	spreads, err := r.RepeatSpreads(vs, rows, o, analysis.Executable)
	if err != nil {
		return nil, err
	}
	// A bench whose cases are a benchmark's tasks (τ-bench) has no protocols to restrict to
	// and no templates: the title names no protocols and the template ICC is left out.
	official, m := r.OfficialTasks(), successMeasure(r)
	title := "Repeat-to-repeat variation of ECS and the noise floor (" + r.ExecutableScope(covered) + ")"
	if official {
		title = "Repeat-to-repeat variation of authorized success and the noise floor"
	}
	t := &Table{ID: "variance", Title: title, Columns: []Column{textCol("config", "Config"), countCol("cases", "Cases")}}
	// The template ICC is over the bench's clusters, which are templates only when they come
	// from template_id: a bench without it (the real cases' derived clusters) has clusters
	// that are no template, named as --clustered names them.
	cl, clusters := "template", ""
	if c := r.Intervals(analysis.StatOptions{Clustered: true}); c.Unit == "clusters" {
		cl, clusters = "cluster", " ("+c.Rule+")"
	}
	iv := rateIntervals(t, r, o)
	nRep := min(planned, maxRepeatCols)
	for i := 0; i < nRep; i++ {
		t.Columns = append(t.Columns, pctCol(fmt.Sprintf("repeat_%d", i+1), fmt.Sprintf("Repeat %d", i+1)))
	}
	std := numCol("std", "Std (points)", 2)
	if iv != nil {
		std.Kind = KindInterval
	}
	t.Columns = append(t.Columns, std)
	for _, k := range ks {
		t.Columns = append(t.Columns, rateCol(o, fmt.Sprintf("pass_%d", k), fmt.Sprintf("pass^%d", k)))
	}
	t.Columns = append(t.Columns, countCol("short", "Cases with fewer repeats"), pctCol("flip_rate", "Flip rate"), numCol("icc_case", "ICC case", 3))
	if !official {
		t.Columns = append(t.Columns, numCol("icc_template", "ICC "+cl, 3))
	}
	t.Columns = append(t.Columns, numCol("run_sd", "Run SD (points)", 2))
	models := r.ModelOf()
	var outside []string // configurations whose template ICC estimate is out of range
	undefined := false   // a noise-floor cell without a value
	for i, x := range rows {
		sp := spreads[i]
		row := []Cell{Text(x.Config), countCell(x.Cases)}
		for i := 0; i < nRep; i++ {
			if i < len(x.RepeatECS) {
				row = append(row, Number(x.RepeatECS[i]))
			} else {
				row = append(row, Empty())
			}
		}
		sd := sp.Std
		sd.X, sd.Lo, sd.Hi = 100*sd.X, 100*sd.Lo, 100*sd.Hi
		row = append(row, rateCI(iv, t, x.Config, "std", sd))
		byK := map[int]int{}
		for j, pk := range x.PassK {
			byK[pk.K] = j
		}
		for _, k := range ks {
			if j, ok := byK[k]; ok {
				row = append(row, rateCI(iv, t, x.Config, fmt.Sprintf("pass_%d", k), sp.PassK[j]))
			} else {
				row = append(row, Empty())
			}
		}
		short := Empty()
		if j, ok := byK[x.Planned]; ok {
			short = countCell(len(x.PassK[j].Short))
		}
		nf := sp.Noise
		icct := Number(nf.TemplateICC)
		if math.Abs(nf.TemplateICC) > 1 {
			// A correlation outside [−1, 1] is the moment estimate's noise, not a value.
			icct = Empty()
			outside = append(outside, fmt.Sprintf("%s %.3f", x.Config, nf.TemplateICC))
		}
		row = append(row, short, Number(nf.FlipRate), Number(nf.ICC))
		if !official {
			row = append(row, icct)
		}
		row = append(row, Number(100*nf.RunSD))
		t.AddGroupRow(models[x.Config], row...)
		defined := []float64{sd.X, nf.FlipRate, nf.ICC, nf.RunSD}
		if !official {
			defined = append(defined, nf.TemplateICC)
		}
		for _, v := range defined {
			undefined = undefined || math.IsNaN(v)
		}
	}
	// What the intervals resample, as their Intervals note names it ("cases (or templates)"
	// named templates on a bench whose clusters are none).
	resampled, iccTemplate := r.Intervals(o).Unit, ", ICC "+cl+" the correlation of two cases' rates within a "+cl+clusters
	if official {
		iccTemplate = ""
		if !o.Clustered { // --clustered resamples the clusters of --clusters, no task
			resampled += " (the benchmark's tasks)"
		}
	}
	t.Notes = append(t.Notes,
		executableScope(r, vs)+"Std is the sample standard deviation (n−1) of the per-repeat "+m.phrase+", in points"+drawnOnly(o, "; its interval and pass^k's resample "+resampled+" with all their repeats")+".",
		fmt.Sprintf("%s (--passk planned|per-case); the planned repeats are the configuration's number of repeats.", conv.Describe()),
		"Cases with fewer repeats: cases scored fewer times than planned (excluded episodes); under planned their missing repeats count as failures, under per-case they are left out of pass^k for k above their repeats.",
		"Noise floor: flip rate is the chance that two repeats of a case disagree; ICC case the share of an episode's variance that is between cases (the within-case correlation of repeats; the between-case variance by moments, the per-case rates' variance less their repeat noise, floored at 0)"+iccTemplate+"; Run SD the standard deviation of the "+m.phrase+" from repeat noise alone, √(W/episodes). Two runs of one configuration differ by about 1.4 Run SD; a difference between configurations within 2 to 3 of those is below the noise floor (the power command plans a comparison).")
	t.Notes = append(t.Notes, unevenRepeatsNote(rows, "A repeat column over fewer cases is not on the same cases as the others, the Std mixes them, and pass^k counts those cases among the cases with fewer repeats although none of their episodes was excluded.")...)
	for _, sp := range spreads {
		if sp.NoiseErr != "" {
			t.Notes = append(t.Notes, "No noise floor for "+sp.Config+": "+sp.NoiseErr+".")
		}
	}
	if undefined {
		why := "— where undefined: Std needs two repeats, flip rate and Run SD a case scored twice; ICC case needs outcomes that vary"
		if !official {
			why += "; ICC " + cl + " a " + cl + " of two or more cases, two or more " + cl + "s and variance between cases"
		}
		t.Notes = append(t.Notes, why+".")
	}
	if len(outside) > 0 {
		t.Notes = append(t.Notes, "ICC "+cl+" left out (—) where its moment estimate falls outside [−1, 1], too few "+cl+"s of two or more cases to estimate a correlation: "+strings.Join(outside, "; ")+".")
	}
	if planned > maxRepeatCols {
		t.Notes = append(t.Notes, fmt.Sprintf("Columns capped: repeats 1–%d and pass^1–%d shown, then pass^%d; the Std uses all %d repeats.", maxRepeatCols, maxRepeatCols, planned, planned))
	}
	finishRates(t, iv)
	if official {
		return emptyBecause(t, "no scored main-condition episodes"), nil
	}
	return emptyBecause(t, cmp.Or(lacksAll(r, allProtocols[1:]), "no scored "+executableAny(r)+" main-condition episodes")), nil
}

// executableScope says which cases the variance table is over, a sentence and a space:
// the bench's own count of its own protocols (executableTitle: "V1 and V2" on a bench of
// those only), whichever bench it is (a bench of one's own may have as many as
// the paper's release, and is still not it), and how many of them the scored verdicts vs
// ran where that is fewer (the rows' case counts are of those); "" when it has none (the
// table is empty and says so).
func executableScope(r *analysis.Release, vs []analysis.Record) string {
	if r.OfficialTasks() {
		// Its cases are the benchmark's tasks, of one kind: none is left out.
		return fmt.Sprintf("Over the cases each configuration ran, of the bench's %d (the benchmark's tasks). ", r.ProtocolSizes().Total.All)
	}
	sizes, n := r.ProtocolSizes(), 0
	for _, p := range allProtocols[1:] {
		n += sizes.ByProto[p].All
	}
	if n == 0 {
		return ""
	}
	run := map[string]bool{}
	for i := range vs {
		if analysis.Executable(&vs[i]) {
			run[vs[i].CaseID()] = true
		}
	}
	if len(run) > 0 && len(run) < n {
		return fmt.Sprintf("Over the bench's %d %s cases (Legacy left out), %d of them run. ", n, executableTitle(r), len(run))
	}
	return fmt.Sprintf("Over the bench's %d %s cases (Legacy left out). ", n, executableTitle(r))
}

// executableTitle is the scope a title or note of the V0–V3 tables names
// (ingest.ExecutableLabel): "V0–V3", or on a bench with some of them only those it has
// ("V1 and V2"), so that no note says "V0–V3" of a bench without V0 or V3.
func executableTitle(r *analysis.Release) string {
	_, have := benchProtocols(r, allProtocols[1:])
	return ingest.ExecutableLabel(have)
}

// executableAny is executableTitle for a negation: "no V1 or V2 case".
func executableAny(r *analysis.Release) string {
	_, have := benchProtocols(r, allProtocols[1:])
	if l := ingest.ExecutableLabel(have); l == "V0–V3" {
		return l
	}
	return ingest.JoinLabels(have, " or ")
}

// unevenRepeatsNote names the repeats a configuration ran on only some of its V0–V3 cases
// (a stray repeat index, a partial rerun), then says what follows in the table (so): the
// variance table's column of such a repeat is not on the same cases as the others, and
// T3's mean over repeats gives it a full repeat's weight.
func unevenRepeatsNote(rows []analysis.RepeatRow, so string) []string {
	var parts, whose []string
	for _, x := range rows {
		var reps []string
		for i, n := range x.Read {
			if n < x.Cases {
				reps = append(reps, fmt.Sprintf("repeat %d on %d", i+1, n))
			}
		}
		if len(reps) > 0 {
			whose = append(whose, x.Config)
			parts = append(parts, fmt.Sprintf(" ran %s of its %d cases, so %d of them lack a repeat no exclusion explains", strings.Join(reps, ", "), x.Cases, x.NotRead))
		}
	}
	for i, c := range ingest.ListedNames(whose, ";") {
		parts[i] = c + parts[i]
	}
	if len(parts) == 0 {
		return nil
	}
	return []string{"Repeats not run on every case: " + strings.Join(parts, "; ") + ". " + so}
}

// dupReason is the exclusion reason of the duplicates a dedupe policy dropped, as the
// reconciliation of score and report names them (analysis.Counts.Summary).
const dupReason = "duplicate"

func buildCoverage(in *Input) (*Table, error) {
	rows, reasons, total := in.Main().Coverage()
	// The duplicates a dedupe policy dropped were read too: the index and score count them
	// among the excluded ("duplicate"), and so does this table, on their key's row.
	dups := 0
	for _, p := range in.Dropped {
		if p.Dropped == nil {
			continue
		}
		cond := cmp.Or(p.Dropped.Condition, ingest.DefaultCondition)
		at := slices.IndexFunc(rows, func(x analysis.CoverageRow) bool { return x.Config == p.Dropped.Config && x.Condition == cond })
		if at < 0 {
			rows = append(rows, analysis.CoverageRow{Config: p.Dropped.Config, Condition: cond, Excluded: map[string]int{}})
			at = len(rows) - 1
		}
		rows[at].Read++
		rows[at].Excluded[dupReason]++
		total.Read++
		total.Excluded[dupReason]++
		dups++
	}
	if dups > 0 {
		reasons = append(reasons, dupReason)
	}
	t := &Table{ID: "coverage", Title: "Coverage: episodes read, scored and excluded",
		Columns: []Column{textCol("config", "Config"), textCol("condition", "Condition"), countCol("read", "Read"), countCol("scored", "Scored")}}
	for _, x := range reasons {
		t.Columns = append(t.Columns, countCol("excluded_"+x, "Excluded: "+x))
	}
	add := func(group string, row analysis.CoverageRow) {
		cells := []Cell{Text(row.Config), Text(row.Condition), countCell(row.Read), countCell(row.Scored)}
		for _, x := range reasons {
			cells = append(cells, countCell(row.Excluded[x]))
		}
		t.AddGroupRow(group, cells...)
	}
	for _, row := range rows {
		add(row.Config, row)
	}
	add("total", total)
	excluded := "Read = scored + excluded. Excluded episodes (not completed) are never counted as failures or refusals, as in the paper; --infra-failures fail scores wall-clock timeouts as failures instead."
	switch {
	case in.Main().OfficialTasks() && !slices.ContainsFunc(reasons, func(x string) bool { return x != dupReason }):
		// τ-bench (v1) results have no termination reason: ingest --tau excludes none of
		// their episodes, so the τ²-bench rule below says nothing of them.
		excluded = "Read = scored + excluded. No episode is excluded as not completed: τ-bench results record no termination reason, and no τ²-bench simulation here ended in an infrastructure error or a context-window overflow (the terminations τ²-bench leaves out)."
	case in.Main().OfficialTasks():
		// τ-bench's own rule, not the paper's: τ²-bench leaves these terminations out.
		excluded = "Read = scored + excluded. Excluded episodes (not completed: τ²-bench's infrastructure errors and context-window overflows) are never counted as failures, as τ²-bench leaves them out; --infra-failures fail scores them as failures instead."
	}
	t.Notes = append(t.Notes, excluded)
	if total.InfraScored > 0 {
		t.Notes = append(t.Notes, fmt.Sprintf("Scored includes %s scored as %s (--infra-failures fail), not excluded.", ingest.Plural(total.InfraScored, "infra_failure episode"), map[bool]string{true: "a failure", false: "failures"}[total.InfraScored == 1]))
	}
	// Reasons that are no status: episodes score --lenient read although validate rejects
	// them. The note above speaks of statuses; these say what they are.
	var defects []string
	for _, x := range reasons {
		if m, ok := ingest.DefectMeaning(x); ok {
			defects = append(defects, x+" ("+m+")")
		}
	}
	if len(defects) > 0 {
		t.Notes = append(t.Notes, "Excluded: "+strings.Join(defects, ", ")+": episodes that validate rejects, read by score --lenient and excluded by that defect, never scored.")
	}
	if dups > 0 {
		t.Notes = append(t.Notes, fmt.Sprintf("Excluded: %s: %s whose key (or run id) was read before, dropped by --dedupe.", dupReason, ingest.Plural(dups, "episode")))
	}
	return t, nil
}

// BuildDomainsEach is BuildDomains for each release (one per policy), ids as EachPolicy
// gives them.
func BuildDomainsEach(rels []*analysis.Release, f analysis.DomainFilter, o analysis.StatOptions) ([]*Table, error) {
	return EachPolicy(rels, func(_ int, r *analysis.Release) (*Table, error) { return BuildDomains(r, f, o) })
}

// EachPolicy builds one table per release (one per policy) in order; with several
// policies each table's id names its policy, to tell them apart in JSON and LaTeX labels.
func EachPolicy(rels []*analysis.Release, build func(i int, r *analysis.Release) (*Table, error)) ([]*Table, error) {
	out := make([]*Table, 0, len(rels))
	for i, r := range rels {
		t, err := build(i, r)
		if err != nil {
			return nil, err
		}
		if len(rels) > 1 {
			t.ID += "-" + r.Policy.Name
		}
		out = append(out, t)
	}
	return out, nil
}

// BuildDomains is the domains table of one release (the domains command builds one per
// policy), every cell with its interval under o.
func BuildDomains(r *analysis.Release, f analysis.DomainFilter, o analysis.StatOptions) (*Table, error) {
	protos, cells, cis, err := r.DomainIntervals(f, o)
	if err != nil {
		return nil, err
	}
	t := &Table{ID: "domains", Title: "ECS per configuration, domain and protocol (%)",
		Columns: []Column{textCol("config", "Config"), textCol("domain", "Domain")}}
	if r.OfficialTasks() {
		t.Title = "Authorized success under the action rules per configuration, domain and protocol (%)"
	}
	iv := rateIntervals(t, r, o)
	shown, miss := shownProtocols(r, protos)
	for _, p := range shown {
		t.Columns = append(t.Columns, rateCol(o, p.String(), p.Label()))
	}
	t.Columns = append(t.Columns, rateCol(o, "all", "All"), countCol("n", "Episodes"))
	n := 0
	for i, c := range cells {
		n += c.All.Den
		label := c.Config + " " + c.Domain
		row := []Cell{Text(c.Config), Text(c.Domain)}
		for j, x := range c.ByProtocol {
			if !slices.Contains(shown, protos[j]) {
				continue
			}
			if x == nil {
				row = append(row, Empty())
			} else {
				row = append(row, rateCI(iv, t, label, protos[j].String(), cis[i][j]))
			}
		}
		t.AddGroupRow(c.Config, append(row, rateCI(iv, t, label, "all", cis[i][len(protos)]), countCell(c.All.Den))...)
	}
	t.Notes = append(t.Notes, "All pools the protocols shown.")
	if n > 0 {
		t.Notes = appendNonEmpty(t.Notes, mainScope(r, n))
	}
	if len(miss) > 0 && len(t.Rows) > 0 {
		t.Notes = append(t.Notes, absentNote(miss, "left out"))
	}
	// Only the configurations asked for: one the filter leaves out is not missing.
	t.Notes = append(t.Notes, unrankedNote(r.UnrankedIn(f), "the table", filterScope(f))...)
	finishRates(t, iv)
	t.Notes = append(t.Notes, policyNote(r))
	// --protocol may name only protocols the bench has no case of (the commands refuse
	// such a filter before scoring: job.CheckFilters; a Go caller may still ask).
	return emptyBecause(t, cmp.Or(lacksAll(r, protos), "no scored main-condition episodes match")), nil
}

// filterScope names the domains and protocols f keeps ("" when it keeps all), as in "in
// domain smart_home_agent and protocol V2, V3".
func filterScope(f analysis.DomainFilter) string {
	var parts []string
	if len(f.Domains) > 0 {
		parts = append(parts, "domain "+strings.Join(f.Domains, ", "))
	}
	if len(f.Protocols) > 0 {
		parts = append(parts, "protocol "+ingest.JoinLabels(f.Protocols, ", "))
	}
	if len(parts) == 0 {
		return ""
	}
	return "in " + strings.Join(parts, " and ")
}

func buildDomains(in *Input) (*Table, error) {
	return BuildDomains(in.Main(), in.Domains, in.Stats)
}

// emptyBecause adds a one-line reason to a table that came out without rows.
func emptyBecause(t *Table, why string) *Table {
	if len(t.Rows) == 0 && t.Empty == "" {
		t.Empty = why
		t.Notes = append(t.Notes, "Empty: "+why+".")
	}
	return t
}

// andWords joins words as "a", "a and b", "a, b and c".
func andWords(ws []string) string {
	if len(ws) < 2 {
		return strings.Join(ws, "")
	}
	return strings.Join(ws[:len(ws)-1], ", ") + " and " + ws[len(ws)-1]
}
