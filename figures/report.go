package figures

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/bootstrap"
)

// Named is a figure of the report with its file base name.
type Named struct {
	Name string
	Fig  Figure
	// Note says what the figure's labels do to the names it cannot draw as they are
	// (too long, a tab or line break: see nameLabels); "" when it draws every name whole.
	Note string
	// Drawn are the names the figure shows, as drawn (their labels; the forest plot's
	// title and rows), for the note on characters the bundled font lacks (LacksIn),
	// which names only what the figure shows.
	Drawn []string
	// About says what the figure draws that its title and axes do not (About): the
	// policy, the condition, how its intervals or rank sets were computed. Marked draws
	// it under the figure.
	About string
}

// Report builds every figure of the report from the main episodes; pc may be
// nil when only one policy was scored. A figure with nothing to show is not built: skipped
// says which and why. A configuration or model name a figure cannot draw as it is gets a
// label that it can (nameLabels), the same in every figure, and the figure's Note says so.
func Report(r *analysis.Release, pc *analysis.PolicyComparison, o analysis.StatOptions, ch analysis.Choices) (figs []Named, skipped []string, err error) {
	if len(r.Main()) == 0 {
		return nil, []string{"every figure: no scored main-condition episodes"}, nil
	}
	cl := configLabels(r.Configs())
	mix := FailureMixOf(r)
	for _, c := range r.Configs() {
		if !slices.Contains(mix.Configs, c) {
			skipped = append(skipped, "failure_types, the bar of "+cl.label(c)+": no scored main-condition episode")
		}
	}
	note := cl.relabel(&mix.Configs)
	figs = append(figs, Named{"failure_types", mix, note, mix.Configs, scoredUnder(r)})
	ecs, wilson, err := ecsOf(r, o)
	if err != nil {
		return nil, nil, err
	}
	ecsAbout := scoredUnder(r) + " " + r.Intervals(o).Sentence()
	if wilson { // as the tables' caveat says it
		ecsAbout += " A bar at 0% or 100%: the Wilson score interval over its " + r.Intervals(o).Unit + "."
	}
	for _, c := range r.Configs() {
		if !slices.Contains(ecs.Configs, c) {
			skipped = append(skipped, "ecs_by_protocol, the bars of "+cl.label(c)+": no scored main-condition episode")
		}
	}
	note = cl.relabel(&ecs.Configs)
	figs = append(figs, Named{"ecs_by_protocol", ecs, note, ecs.Configs, ecsAbout})
	if r.OfficialTasks() {
		// As T4, whose differences it draws: a benchmark's tasks pair no harnesses.
		skipped = append(skipped, "harness_differences does not apply: it draws T4's paired harness differences; τ-bench trajectories come from one harness per configuration")
		return reportRest(r, pc, o, cl, figs, skipped)
	}
	forest, models, drawn, err := harnessForest(r, o, ch)
	if err != nil {
		return nil, nil, err
	}
	// A model whose two configurations share no V0–V3 case (a bench of Legacy cases has
	// none) has no difference to draw (T4 shows its row empty): its row is left out, and said.
	all := len(forest.Rows)
	rows := forest.Rows[:0:0]
	for _, x := range forest.Rows {
		if math.IsNaN(x.Estimate) {
			skipped = append(skipped, "harness_differences, the row of "+x.Label+": no V0–V3 case that both of its configurations ran")
			continue
		}
		rows = append(rows, x)
	}
	forest.Rows = rows
	if all > 0 {
		for _, c := range r.Unpaired(ch) {
			skipped = append(skipped, "harness_differences, a row for "+cl.label(c)+": no pair of a configuration with the shared harness "+ch.SharedHarness+" and another of the same model")
		}
	}
	switch {
	case len(forest.Rows) > 0:
		// T4's intervals resample the cases both configurations of a row ran.
		figs = append(figs, Named{"harness_differences", forest, models, drawn, scoredUnder(r) + " " + r.Intervals(o).Sentence()})
	case all == 0:
		skipped = append(skipped, "harness_differences: no model has both a configuration with the shared harness "+ch.SharedHarness+" and another one (--shared-harness)")
	default:
		skipped = append(skipped, "harness_differences: no model's configurations share a V0–V3 case")
	}
	return reportRest(r, pc, o, cl, figs, skipped)
}

