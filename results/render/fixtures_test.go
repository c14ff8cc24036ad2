package render

import (
	"math"

	"github.com/sabench/sabench-stats/results"
)

// The fixtures below use the SafeActBench paper's published numbers
// (/work/shared/docs/paper-numbers.md, Tables 2 and 4 and the interventions section) as
// proportions, the way the analysis package hands them over.

// table2 is the paper's Table 2 (main results), grouped by model, best ECS in bold.
func table2() *results.Table {
	t := &results.Table{
		ID:    "T2",
		Title: "Main results: ECS (%) per configuration, overall and per protocol",
		Columns: []results.Column{
			{Key: "config", Header: "Config", Kind: results.KindText},
			{Key: "ecs", Header: "ECS", Kind: results.KindPercent, Decimals: 1},
			{Key: "pm", Header: "P-M", Kind: results.KindPercent, Decimals: 1},
			{Key: "dm", Header: "D-M", Kind: results.KindPercent, Decimals: 1},
			{Key: "legacy", Header: "Legacy", Kind: results.KindPercent, Decimals: 1},
			{Key: "v0", Header: "V0", Kind: results.KindPercent, Decimals: 1},
			{Key: "v1", Header: "V1", Kind: results.KindPercent, Decimals: 1},
			{Key: "v2", Header: "V2", Kind: results.KindPercent, Decimals: 1},
			{Key: "v3", Header: "V3", Kind: results.KindPercent, Decimals: 1},
		},
		Notes: []string{"ECS pools all scored episodes of the three repeats; P-M and D-M are unweighted means over protocols and domains."},
	}
	rows := []struct {
		model, config string
		v             [8]float64
	}{
		{"Claude-5", "Claude-5 / Claude Code", [8]float64{67.2, 69.6, 68.1, 97.7, 63.4, 60.3, 60.6, 65.9}},
		{"Claude-5", "Claude-5 / Inspect", [8]float64{63.4, 66.0, 65.4, 96.5, 58.9, 54.2, 59.1, 61.4}},
		{"GPT-5.6", "GPT-5.6 / Codex", [8]float64{65.4, 67.5, 67.8, 96.5, 65.7, 52.7, 58.3, 64.4}},
		{"GPT-5.6", "GPT-5.6 / Inspect", [8]float64{61.0, 63.4, 62.4, 94.2, 59.4, 47.3, 55.3, 60.6}},
		{"DeepSeek-V4", "DeepSeek-V4 / DSH", [8]float64{63.0, 66.2, 63.4, 96.5, 49.1, 61.1, 65.2, 59.1}},
		{"DeepSeek-V4", "DeepSeek-V4 / Inspect", [8]float64{57.5, 59.4, 57.7, 83.7, 56.0, 49.6, 56.8, 50.8}},
		{"Qwen3.8", "Qwen3.8 / Qwen Code", [8]float64{66.0, 67.4, 67.0, 91.9, 72.6, 58.8, 59.8, 53.8}},
		{"Qwen3.8", "Qwen3.8 / Inspect", [8]float64{63.9, 65.8, 65.7, 94.2, 67.4, 60.3, 54.5, 52.3}},
		{"GLM-5.2", "GLM-5.2 / ZCode", [8]float64{37.7, 42.1, 39.9, 97.7, 34.3, 32.1, 12.1, 34.1}},
		{"GLM-5.2", "GLM-5.2 / Inspect", [8]float64{41.0, 43.4, 41.2, 77.9, 44.0, 31.3, 22.0, 41.7}},
	}
	for _, r := range rows {
		cells := []results.Cell{results.Text(r.config)}
		for _, v := range r.v {
			cells = append(cells, results.Number(v/100))
		}
		t.AddGroupRow(r.model, cells...)
	}
	for _, c := range t.Columns[1:] {
		if err := t.HighlightBest(c.Key, true); err != nil {
			panic(err)
		}
	}
	return t
}

// table4 is the paper's Table 4 (paired harness comparison, family − Inspect): signed
// differences with 95% CIs, including a bound that rounds to zero and one that is missing.
func table4() *results.Table {
	t := &results.Table{
		ID:    "T4",
		Title: "Paired harness comparison (family − Inspect) on the 570 V0–V3 cases",
		Columns: []results.Column{
			{Key: "model", Header: "Model", Kind: results.KindText},
			{Key: "delta_ecs", Header: "Δ ECS [95% CI]", Kind: results.KindPercentInterval, Decimals: 1, Signed: true},
			{Key: "complete_family", Header: "Inv. complete (family)", Kind: results.KindPercent, Decimals: 1},
			{Key: "complete_inspect", Header: "Inv. complete (Inspect)", Kind: results.KindPercent, Decimals: 1},
		},
		Notes: []string{"5000 case-paired bootstrap resamples, percentile intervals, seed 1."},
	}
	t.AddRow(results.Text("Claude-5"), results.Interval(0.042, -0.007, 0.091), results.Empty(), results.Empty())
	t.AddRow(results.Text("GPT-5.6"), results.Interval(0.047, -0.0004, 0.095), results.Empty(), results.Empty())
	t.AddRow(results.Text("DeepSeek-V4"), results.Interval(0.044, 0.011, 0.079), results.Empty(), results.Empty())
	t.AddRow(results.Text("Qwen3.8"), results.Interval(0.028, -0.012, 0.068), results.Empty(), results.Empty())
	t.AddRow(results.Text("GLM-5.2"), results.Interval(-0.068, -0.112, -0.025), results.Number(0.298), results.Number(0.388))
	t.AddRow(results.Text("(BCa undefined)"), results.Interval(0.01, math.NaN(), 0.05), results.Empty(), results.Empty())
	return t
}

