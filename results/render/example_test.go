package render_test

import (
	"fmt"
	"os"

	"github.com/sabench/sabench-stats/results"
	"github.com/sabench/sabench-stats/results/render"
)

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
	if err := render.Render(os.Stdout, t, render.FormatCSV); err != nil {
		fmt.Println(err)
	}
	// Output:
	// config,acted,acted_total,p_act,delta,delta_lo,delta_hi
	// Qwen3.8 / Qwen Code,13,43,30.2325581395349,-23.2558139534884,-39.5,-7.0
	// GLM-5.2 / ZCode,14,43,32.5581395348837,,,
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
	if err := render.Render(os.Stdout, t, render.FormatText); err != nil {
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
	f, err := render.ParseFormat("latex")
	fmt.Println(f, f.Ext(), err)
	_, err = render.ParseFormat("xlsx")
	fmt.Println(err)
	// Output:
	// latex tex <nil>
	// unknown table format "xlsx" (want text, md, latex, csv or json)
}
