package results_test

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/sabench/sabench-stats/results"
)

// A paired comparison like the paper's Table 4: signed differences of proportions with
// their 95% CIs, rendered as Markdown. Values from the paper (its Table 4).
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
	if err := results.Render(os.Stdout, t, results.FormatMarkdown); err != nil {
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

// The data forms keep full precision and split intervals and count pairs into fields.
func ExampleRender_csv() {
	t := &results.Table{
		ID: "interventions",
		Columns: []results.Column{
			{Key: "config", Header: "Config", Kind: results.KindText},
			{Key: "acted", Header: "Acted", Kind: results.KindFraction},
			{Key: "p_act", Header: "P(act)", Kind: results.KindPercent, Decimals: 1},
			{Key: "delta", Header: "Δ", Kind: results.KindPercentInterval, Decimals: 1, Signed: true},
		},
	}
	t.AddRow(results.Text("Qwen3.8 / Qwen Code"), results.Fraction(13, 43), results.Number(13.0/43), results.Interval(-10.0/43, -0.395, -0.070))
	t.AddRow(results.Text("GLM-5.2 / ZCode"), results.Fraction(14, 43), results.Number(14.0/43), results.Empty())
	if err := results.Render(os.Stdout, t, results.FormatCSV); err != nil {
		fmt.Println(err)
	}
	// Output:
	// config,acted,acted_total,p_act,delta,delta_lo,delta_hi
	// Qwen3.8 / Qwen Code,13,43,30.2325581395349,-23.2558139534884,-39.5,-7.0
	// GLM-5.2 / ZCode,14,43,32.5581395348837,,,
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
	natural := results.RenderOptions{LaTeX: results.LaTeXOptions{Width: results.LaTeXNatural}}
	if err := results.RenderWith(os.Stdout, t, results.FormatLaTeX, natural); err != nil {
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

func ExampleRender_text() {
	t := &results.Table{
		ID: "coverage",
		Columns: []results.Column{
			{Key: "config", Header: "Config", Kind: results.KindText},
			{Key: "scored", Header: "Scored", Kind: results.KindCount},
			{Key: "excluded", Header: "Excluded", Kind: results.KindCount},
		},
	}
	t.AddRow(results.Text("GLM-5.2 / ZCode"), results.Count(1965), results.Count(3))
	if err := results.Render(os.Stdout, t, results.FormatText); err != nil {
		fmt.Println(err)
	}
	// Output:
	// coverage
	// ┌─────────────────┬────────┬──────────┐
	// │ Config          │ Scored │ Excluded │
	// ├─────────────────┼────────┼──────────┤
	// │ GLM-5.2 / ZCode │   1965 │        3 │
	// └─────────────────┴────────┴──────────┘
}

func ExampleParseFormat() {
	f, err := results.ParseFormat("latex")
	fmt.Println(f, f.Ext(), err)
	_, err = results.ParseFormat("xlsx")
	fmt.Println(err)
	// Output:
	// latex tex <nil>
	// unknown table format "xlsx" (want text, md, latex, csv or json)
}

func ExampleWriteFileAtomic() {
	dir, err := os.MkdirTemp("", "results-example")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "notes.txt")
	err = results.WriteFileAtomic(path, func(w io.Writer) error {
		_, err := io.WriteString(w, "all or nothing\n")
		return err
	})
	data, _ := os.ReadFile(path)
	fmt.Printf("%v %q\n", err, data)
	// Output: <nil> "all or nothing\n"
}