// reportRest adds the figures after harness_differences to figs (Report).
func reportRest(r *analysis.Release, pc *analysis.PolicyComparison, o analysis.StatOptions, cl nameLabels, figs []Named, skipped []string) ([]Named, []string, error) {
	heat := HeatMapOf(r)
	for _, c := range r.Configs() {
		if !slices.Contains(heat.Configs, c) {
			skipped = append(skipped, "domain_heatmap, the row of "+cl.label(c)+": no main-condition episode")
		}
	}
	dl := nameLabelsOf(heat.Domains, maxNameLen)
	note := labelsNote(cl.parts(heat.Configs), dl.parts(heat.Domains))
	heat.Configs, heat.Domains = cl.labels(heat.Configs), dl.labels(heat.Domains)
	heatAbout := scoredUnder(r) + " A cell pools the protocols its domain has."
	if slices.ContainsFunc(heat.ECS, func(row []float64) bool { return slices.ContainsFunc(row, math.IsNaN) }) {
		heatAbout += " –: no scored episode of the configuration in the domain." // the tables' "—"
	}
	figs = append(figs, Named{"domain_heatmap", heat, note, slices.Concat(heat.Configs, heat.Domains), heatAbout})
	if pc != nil && len(pc.Releases) > 1 {
		ranks, noSet, err := RanksOf(pc, o)
		if err != nil {
			return nil, nil, err
		}
		if len(ranks.Configs) == 1 {
			// One line at rank 1 under every policy (τ-bench's one model) shows nothing to
			// compare; the policies table has its numbers. (Report has main episodes, so
			// some configuration is ranked.)
			skipped = append(skipped, "policy_ranks: only one configuration ranked ("+cl.label(ranks.Configs[0])+"): its rank is 1 under every policy")
			return figs, skipped, nil
		}
		pl := nameLabelsOf(ranks.Policies, maxNameLen)
		note = labelsNote(cl.parts(ranks.Configs), pl.parts(ranks.Policies))
		ranks.Configs, ranks.Policies = cl.labels(ranks.Configs), pl.labels(ranks.Policies)
		about := "Main-condition episodes, scored under each policy."
		if ranks.TieGroups != nil {
			iv := pc.Base.Intervals(o)
			about += fmt.Sprintf(" Rank sets: %s%% simultaneous, from %d %s resamples, seed %d.", iv.LevelPct(), iv.Resamples, iv.Drawn(), iv.Seed)
		}
		figs = append(figs, Named{"policy_ranks", ranks, note, slices.Concat(ranks.Configs, ranks.Policies), about})
		if ranks.TieGroups != nil {
			skipped = append(skipped, noSetNotes(noSet, ranks.Configs, ranks.Policies)...)
		}
	} else {
		skipped = append(skipped, "policy_ranks: only one policy scored")
	}
	return figs, skipped, nil
}

// scoredUnder is the first sentence of a figure's About: the policy and the condition its
// episodes were scored under, as the tables' notes name them ("Scored under policy safeact;
// main-condition episodes.").
func scoredUnder(r *analysis.Release) string {
	name := r.Policy.Name
	return "Scored under policy " + nameLabelsOf([]string{name}, maxNameLen).label(name) + "; main-condition episodes."
}

// FailureMixOf is the paper's Figure 5: failure-type shares of all episodes (success
// included) per protocol and configuration.
func FailureMixOf(r *analysis.Release) FailureMix {
	protos := r.ProtocolsPresent()
	f := FailureMix{Title: "Failure types per protocol (share of episodes)", Categories: analysis.FailureTypes}
	for _, p := range protos {
		f.Protocols = append(f.Protocols, p.Label())
	}
	type key struct {
		config string
		proto  int
	}
	mix := map[key][]float64{}
	has := map[string]bool{}
	for _, m := range r.FailureMixes(r.Main()) {
		mix[key{m.Config, int(m.Protocol)}] = m.Share // aligned with analysis.FailureTypes = Categories
		has[m.Config] = true
	}
	for _, c := range r.Configs() {
		if !has[c] { // no scored main-condition episode: an empty bar would read as 0% of each type
			continue
		}
		f.Configs = append(f.Configs, c)
		row := make([][]float64, len(protos))
		for j, p := range protos {
			row[j] = mix[key{c, int(p)}]
			if row[j] == nil {
				row[j] = make([]float64, len(f.Categories))
			}
		}
		f.Shares = append(f.Shares, row)
	}
	return f
}

