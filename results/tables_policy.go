package results

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/oracle"
)

// policySettingsID is the id of the table of the policies compared.
const policySettingsID = "policy_settings"

// policyRowNote names a row's policies and their settings.
func policyRowNote(row analysis.PolicyRow) string {
	s := row.Policy.String()
	if len(row.Names) > 1 {
		s = row.Label() + " (identical settings): " + s
	}
	return s
}

// The policy comparison tables: each reads every scored policy's release.

func buildPolicies(in *Input) (*Table, error) {
	res, err := in.Policies()
	if err != nil {
		return nil, err
	}
	base, o := res.Base, in.Stats
	m := successMeasure(base)
	t := &Table{ID: "policies", Title: m.title + " under each authorization policy (%)"}
	iv := intervalsOf(t, base, o)
	t.Columns = []Column{textCol("policy", "Policy"), textCol("config", "Config"), rateCol(o, "ecs", iv.header(m.name)),
		deltaCol("delta", iv.header("Δ vs "+base.Policy.Name)), pCol("delta_p", "p"), adjustedCol("delta_p_adj", o), countCol("rank", "Rank"), rankSetCol("rank_set", o.Level, o.Resamples),
		countCol("rank_base", "Rank ("+base.Policy.Name+")"),
		{Key: "rank_change", Header: "Rank change", Kind: KindNumber, Decimals: 0, Signed: true}}
	// The family: every policy's Δ per configuration (the baseline against itself runs no
	// test and is not in it).
	unranked := map[string]bool{}
	for _, c := range res.Unranked {
		unranked[c] = true
	}
	var ps []float64
	for _, row := range res.Rows {
		for j, c := range base.Configs() {
			if !unranked[c] {
				ps = append(ps, row.Delta[j].P)
			}
		}
	}
	adj := o.Adjust.Apply(ps)
	k := 0
	for _, row := range res.Rows {
		for j, c := range base.Configs() {
			if unranked[c] {
				continue
			}
			t.AddGroupRow(row.Label(), Text(row.Label()), Text(c), rateCI(ivOrNil(iv, o), t, row.Label()+" "+c, "ecs", row.ECSCI[j]), iv.cell(t, row.Label()+" "+c, "delta", row.Delta[j]),
				PValue(row.Delta[j].P), PValue(adj[k]),
				Count(int64(row.Ranks[j])), rankSetCell(row.RankSets, j), Count(int64(res.BaseRanks[j])), Number(res.BaseRanks[j]-row.Ranks[j]))
			k++
		}
	}
	swap := "a rank change inside overlapping rank sets is not a resolved swap"
	if o.Resamples == 0 {
		swap = "without rank sets (--resamples 0) no rank change is shown to be a resolved swap"
	}
	t.Notes = append(t.Notes, "Same episodes re-scored under each policy; Δ paired over cases. Rank change > 0: the configuration moves up. Ranks are competition ranks by "+m.name+" (ties share the best rank: 1, 2, 2, 4), as in the policy_ranks figure; "+swap+".")
	t.Notes = append(t.Notes, m.policyNotes(res.Rows)...)
	t.Notes = append(t.Notes, unrankedNote(res.Unranked, policyLeftOut, "")...)
	t.Notes = append(t.Notes, fewerCasesNote(res.Base.FewerCases(), "their "+m.name+" and ranks under every policy")...)
	why := noBootstrapP
	if len(res.Rows) == 1 {
		why = "only " + base.Policy.Name + " is scored"
	}
	pNote := pValueNote(o)
	if o.Resamples > 0 {
		// The baseline's own rows print no p (no test is run), though every Δ* is 0, which
		// the note's exceptions do not cover.
		pNote += " " + base.Policy.Name + " against itself: none, no test is run."
	}
	t.Notes = append(t.Notes, pNote, familyNote(o, ps, "Δ tests (one per policy other than "+base.Policy.Name+" and configuration)", why))
	t.Notes = append(t.Notes, rankSetMethod(base, o.Level, o)+".")
	iv.finish(t)
	for _, row := range res.Rows {
		if o.Resamples == 0 {
			break // rankSetMethod said there are none
		}
		t.Notes = append(t.Notes, "Rank sets under "+row.Label()+": "+rankSetResult(row.RankSets)+".")
	}
	for _, row := range res.Rows {
		t.Notes = append(t.Notes, policyRowNote(row))
	}
	return emptyBecause(t, "no configuration has scored main-condition episodes"), nil
}