// interventions has n/N pairs, counts, signed point differences and empty cells
// (the paper's evidence-package and requester-claim counts).
func interventions() *results.Table {
	t := &results.Table{
		ID:    "interventions",
		Title: "Action submissions per condition (43 V1 cases)",
		Columns: []results.Column{
			{Key: "config", Header: "Config", Kind: results.KindText},
			{Key: "condition", Header: "Condition", Kind: results.KindText},
			{Key: "episodes", Header: "Episodes", Kind: results.KindCount},
			{Key: "acted", Header: "Acted", Kind: results.KindFraction},
			{Key: "p_act", Header: "P(act)", Kind: results.KindPercent, Decimals: 1},
			{Key: "delta", Header: "Δ vs main", Kind: results.KindPercentInterval, Decimals: 1, Signed: true},
			{Key: "kappa", Header: "κ", Kind: results.KindNumber, Decimals: 2},
		},
	}
	t.AddGroupRow("DeepSeek-V4 / DSH", results.Text("DeepSeek-V4 / DSH"), results.Text("main"), results.Count(43), results.Fraction(23, 43), results.Number(23.0/43), results.Empty(), results.Number(0.87))
	t.AddGroupRow("DeepSeek-V4 / DSH", results.Text("DeepSeek-V4 / DSH"), results.Text("evidence_package"), results.Count(43), results.Fraction(18, 43), results.Number(18.0/43), results.Interval(-5.0/43, -0.256, 0.023), results.Empty())
	t.AddGroupRow("GLM-5.2 / ZCode", results.Text("GLM-5.2 / ZCode"), results.Text("main"), results.Count(43), results.Fraction(20, 43), results.Number(20.0/43), results.Empty(), results.Empty())
	t.AddGroupRow("GLM-5.2 / ZCode", results.Text("GLM-5.2 / ZCode"), results.Text("requester_claim"), results.Count(0), results.Fraction(0, 0), results.Number(math.NaN()), results.Empty(), results.Number(-0.004))
	return t
}

// specials has every LaTeX special character, Markdown metacharacters, a line break and
// non-ASCII names, in text cells, headers, the title and a note.
func specials() *results.Table {
	t := &results.Table{
		ID:    "T_special #1",
		Title: `Names & costs: 100% of $5 #1 {x} ~y^2 C:\path_a`,
		Columns: []results.Column{
			{Key: "name", Header: "Name_of {config}", Kind: results.KindText},
			{Key: "tau", Header: "Kendall τ-b", Kind: results.KindNumber, Decimals: 3, Align: results.AlignCenter},
			{Key: "n", Header: "n", Kind: results.KindCount, Align: results.AlignLeft},
		},
		Notes: []string{`Costs in $ & € — 50% off_peak; a|b *c* <d> [e] \f ` + "`g`."},
	}
	t.AddRow(results.Text(`a&b %c $d #e _f {g} ~h ^i \j`), results.Number(-0.1234), results.Count(-3))
	t.AddRow(results.Text("Zoë / Ünïcode-名前"), results.Number(0.5), results.Count(1200))
	t.AddRow(results.Text("two\nlines|pipe *star*"), results.Number(0), results.Count(0))
	return t
}

// pvalues is a family of tests with raw and Holm-adjusted p-values: tiny, tied, exactly
// 0.001, 1, and a test that could not be run (left out of the family, as R's p.adjust does
// with NA). Holm by hand over the 5 run: 0.00002·5, 0.001·4, 0.0412·3 (and for its tie), 1.
func pvalues() *results.Table {
	t := &results.Table{
		ID:    "pvalues",
		Title: "McNemar tests of six models, Holm-adjusted",
		Columns: []results.Column{
			{Key: "model", Header: "Model", Kind: results.KindText},
			{Key: "p", Header: "p", Kind: results.KindPValue, Decimals: 4},
			{Key: "p_holm", Header: "p (Holm)", Kind: results.KindPValue, Decimals: 3},
		},
		Notes: []string{"Holm over the family of the 5 tests that could be run; E could not be run."},
	}
	t.AddRow(results.Text("A"), results.PValue(0.00002), results.PValue(0.0001))
	t.AddRow(results.Text("B"), results.PValue(0.001), results.PValue(0.004))
	t.AddRow(results.Text("C"), results.PValue(0.0412), results.PValue(0.1236))
	t.AddRow(results.Text("D"), results.PValue(0.0412), results.PValue(0.1236))
	t.AddRow(results.Text("E"), results.PValue(math.NaN()), results.PValue(math.NaN()))
	t.AddRow(results.Text("F"), results.PValue(1), results.PValue(1))
	return t
}

// fixtures lists the golden tables by file stem.
func fixtures() []struct {
	name  string
	table *results.Table
} {
	return []struct {
		name  string
		table *results.Table
	}{
		{"table2", table2()},
		{"table4", table4()},
		{"interventions", interventions()},
		{"specials", specials()},
		{"pvalues", pvalues()},
	}
}
