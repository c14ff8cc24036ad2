package main

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/figures"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/oracle"
	"github.com/sabench/sabench-stats/results"
)

func init() {
	register(command{name: "compare", summary: "two configs (or two conditions of one config) on their shared cases: Δ ECS with case-paired and clustered CIs, McNemar", run: runCompare})
}

// compareArgs says what is compared: two configurations under one condition, or two
// conditions of one configuration.
type compareArgs struct {
	a, b       string
	conditions bool   // a and b are conditions of config
	config     string // with conditions
	condition  string // without conditions
	protocols  []ingest.Protocol
}

func runCompare(e *env, args []string) error {
	fs := newFlagSet(e, "compare", "A B [flags]")
	c := addCommon(e, fs, "")
	fs.Lookup("clustered").Usage = "no effect: compare always shows both the case-paired and the template-clustered interval"
	fs.Lookup("out").Usage = "output: a table file, or a directory (existing, or ending in /) that receives the table and a forest plot (SVG, PDF, PNG)"
	var ca compareArgs
	var protos listFlag
	fs.BoolVar(&ca.conditions, "conditions", false, "A and B are two conditions of the configuration given by --config")
	fs.StringVar(&ca.config, "config", "", "the configuration whose conditions are compared (with --conditions)")
	fs.StringVar(&ca.condition, "condition", ingest.DefaultCondition, "the condition two configurations are compared under")
	fs.Var(&protos, "protocol", "protocols to compare on (repeatable or comma list: legacy, v0, v1, v2, v3; default all)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	pos := fs.Args()
	if err := c.check(); err != nil {
		return err
	}
	if len(pos) != 2 {
		return usagef("compare wants two arguments, A and B (got %d)", len(pos))
	}
	ca.a, ca.b = pos[0], pos[1]
	if ca.a == ca.b {
		return usagef("compare: A and B are both %q", ca.a)
	}
	if ca.config != "" && !ca.conditions {
		return usagef("compare: --config needs --conditions (A and B are then conditions of that configuration)")
	}
	var err error
	if ca.protocols, err = parseProtocols(protos); err != nil {
		return err
	}
	pols, err := c.policyList(false)
	if err != nil {
		return err
	}
	in, err := c.load()
	if err != nil {
		return err
	}
	s, _, err := c.score(in, pols, false)
	if err != nil {
		return err
	}
	rels := releases(in, s)
	if err := ca.resolve(rels[0]); err != nil {
		return err
	}
	o := c.stats()
	var tables []*results.Table
	forest := figures.Forest{Title: ca.title() + " (ECS)", Level: o.Level}
	for _, r := range rels {
		t, rows, err := compareTable(r, ca, o)
		if err != nil {
			return err
		}
		if len(rels) > 1 {
			t.ID += "-" + r.Policy.Name // one table per policy; the id tells them apart in JSON and LaTeX labels
		}
		tables = append(tables, t)
		for _, row := range rows {
			if len(rels) > 1 {
				row.Label = r.Policy.Name + ": " + row.Label
			}
			forest.Rows = append(forest.Rows, row)
		}
	}
	if c.out == "" {
		return results.RenderAll(e.stdout, tables, c.outFormat())
	}
	if !isDirTarget(c.out) {
		return results.WriteTableFile(c.out, c.outFormat(), tables...)
	}
	if err := os.MkdirAll(c.out, 0o755); err != nil {
		return err
	}
	tablePath := filepath.Join(c.out, "compare."+c.outFormat().Ext())
	if err := results.WriteTableFile(tablePath, c.outFormat(), tables...); err != nil {
		return err
	}
	files := []string{tablePath}
	if len(forest.Rows) > 0 {
		written, err := figures.WriteAll(c.out, "compare_forest", forest, figures.Options{})
		if err != nil {
			return fmt.Errorf("forest plot: %w", err)
		}
		files = append(files, written...)
	}
	for _, f := range files {
		fmt.Fprintln(e.stdout, f)
	}
	return nil
}

// isDirTarget reports whether --out names a directory: an existing one, or a path that
// ends in a separator.
func isDirTarget(p string) bool {
	if strings.HasSuffix(p, "/") || strings.HasSuffix(p, string(filepath.Separator)) {
		return true
	}
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}

// parseProtocols turns --protocol values into protocols, in the order given, without
// repeats.
func parseProtocols(names []string) ([]ingest.Protocol, error) {
	var out []ingest.Protocol
	seen := map[ingest.Protocol]bool{}
	for _, n := range names {
		p, ok := ingest.ParseProtocol(n)
		if !ok {
			var known []string
			for q := ingest.Legacy; q < ingest.NumProtocols; q++ {
				known = append(known, q.String())
			}
			return nil, usagef("unknown protocol %q (known: %s)", n, strings.Join(known, ", "))
		}
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	return out, nil
}

// resolve checks A, B and --config against what the release holds.
func (ca *compareArgs) resolve(r *analysis.Release) error {
	configs := r.Configs()
	if ca.conditions {
		if ca.config == "" {
			if len(configs) != 1 {
				return usagef("compare --conditions: which configuration? pass --config (known: %s)", strings.Join(configs, ", "))
			}
			ca.config = configs[0]
		}
		if !contains(configs, ca.config) {
			return usagef("compare: unknown configuration %q (known: %s)", ca.config, strings.Join(configs, ", "))
		}
		conds := conditionsOf(r.Select(analysis.Config(ca.config)))
		for _, x := range []string{ca.a, ca.b} {
			if !contains(conds, x) {
				return usagef("compare: configuration %q has no condition %q (known: %s)", ca.config, x, strings.Join(conds, ", "))
			}
		}
		return nil
	}
	for _, x := range []string{ca.a, ca.b} {
		if !contains(configs, x) {
			return usagef("compare: unknown configuration %q (known: %s)", x, strings.Join(configs, ", "))
		}
	}
	if conds := conditionsOf(r.Verdicts); !contains(conds, ca.condition) {
		return usagef("compare: unknown condition %q (known: %s)", ca.condition, strings.Join(conds, ", "))
	}
	return nil
}

// conditionsOf lists the conditions of the scored episodes other than static judgments,
// sorted.
func conditionsOf(vs []oracle.Verdict) []string {
	seen := map[string]bool{}
	for i := range vs {
		if !vs[i].Excluded && !analysis.StaticJudgments(&vs[i]) {
			seen[vs[i].Condition] = true
		}
	}
	out := make([]string, 0, len(seen))
	for c := range seen {
		out = append(out, c)
	}
	sort.Strings(out)
	return out
}

func (ca *compareArgs) title() string {
	if ca.conditions {
		return fmt.Sprintf("%s: %s − %s", ca.config, ca.a, ca.b)
	}
	return fmt.Sprintf("%s − %s", ca.a, ca.b)
}

// arms selects the scored interactive episodes of both sides, restricted to the chosen
// protocols.
func (ca *compareArgs) arms(r *analysis.Release) (a, b []oracle.Verdict) {
	keep := func(v *oracle.Verdict) bool {
		if len(ca.protocols) == 0 {
			return true
		}
		for _, p := range ca.protocols {
			if v.Protocol == p {
				return true
			}
		}
		return false
	}
	if ca.conditions {
		return r.Select(analysis.Interactive(ca.a), analysis.Config(ca.config), keep),
			r.Select(analysis.Interactive(ca.b), analysis.Config(ca.config), keep)
	}
	return r.Select(analysis.Interactive(ca.condition), analysis.Config(ca.a), keep),
		r.Select(analysis.Interactive(ca.condition), analysis.Config(ca.b), keep)
}

// compareTable builds the comparison of one policy's release: one row for all the chosen
// protocols together, then one per protocol both arms have; and the forest rows (the
// case-paired and the clustered interval of each scope).
func compareTable(r *analysis.Release, ca compareArgs, o analysis.StatOptions) (*results.Table, []figures.Comparison, error) {
	pct := func(key, header string) results.Column {
		return results.Column{Key: key, Header: header, Kind: results.KindPercent, Decimals: 1}
	}
	delta := func(key, header string) results.Column {
		return results.Column{Key: key, Header: header, Kind: results.KindPercentInterval, Decimals: 1, Signed: true}
	}
	count := func(key, header string) results.Column {
		return results.Column{Key: key, Header: header, Kind: results.KindCount}
	}
	pct95 := fmt.Sprintf("%g%%", o.Level*100)
	t := &results.Table{ID: "compare", Title: "Paired comparison " + ca.title(),
		Columns: []results.Column{{Key: "scope", Header: "Protocols", Kind: results.KindText}, count("cases", "Shared cases"),
			count("n_a", "Episodes A"), count("n_b", "Episodes B"), pct("ecs_a", "ECS A"), pct("ecs_b", "ECS B"),
			delta("delta", "Δ A − B ["+pct95+" CI, cases]"), delta("delta_clustered", "Δ A − B ["+pct95+" CI, clusters]"),
			count("clusters", "Clusters"), count("only_a", "Cases only A passes"), count("only_b", "Cases only B passes"),
			{Key: "mcnemar_p", Header: "McNemar p", Kind: results.KindNumber, Decimals: 4}}}
	a, b := ca.arms(r)
	scopes := []struct {
		label string
		keep  func(*oracle.Verdict) bool
	}{{"All", func(*oracle.Verdict) bool { return true }}}
	have := map[ingest.Protocol]bool{}
	for i := range a {
		have[a[i].Protocol] = true
	}
	for p := ingest.Legacy; p < ingest.NumProtocols; p++ {
		if have[p] && len(r.SelectFrom(b, analysis.Protocol(p))) > 0 {
			scopes = append(scopes, struct {
				label string
				keep  func(*oracle.Verdict) bool
			}{p.Label(), analysis.Protocol(p)})
		}
	}
	var forest []figures.Comparison
	oc := o
	oc.Clustered = true
	o.Clustered = false
	for _, sc := range scopes {
		sa, sb := r.SelectFrom(a, sc.keep), r.SelectFrom(b, sc.keep)
		shared := sharedCases(sa, sb)
		ra, rb := rateOn(sa, shared), rateOn(sb, shared)
		stream := "compare/" + ca.title() + "/" + sc.label
		d, err := r.PairedDiff(analysis.Arm{Verdicts: sa, Indicator: analysis.ECSOf}, analysis.Arm{Verdicts: sb, Indicator: analysis.ECSOf}, stream, o)
		if err != nil {
			return nil, nil, err
		}
		dc, err := r.PairedDiff(analysis.Arm{Verdicts: sa, Indicator: analysis.ECSOf}, analysis.Arm{Verdicts: sb, Indicator: analysis.ECSOf}, stream+"/clustered", oc)
		if err != nil {
			return nil, nil, err
		}
		onlyA, onlyB, p, err := analysis.McNemar(sa, sb)
		if err != nil {
			return nil, nil, err
		}
		t.AddRow(results.Text(sc.label), results.Count(int64(len(shared))), results.Count(int64(ra.Den)), results.Count(int64(rb.Den)),
			results.Number(ra.Value()), results.Number(rb.Value()), results.Interval(d.X, d.Lo, d.Hi), results.Interval(dc.X, dc.Lo, dc.Hi),
			results.Count(int64(dc.Units)), results.Count(int64(onlyA)), results.Count(int64(onlyB)), results.Number(p))
		if len(shared) > 0 {
			forest = append(forest, figures.Comparison{Label: sc.label + ", cases", Estimate: d.X, Lo: d.Lo, Hi: d.Hi},
				figures.Comparison{Label: sc.label + ", clusters", Estimate: dc.X, Lo: dc.Lo, Hi: dc.Hi})
		}
	}
	what := fmt.Sprintf("A = %s, B = %s, condition %s", ca.a, ca.b, ca.condition)
	if ca.conditions {
		what = fmt.Sprintf("A = condition %s, B = condition %s, configuration %s", ca.a, ca.b, ca.config)
	}
	t.Notes = append(t.Notes,
		what+"; scored interactive episodes on the cases both sides ran (ECS pools their repeats).",
		fmt.Sprintf("Δ intervals: %d bootstrap resamples (seed %d, %s) resampling cases, and resampling template clusters; both arms use the same draw.", o.Resamples, o.Seed, o.Method),
		"Cases only A / only B passes: case-level majority vote (a strict majority of a case's repeats succeed); McNemar exact two-sided p on those counts.",
		fmt.Sprintf("Scored under policy %s.", r.Policy.String()))
	return t, forest, nil
}

// sharedCases is the set of base cases both arms have episodes on.
func sharedCases(a, b []oracle.Verdict) map[string]bool {
	inA := map[string]bool{}
	for i := range a {
		inA[a[i].BaseCaseID] = true
	}
	out := map[string]bool{}
	for i := range b {
		if inA[b[i].BaseCaseID] {
			out[b[i].BaseCaseID] = true
		}
	}
	return out
}

// rateOn is the ECS of the episodes on the given cases.
func rateOn(vs []oracle.Verdict, cases map[string]bool) analysis.Rate {
	var r analysis.Rate
	for i := range vs {
		if cases[vs[i].BaseCaseID] {
			r.Add(vs[i].ECS)
		}
	}
	return r
}