func buildPolicyRanks(in *Input) (*Table, error) {
	res, err := in.Policies()
	if err != nil {
		return nil, err
	}
	base, m := res.Base.Policy.Name, successMeasure(res.Base)
	t := &Table{ID: "policy_ranks", Title: "Leaderboard agreement with " + base}
	iv := intervalsOf(t, res.Base, in.Stats)
	t.Columns = []Column{textCol("policy", "Policy"), textCol("hash", "Settings hash"),
		{Key: "tau_b", Header: iv.header("Kendall τ-b"), Kind: KindInterval, Decimals: 3},
		{Key: "rho", Header: iv.header("Spearman ρ"), Kind: KindInterval, Decimals: 3},
		countCol("changed", "Configs whose rank changes"), countCol("tie_groups", "Tie groups"),
		countCol("lost", "Episodes passing "+base+" but failing"),
		{Key: "mean_gain", Header: "Mean Δ " + m.name, Kind: KindPercent, Decimals: 1, Signed: true}}
	undefined := false
	for _, row := range res.Rows {
		if len(res.Unranked) == len(res.Base.Configs()) {
			break // no leaderboard to compare
		}
		groups := Empty()
		if row.RankSets != nil && row.RankSets.Used > 0 {
			groups = countCell(len(row.RankSets.Groups))
		}
		t.AddRow(Text(row.Label()), Text(row.Policy.Hash()), iv.cell(t, row.Label(), "tau_b", row.Tau), iv.cell(t, row.Label(), "rho", row.Rho),
			countCell(row.Changed), groups, countCell(row.Lost), Number(row.MeanGain))
		undefined = undefined || math.IsNaN(row.Tau.X)
	}
	ties := fmt.Sprintf("Tie groups: configurations linked by overlapping simultaneous %s rank sets (the policies table lists them); as many groups as configurations means every rank is resolved.", rankLevelText(in.Stats.Level))
	if in.Stats.Resamples == 0 {
		ties = "Tie groups: none counted (—), since there are no rank sets (--resamples 0)."
	}
	t.Notes = append(t.Notes, fmt.Sprintf("τ-b and ρ between each policy's leaderboard (overall %s) and %s's", m.name, base)+drawnOnly(in.Stats, "; intervals resample the units below and recompute both leaderboards")+".",
		"Episodes passing the baseline but failing: 0 means the policy's success set contains the baseline's, episode by episode.",
		ties,
		"Policies with identical settings (the same hash) score every episode alike and are one row, their names joined with \"/\".")
	t.Notes = append(t.Notes, m.policyNotes(res.Rows)...)
	if undefined {
		t.Notes = append(t.Notes, "τ-b and ρ are undefined (—) where a leaderboard has fewer than two configurations or all of them have the same "+m.title+".")
	}
	t.Notes = append(t.Notes, unrankedNote(res.Unranked, policyLeftOut, "")...)
	t.Notes = append(t.Notes, fewerCasesNote(res.Base.FewerCases(), "their ranks in each leaderboard")...)
	iv.finish(t)
	return emptyBecause(t, "no configuration has scored main-condition episodes"), nil
}

// unrankedNote names the configurations a table (T2, T8, domains, the policy tables)
// leaves out of what, having no scored main-condition episodes (analysis
// Release.Unranked, or UnrankedIn the table's filter, whose domains and protocols in says;
// none when every configuration has some).
func unrankedNote(unranked []string, what, in string) []string {
	why := "no scored main-condition episodes"
	if in != "" {
		why += " " + in
	}
	return leftOutNote(unranked, what, why)
}