// ecsOf is ECS per protocol per configuration with case-resampled intervals, for the
// configurations with scored main-condition episodes (T2's rows: one without would be a
// group of "no data"), and whether a bar drawn has the Wilson score interval the tables give
// a rate of 0% or 100% (whose resamples are all equal), which its caption must then name:
// the whiskers are not all bootstrap intervals.
func ecsOf(r *analysis.Release, o analysis.StatOptions) (f ECSByProtocol, wilson bool, err error) {
	f = ECSByProtocol{Level: o.Level, Measure: measureOf(r)}
	protos, ests, err := r.ProtocolECS(o)
	if err != nil {
		return f, false, err
	}
	for _, p := range protos {
		f.Protocols = append(f.Protocols, p.Label())
	}
	unranked := r.Unranked()
	for i, row := range ests { // aligned with r.Configs()
		c := r.Configs()[i]
		if slices.Contains(unranked, c) {
			continue
		}
		f.Configs = append(f.Configs, c)
		ivs := make([]Interval, len(row))
		for j, e := range row {
			ivs[j] = Interval{Estimate: e.X, Lo: e.Lo, Hi: e.Hi}
			wilson = wilson || slices.ContainsFunc(e.Warnings, func(w bootstrap.Warning) bool { return w.Kind == bootstrap.WarnScoreInterval })
		}
		f.ECS = append(f.ECS, ivs)
	}
	return f, wilson, nil
}

// harnessForest is the forest plot of T4's paired harness differences, its rows labelled by
// model (or family configuration) names a figure can draw (nameLabels: within what the
// p-value after it leaves), what that does to the names ("" for nothing), and the labels
// of the shared harness and the rows' names it draws.
func harnessForest(r *analysis.Release, o analysis.StatOptions, ch analysis.Choices) (Forest, string, []string, error) {
	rows, err := r.HarnessComparison(ch, o)
	if err != nil {
		return Forest{}, "", nil, err
	}
	// The title names the protocols the pairs cover, as T4's does: a figure has no note to
	// say that "V0–V3" stands for fewer (V3 cases nobody ran, or a bench without them).
	const before = "Family harness − "
	after := " (ECS, " + r.HarnessScope(ch) + ")"
	hl := nameLabelsOf([]string{ch.SharedHarness}, maxNameLen-len(before)-len(after))
	f := Forest{Title: before + hl.label(ch.SharedHarness) + after, Level: o.Level}
	// Each row names its p-value adjusted over the family of the plot's rows, as T4 does.
	ps := make([]float64, len(rows))
	for i, x := range rows {
		ps[i] = x.Delta.P
	}
	adj := o.Adjust.Apply(ps)
	// A row is named by its model, as in T4's first column, unless the model has several
	// rows (several family harnesses beside the shared one): those are named by their
	// family configuration, as in T4's second, or they could not be told apart.
	perModel := map[string]int{}
	for _, x := range rows {
		perModel[x.Model]++
	}
	names := make([]string, len(rows))
	pAfter := make(map[string]string, len(rows)) // a row's p-value, as drawn after its name
	for i, x := range rows {
		names[i] = x.Model
		if perModel[x.Model] > 1 {
			names[i] = x.Family
		}
		if !math.IsNaN(adj[i]) {
			pAfter[names[i]] = " (" + o.Adjust.Label() + " p " + pLabel(adj[i]) + ")"
		}
	}
	ml := labelNames(names, func(m string) int { return maxNameLen - len(pAfter[m]) })
	drawn := []string{hl.label(ch.SharedHarness)}
	for i, x := range rows {
		f.Rows = append(f.Rows, Comparison{Label: ml.label(names[i]) + pAfter[names[i]], Estimate: x.Delta.X, Lo: x.Delta.Lo, Hi: x.Delta.Hi})
		if !math.IsNaN(x.Delta.X) { // a row left out (Report) is not drawn
			drawn = append(drawn, ml.label(names[i]))
		}
	}
	return f, labelsNote(ml.parts(names), hl.parts([]string{ch.SharedHarness})), drawn, nil
}

// HeatMapOf is ECS per configuration and domain.
func HeatMapOf(r *analysis.Release) DomainHeatMap {
	// The rows are the configurations with main-condition episodes (a configuration run
	// only under another condition has none to show), named from the summaries themselves.
	h := DomainHeatMap{Domains: r.Domains(), Measure: measureOf(r)}
	for _, s := range r.Summarize(r.Main()) {
		h.Configs = append(h.Configs, s.Config)
		row := make([]float64, len(s.ByDomain))
		for i, d := range s.ByDomain {
			row[i] = d.Value()
		}
		h.ECS = append(h.ECS, row)
	}
	return h
}

