package results_test

import (
	"bytes"
	"encoding/csv"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/figures"
	"github.com/sabench/sabench-stats/results/render"
)

// csvRows is a table's CSV form, one map of column → value per row.
func csvRows(t *testing.T, id string, r *analysis.Release) []map[string]string {
	t.Helper()
	var b bytes.Buffer
	if err := render.Render(&b, buildOne(t, r, id, goldenStats()), render.FormatCSV); err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(&b).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	var out []map[string]string
	for _, rec := range recs[1:] {
		m := map[string]string{}
		for i, h := range recs[0] {
			m[h] = rec[i]
		}
		out = append(out, m)
	}
	return out
}

var checked int // values compared by agree

// agree: a figure's value (a fraction, NaN for none) is the table's (a percentage, "" for none).
func agree(fig float64, table string) bool {
	checked++
	if table == "" {
		return math.IsNaN(fig)
	}
	x, err := strconv.ParseFloat(table, 64)
	return err == nil && math.Abs(fig*100-x) < 1e-9
}

// TestFiguresDrawTheTablesNumbers: every bar, whisker, cell, segment and point of the
// report's figures is the number of the table it shows (T2, domains, failures, T4, with
// T4's adjusted p-value in each forest row's label), on the fixture release.
func TestFiguresDrawTheTablesNumbers(t *testing.T) {
	r := fixtureRelease(t)
	o := goldenStats()
	checked = 0
	figs, _, err := figures.Report(r, analysis.NewPolicyComparison([]*analysis.Release{r}), o, analysis.PaperChoices())
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]figures.Figure{}
	for _, f := range figs {
		byName[f.Name] = f.Fig
	}
	ecs := byName["ecs_by_protocol"].(figures.ECSByProtocol)
	t2 := map[string]map[string]string{}
	for _, row := range csvRows(t, "T2", r) {
		t2[row["config"]] = row
	}
	for i, c := range ecs.Configs {
		for j, p := range ecs.Protocols {
			k, iv := strings.ToLower(p), ecs.ECS[i][j]
			if !agree(iv.Estimate, t2[c][k]) || !agree(iv.Lo, t2[c][k+"_lo"]) || !agree(iv.Hi, t2[c][k+"_hi"]) {
				t.Errorf("ecs_by_protocol %s %s: %v, T2 %s [%s, %s]", c, p, iv, t2[c][k], t2[c][k+"_lo"], t2[c][k+"_hi"])
			}
		}
	}
	heat := byName["domain_heatmap"].(figures.DomainHeatMap)
	all := map[[2]string]string{}
	for _, row := range csvRows(t, "domains", r) {
		all[[2]string{row["config"], row["domain"]}] = row["all"]
	}
	for i, c := range heat.Configs {
		for j, d := range heat.Domains {
			if v, ok := all[[2]string{c, d}]; !ok && !math.IsNaN(heat.ECS[i][j]) || ok && !agree(heat.ECS[i][j], v) {
				t.Errorf("domain_heatmap %s %s: %v, domains table %q", c, d, heat.ECS[i][j], v)
			}
		}
	}
	if checked < 3*len(ecs.Configs)*len(ecs.Protocols)+len(heat.Configs)*len(heat.Domains) || len(heat.Domains) < 2 {
		t.Fatalf("only %d values compared", checked)
	}
	mix := byName["failure_types"].(figures.FailureMix)
	fails := map[[2]string]map[string]string{}
	for _, row := range csvRows(t, "failures", r) {
		fails[[2]string{row["config"], row["protocol"]}] = row
	}
	for i, c := range mix.Configs {
		for j, p := range mix.Protocols {
			row := fails[[2]string{c, p}]
			for k, cat := range mix.Categories {
				v := mix.Shares[i][j][k]
				if row == nil {
					if v != 0 {
						t.Errorf("failure_types %s %s %s: %v, no row in the failures table", c, p, cat, v)
					}
					continue
				}
				if got, ok := row[cat]; ok && !agree(v, got) || !ok && v != 0 {
					t.Errorf("failure_types %s %s %s: %v, failures table %q", c, p, cat, v, got)
				}
			}
		}
	}
	forest := byName["harness_differences"].(figures.Forest)
	t4 := csvRows(t, "T4", r)
	if len(forest.Rows) != len(t4) || len(t4) == 0 {
		t.Fatalf("harness_differences: %d rows, T4 %d", len(forest.Rows), len(t4))
	}
	for i, row := range t4 {
		x := forest.Rows[i]
		p, _ := strconv.ParseFloat(row["p_adj"], 64)
		ptext := strconv.FormatFloat(p, 'f', 3, 64)
		if p < 0.001 {
			ptext = "<0.001"
		}
		if !agree(x.Estimate, row["delta"]) || !agree(x.Lo, row["delta_lo"]) || !agree(x.Hi, row["delta_hi"]) ||
			x.Label != row["model"]+" (Holm p "+ptext+")" {
			t.Errorf("harness_differences row %d: %+v, T4 %s %s [%s, %s] p %s", i, x, row["model"], row["delta"], row["delta_lo"], row["delta_hi"], ptext)
		}
	}
}
