package results_test

import (
	"fmt"
	"os"

	"github.com/sabench/sabench-stats/results"
	"github.com/sabench/sabench-stats/results/render"
)

// A paired comparison like the paper's Table 4: signed differences of proportions with
// their 95% CIs, rendered as Markdown. Values from the paper (paper-numbers.md, Table 4).
func Example() {
	t := &results.Table{
		ID:    "T4",
		Title: "Paired harness comparison (family − Inspect)",
		Columns: []results.Column{
			{Key: "model", Header: "Model", Kind: results.KindText},
			{Key: "delta_ecs", Header: "Δ ECS [95% CI]", Kind: results.KindPercentInterval, Decimals: 1, Signed: true},
			{Key: "n", Header: "Cases", Kind: results.KindCount},
		},
		Notes: []string{"5000 case-paired bootstrap resamples."},
	}
	t.AddRow(results.Text("DeepSeek-V4"), results.Interval(0.044, 0.011, 0.079), results.Count(570))
	t.AddRow(results.Text("GLM-5.2"), results.Interval(-0.068, -0.112, -0.025), results.Count(570))
	t.AddRow(results.Text("GPT-5.6"), results.Interval(0.047, 0, 0.095), results.Count(570))
	if err := render.Render(os.Stdout, t, render.FormatMarkdown); err != nil {
		fmt.Println(err)
	}
	// Output:
	// **T4: Paired harness comparison (family − Inspect)**
	//
	// | Model       |     Δ ECS [95% CI] | Cases |
	// | :---------- | -----------------: | ----: |
	// | DeepSeek-V4 |  +4.4 [+1.1, +7.9] |   570 |
	// | GLM-5.2     | -6.8 [-11.2, -2.5] |   570 |
	// | GPT-5.6     |   +4.7 [0.0, +9.5] |   570 |
	//
	// 5000 case-paired bootstrap resamples.
}

// Rows grouped by model get a rule between groups; HighlightBest bolds the best value.
func ExampleTable_HighlightBest() {
	t := &results.Table{
		ID:    "T2",
		Title: "Main results",
		Columns: []results.Column{
			{Key: "config", Header: "Config", Kind: results.KindText},
			{Key: "ecs", Header: "ECS", Kind: results.KindPercent, Decimals: 1},
		},
	}
	t.AddGroupRow("Claude-5", results.Text("Claude-5 / Claude Code"), results.Number(0.672))
	t.AddGroupRow("Claude-5", results.Text("Claude-5 / Inspect"), results.Number(0.634))
	t.AddGroupRow("GLM-5.2", results.Text("GLM-5.2 / ZCode"), results.Number(0.377))
	if err := t.HighlightBest("ecs", true); err != nil {
		fmt.Println(err)
	}
	// The natural width (--latex-width none) keeps the example short: no fitting macro.
	natural := render.RenderOptions{LaTeX: render.LaTeXOptions{Width: render.LaTeXNatural}}
	if err := render.RenderWith(os.Stdout, t, render.FormatLaTeX, natural); err != nil {
		fmt.Println(err)
	}
	// Output:
	// % table T2: \usepackage{booktabs}
	// \begin{table}[tbp]
	// \centering
	// \caption{Main results}
	// \label{tab:T2}
	// \begin{tabular}{lr@{}l}
	// \toprule
	// Config & \multicolumn{2}{c}{ECS} \\
	// \midrule
	// Claude-5 / Claude Code & \textbf{67} & \textbf{.2} \\
	// Claude-5 / Inspect & 63 & .4 \\
	// \midrule
	// GLM-5.2 / ZCode & 37 & .7 \\
	// \bottomrule
	// \end{tabular}
	// \end{table}
}