// RanksOf is the slope chart of each configuration's rank under each policy: the
// leaderboard ranks the policies table shows (competition ranks, ties share the best),
// one column per distinct setting (tau-bench and appworld are one column, names
// joined), with the tie groups of the rank confidence sets when they were computed.
// noSet[q] are the rows drawn without a rank set under policy q (too few units of their
// own): no tie bar can include them, which the report must say rather than let their
// place look ordered.
func RanksOf(pc *analysis.PolicyComparison, o analysis.StatOptions) (f PolicyRanks, noSet [][]int, err error) {
	// A configuration without scored main-condition episodes has no rank (Unranked); it
	// would otherwise be drawn last under every policy. row is each Base.Configs index's
	// row of the chart (-1: left out): the ranks and the rank sets' tie groups index
	// Base.Configs.
	unranked := map[string]bool{}
	for _, c := range pc.Unranked() {
		unranked[c] = true
	}
	row := make([]int, len(pc.Base.Configs()))
	for j, c := range pc.Base.Configs() {
		row[j] = -1
		if !unranked[c] {
			row[j] = len(f.Configs)
			f.Configs = append(f.Configs, c)
		}
	}
	f.Measure = measureOf(pc.Base)
	byPolicy := pc.Ranks()
	f.Ranks = make([][]float64, len(f.Configs))
	groups := make([][][]int, 0, len(byPolicy))
	computed, level := true, 0.0
	for q, g := range pc.Distinct() {
		f.Policies = append(f.Policies, g.Label())
		for j, i := range row {
			if i >= 0 {
				f.Ranks[i] = append(f.Ranks[i], byPolicy[q][j])
			}
		}
		sets, err := pc.RankSets(g.Release, o)
		if err != nil {
			return f, nil, err
		}
		computed, level = computed && sets.Used > 0, sets.Level
		var few []int
		for _, j := range sets.TooFew {
			if row[j] >= 0 {
				few = append(few, row[j])
			}
		}
		noSet = append(noSet, few)
		var rows [][]int
		for _, tie := range sets.Groups {
			var in []int
			for _, j := range tie {
				if row[j] >= 0 {
					in = append(in, row[j])
				}
			}
			if len(in) > 0 {
				rows = append(rows, in)
			}
		}
		groups = append(groups, rows)
	}
	if computed {
		f.TieGroups, f.TieLevel = groups, level
	}
	return f, noSet, nil
}

// CompareForest is the forest plot of a comparison (Δ ECS with its intervals per scope)
// under each policy's release, as `compare`'s table shows it (CompareRows), captioned with
// what it was scored under and how its intervals were drawn, and with mark
// (analysis.ScoredRelease.Mark) unless it is ""; nil when no scope has shared cases. It
// resolves s in the first release (CompareSpec.Resolve) as the command and
// results.BuildCompare do, so that a spec built by hand gives the command's figure (its
// caption said "condition " with no name), and returns Resolve's error for a spec naming
// what the release does not hold.
func CompareForest(s analysis.CompareSpec, rels []*analysis.Release, scopes [][]analysis.CompareScope, o analysis.StatOptions, mark string) (Figure, error) {
	if err := s.Resolve(rels[0]); err != nil {
		return nil, fmt.Errorf("compare: %w", err)
	}
	// What the Δ is of, as the table's columns name it: authorized success on a bench of
	// action rules (τ-bench), not ECS.
	m := measureName(measureOf(rels[0]))
	forest := Forest{Title: compareTitle(s, " ("+m+")"), Level: o.Level, XLabel: "Difference in " + m + " (percentage points)"}
	for i, r := range rels {
		forest.Rows = append(forest.Rows, CompareRows(scopes[i], analysis.ClustersShown(scopes[i], o), len(rels) > 1, r.Policy.Name)...)
	}
	clusters := slices.ContainsFunc(forest.Rows, func(c Comparison) bool { return strings.HasSuffix(c.Label, clustersRow) })
	if len(forest.Rows) == 0 {
		return nil, nil
	}
	under := "policy " + nameLabelsOf([]string{rels[0].Policy.Name}, maxNameLen).label(rels[0].Policy.Name)
	if len(rels) > 1 {
		// Each row's label begins with its policy's: naming them all again here could pass
		// what a note holds (several names of up to maxNameLen bytes).
		under = fmt.Sprintf("%d policies, each row under the one its label begins with", len(rels))
	}
	cond := "condition " + s.Condition
	if s.Conditions {
		cond = "configuration " + nameLabelsOf([]string{s.Config}, maxNameLen).label(s.Config)
	}
	about := "Scored under " + under + "; " + cond + "; the cases both sides ran."
	o.Clustered = false
	about += " " + rels[0].Intervals(o).Sentence()
	if clusters {
		o.Clustered = true
		about += " Rows \"clusters\" resample " + rels[0].Intervals(o).Unit + " instead."
	}
	return Captioned{Fig: forest, Note: about, Caption: mark}, nil
}