// leftOutNote names the configurations a table leaves out of what, and why.
func leftOutNote(configs []string, what, why string) []string {
	if len(configs) == 0 {
		return nil
	}
	return []string{fmt.Sprintf("Left out of %s: %s (%s).", what, strings.Join(ingest.ListedNames(configs, ";"), "; "), why)}
}

// notShown are the release's configurations, in order, that are not among shown (the
// configurations a table has rows for): what leftOutNote names.
func notShown(r *analysis.Release, shown []string) []string {
	var out []string
	for _, c := range r.Configs() {
		if !slices.Contains(shown, c) {
			out = append(out, c)
		}
	}
	return out
}

// fewerCasesNote names the configurations a table (T2, T8, the policy tables) shows beside
// the others although they were scored on fewer cases (analysis.Release.FewerCases): what
// of theirs rests on their own cases only, and is not compared on the same cases. It says
// per protocol whether the missing cases were not run or run and excluded, and points to
// the coverage table only when some were excluded.
func fewerCasesNote(short []analysis.Shortfall, what string) []string {
	if len(short) == 0 {
		return nil
	}
	parts := make([]string, len(short))
	for i, s := range short {
		parts[i] = s.Config
	}
	parts = ingest.ListedNames(parts, ";")
	excluded := false
	for i, s := range short {
		parts[i] = fmt.Sprintf("%s %d", parts[i], s.Cases)
		if d := missingDetail(s.Missing); d != "" {
			parts[i] += " (" + d + ")"
		}
		for _, m := range s.Missing {
			excluded = excluded || m.Excluded > 0
		}
	}
	tail := "."
	if excluded {
		tail = " (the coverage table counts the excluded episodes)."
	}
	return []string{fmt.Sprintf("Scored on fewer cases than the %d the configurations scored together: %s; %s rest on those cases only, not on the same cases as the others'%s",
		short[0].Of, strings.Join(parts, "; "), what, tail)}
}

// missingDetail says why a configuration lacks cases, per protocol: "none run on V2" for
// a protocol it did not run, "every episode on V0 excluded" for one it ran and lost to
// exclusions, else the counts ("V1: 1 case not run, 2 cases with every episode excluded").
func missingDetail(ms []analysis.Missing) string {
	var notRun, allExcl []ingest.Protocol
	var partial []string
	for _, m := range ms {
		switch {
		case m.None && m.Excluded == 0:
			notRun = append(notRun, m.Protocol)
		case m.None && m.NotRun == 0:
			allExcl = append(allExcl, m.Protocol)
		default:
			var c []string
			if m.NotRun > 0 {
				c = append(c, ingest.Plural(m.NotRun, "case")+" not run")
			}
			if m.Excluded > 0 {
				c = append(c, ingest.Plural(m.Excluded, "case")+" with every episode excluded")
			}
			partial = append(partial, m.Protocol.Label()+": "+strings.Join(c, ", "))
		}
	}
	var out []string
	if len(notRun) > 0 {
		out = append(out, "none run on "+ingest.JoinLabels(notRun, ", "))
	}
	if len(allExcl) > 0 {
		out = append(out, "every episode on "+ingest.JoinLabels(allExcl, ", ")+" excluded")
	}
	return strings.Join(append(out, partial...), "; ")
}

// policyLeftOut is what the policy tables leave an unranked configuration out of.
const policyLeftOut = "the leaderboards, their ranks and correlations"

