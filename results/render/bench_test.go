package render

import (
	"fmt"
	"io"
	"testing"

	"github.com/sabench/sabench-stats/results"
)

// bigTable is a 200-row "domains"-like table (config × domain × protocol) with every
// numeric kind, larger than any paper table.
func bigTable() *results.Table {
	t := &results.Table{ID: "domains", Title: "ECS per config, domain and protocol", Columns: []results.Column{
		{Key: "config", Header: "Config", Kind: results.KindText},
		{Key: "domain", Header: "Domain", Kind: results.KindText},
		{Key: "n", Header: "n", Kind: results.KindCount},
		{Key: "succ", Header: "Successes", Kind: results.KindFraction},
		{Key: "ecs", Header: "ECS", Kind: results.KindPercent, Decimals: 1},
		{Key: "delta", Header: "Δ vs safeact", Kind: results.KindPercentInterval, Decimals: 1, Signed: true},
		{Key: "tau", Header: "τ-b", Kind: results.KindInterval, Decimals: 3},
	}}
	for i := 0; i < 200; i++ {
		x := float64(i%97) / 97
		t.AddGroupRow(fmt.Sprint("model-", i/20), results.Text(fmt.Sprintf("model-%d / harness-%d", i/20, i%2)),
			results.Text(fmt.Sprint("domain_", i%6)), results.Count(int64(300+i)), results.Fraction(int64(i), 300+int64(i)),
			results.Number(x), results.Interval(x-0.5, x-0.6, x-0.4), results.Interval(x, x-0.1, x+0.1))
	}
	return t
}

func BenchmarkRender(b *testing.B) {
	for _, tc := range []struct {
		name string
		t    *results.Table
	}{{"T2", table2()}, {"200rows", bigTable()}} {
		for _, f := range Formats() {
			b.Run(tc.name+"/"+f.String(), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if err := Render(io.Discard, tc.t, f); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