// compareTitle is s.Title() with its names (two configurations, or a configuration and
// two conditions) by their labels, each within an even share of the bytes the title
// leaves them beside its fixed words and after.
func compareTitle(s analysis.CompareSpec, after string) string {
	names := []string{s.A, s.B}
	if s.Conditions {
		names = append(names, s.Config)
	}
	fixed := len(s.Title()) + len(after)
	for _, n := range names {
		fixed -= len(n)
	}
	l := nameLabelsOf(names, (maxNameLen-fixed)/len(names))
	s.A, s.B, s.Config = l.label(s.A), l.label(s.B), l.label(s.Config)
	return s.Title() + after
}

// clustersRow ends the label of a scope's clustered row.
const clustersRow = ", clusters"

// CompareRows are the forest rows of a `compare` table: each scope with shared cases, its
// case-paired interval and, when the table shows one (clusters: analysis.ClustersShown),
// its clustered interval; prefixed by the policy name when several policies are compared.
// A scope drawn with one interval, or with neither (no resamples), is one row named by the
// scope alone: its "cases" and "clusters" rows would be one estimate drawn twice.
func CompareRows(scopes []analysis.CompareScope, clusters, prefix bool, policy string) []Comparison {
	var out []Comparison
	for _, s := range scopes {
		if s.Shared == 0 {
			continue
		}
		label := s.Label
		if prefix {
			budget := maxNameLen - len(": "+label+clustersRow) // the longest a row draws after the scope
			label = nameLabelsOf([]string{policy}, budget).label(policy) + ": " + label
		}
		if !clusters || math.IsNaN(s.Delta.Lo) && math.IsNaN(s.DeltaClustered.Lo) && s.Delta.X == s.DeltaClustered.X {
			out = append(out, Comparison{Label: label, Estimate: s.Delta.X, Lo: s.Delta.Lo, Hi: s.Delta.Hi})
			continue
		}
		out = append(out, Comparison{Label: label + ", cases", Estimate: s.Delta.X, Lo: s.Delta.Lo, Hi: s.Delta.Hi},
			Comparison{Label: label + clustersRow, Estimate: s.DeltaClustered.X, Lo: s.DeltaClustered.Lo, Hi: s.DeltaClustered.Hi})
	}
	return out
}

// pLabel prints a p-value as the tables do: "<0.001" below 0.001, else three decimals.
func pLabel(p float64) string {
	if p < 0.001 {
		return "<0.001"
	}
	return strconv.FormatFloat(p, 'f', 3, 64)
}

// noSetNotes says, once per configuration in row order, under which policies (noSet[q]
// lists the rows without a rank set under policy q) it has no tie bar.
func noSetNotes(noSet [][]int, configs, policies []string) []string {
	under := make([][]string, len(configs))
	for q, rows := range noSet {
		for _, i := range rows {
			under[i] = append(under[i], policies[q])
		}
	}
	var out []string
	for i, ps := range under {
		if len(ps) == 0 {
			continue
		}
		what := "a tie bar for " + configs[i] + " under " + andList(ps)
		if len(ps) == len(policies) && len(ps) > 1 {
			what = "a tie bar for " + configs[i] + " under any policy (" + andList(ps) + ")"
		}
		out = append(out, "policy_ranks, "+what+": no rank set (fewer than two resampled units of its own), so the chart cannot show whether the data order it against the others")
	}
	return out
}

// andList joins names as "a", "a and b", "a, b and c".
func andList(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// measureOf is what the release's success rate is, for a figure's Measure: "" (ECS) on a
// SafeActBench bench, "authorized success" on a bench of action rules, as its tables say.
func measureOf(r *analysis.Release) string {
	if r.OfficialTasks() {
		return "authorized success"
	}
	return ""
}

// measureName is a figure's Measure as drawn: "ECS" when unset.
func measureName(m string) string {
	if m == "" {
		return "ECS"
	}
	return m
}

// upperFirst capitalises the first letter, for a measure that begins a title or a label.
func upperFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}