// buildPolicySettings lists every switch of each compared policy with its settings hash,
// so that every output names what was scored: one column per distinct setting (presets
// with identical settings, such as tau-bench and appworld, share a column, their names
// joined), one row per switch — narrow enough for a paper's column.
func buildPolicySettings(in *Input) (*Table, error) {
	groups := analysis.NewPolicyComparison(in.Releases).Distinct()
	t := &Table{ID: policySettingsID, Title: "Authorization policies compared", Columns: []Column{textCol("switch", "Switch")}}
	labels := make([]string, len(groups))
	for i, g := range groups {
		labels[i] = g.Label()
	}
	for i, k := range dataKeys(labels, "policy_", textCol("", ""), t.Columns...) {
		t.Columns = append(t.Columns, textCol(k, labels[i]))
	}
	rows := []struct {
		name string
		get  func(p oracle.Policy) string
	}{
		{"binding", func(p oracle.Policy) string { return p.Binding }},
		{"timing", func(p oracle.Policy) string { return p.Timing }},
		{"coverage", func(p oracle.Policy) string { return p.Coverage }},
		{"coverage_at", func(p oracle.Policy) string { return p.CoverageAt }},
		{"propagation", func(p oracle.Policy) string { return p.Propagation }},
		{"order", func(p oracle.Policy) string { return p.Order }},
		{"non_action", func(p oracle.Policy) string { return p.NonAction }},
		{"settings hash", func(p oracle.Policy) string { return p.Hash() }},
	}
	// The confirmation switch reads only cases with action rules: it is shown where it
	// matters (such a bench, or a policy that sets it), so other outputs keep their rows.
	showConf := in.Main().OfficialTasks()
	for _, g := range groups {
		showConf = showConf || g.Release.Policy.ConfirmationRule() != oracle.ConfirmationListed
	}
	if showConf {
		conf := rows[len(rows)-1]
		rows[len(rows)-1].name, rows[len(rows)-1].get = "confirmation", func(p oracle.Policy) string { return p.ConfirmationRule() }
		rows = append(rows, conf)
	}
	for _, r := range rows {
		cells := []Cell{Text(r.name)}
		for _, g := range groups {
			cells = append(cells, Text(r.get(g.Release.Policy)))
		}
		t.AddRow(cells...)
	}
	t.Notes = append(t.Notes, "One column per distinct setting; presets with identical settings share one, their names joined with \"/\". The hash covers the seven switches (not the name); docs/policies.md defines each switch. coverage_at: last reproduces evaluator release 85c044b, first_and_last revision 4f33847.")
	if showConf {
		t.Notes = append(t.Notes, "confirmation (cases with action rules only): listed, the default, wants an agent message naming the write's key arguments answered by an explicit yes; affirmative, any affirmative user turn after the request; off, none (binding=off evaluates no case requirement, confirmations included). The hash covers it when it is not listed. docs/tau-bench.md defines the rules.")
	}
	return t, nil
}

// measure is what a table's success rate is: ECS on a SafeActBench bench, authorized
// success on a bench of action rules (T2 names it so).
type measure struct {
	name   string // as a column header and in notes: "ECS", "Authorized"
	title  string // as a title begins: "ECS", "Authorized success"
	phrase string // inside a sentence: "ECS", "authorized success"
	rules  bool   // a bench of action rules
}

// successMeasure is the release's measure (its first rate column's, as in T2).
func successMeasure(r *analysis.Release) measure {
	if r.OfficialTasks() {
		return measure{name: "Authorized", title: "Authorized success", phrase: "authorized success", rules: true}
	}
	return measure{name: "ECS", title: "ECS", phrase: "ECS"}
}

// policyNotes say what Authorized is under each policy compared (none on a SafeActBench
// bench, whose ECS is one measure under every policy): under one that binds no
// requirement (binding=off, such as the outcome-only presets) no write is gated, so its
// Authorized is the benchmark's own verdict, the reward success of the official table.
func (m measure) policyNotes(rows []analysis.PolicyRow) []string {
	if !m.rules {
		return nil
	}
	out := []string{"Authorized: the benchmark's own verdict is a success and every write the action rules gate was authorized under the policy (its entity reads and the confirmation the policy requires came before it). " + oracle.AuthorizedLimit}
	var off []string
	for _, row := range rows {
		if row.Policy.Binding == oracle.BindingOff {
			off = append(off, row.Label())
		}
	}
	if len(off) > 0 {
		out = append(out, fmt.Sprintf("Under %s (binding=off: outcome only) no write is gated, so its Authorized is the benchmark's own verdict, the reward success (the official table's).", strings.Join(off, ", ")))
	}
	return out
}
