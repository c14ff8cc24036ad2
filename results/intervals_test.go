package results_test

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/bootstrap"
	"github.com/sabench/sabench-stats/results"
	"github.com/sabench/sabench-stats/results/render"
)

// TestIntervalLabelsFollowOptions builds every interval table of the fixture release at a
// non-default level, method, quantile mode and unit and checks that each interval header,
// the note and the CSV and JSON fields say what was used (`--level 0.9` once
// printed "[95% CI]").
func TestIntervalLabelsFollowOptions(t *testing.T) {
	o := analysis.StatOptions{Resamples: 300, Seed: 7, Level: 0.9, Method: bootstrap.BCa, Quantile: bootstrap.QuantileR, Clustered: true}
	in := &results.Input{Releases: []*analysis.Release{fixtureRelease(t)}, Stats: o, Choices: analysis.PaperChoices()}
	for _, id := range []string{"T2", "T4", "T8", "T9", "T10", "T13", "interventions", "domains"} {
		spec, err := results.Lookup(id)
		if err != nil {
			t.Fatal(err)
		}
		tab, err := spec.Build(in)
		if err != nil {
			t.Fatal(err)
		}
		if tab.Intervals == nil {
			t.Errorf("%s: no interval description", id)
			continue
		}
		var headers []string
		for _, c := range tab.Columns {
			if c.Kind == results.KindPercentInterval || c.Kind == results.KindInterval {
				headers = append(headers, c.Header)
				if strings.Contains(c.Header, "95%") {
					t.Errorf("%s: header %q says 95%%", id, c.Header)
				}
			}
		}
		notes := strings.Join(tab.Notes, "\n")
		want := regexp.MustCompile(`Intervals: 90% BCa \(percentile where undefined\), R boot quantiles; 300 bootstrap resamples of template clusters \(\d+( to \d+)? per interval; in the whole release: 4 clusters by template_id\), seed 7\.`)
		if !want.MatchString(notes) {
			t.Errorf("%s: notes lack %q:\n%s", id, want, notes)
		}
		if !strings.Contains(strings.Join(headers, " ")+notes, "90% CI") {
			t.Errorf("%s: no header or note says 90%% CI (headers %q)", id, headers)
		}
		var b bytes.Buffer
		if err := render.Render(&b, tab, render.FormatCSV); err != nil {
			t.Fatal(err)
		}
		recs, err := csv.NewReader(&b).ReadAll()
		if err != nil || len(recs) < 2 {
			t.Fatalf("%s: %d records, %v", id, len(recs), err)
		}
		field := map[string]string{}
		for j, h := range recs[0] {
			field[h] = recs[1][j]
		}
		for k, v := range map[string]string{"ci_level": "0.9", "ci_method": "bca", "ci_quantile": "r", "ci_unit": "template clusters",
			"ci_cluster_rule": "4 clusters by template_id", "resamples": "300", "seed": "7"} {
			if field[k] != v {
				t.Errorf("%s: CSV %s = %q, want %q", id, k, field[k], v)
			}
		}
		b.Reset()
		if err := render.Render(&b, tab, render.FormatJSON); err != nil {
			t.Fatal(err)
		}
		var doc struct {
			Intervals struct {
				Level     float64
				Method    string
				Unit      string
				Resamples int
				Warnings  []struct {
					Row          int
					Column, Kind string
				}
			}
		}
		if err := json.Unmarshal(b.Bytes(), &doc); err != nil {
			t.Fatal(err)
		}
		if iv := doc.Intervals; iv.Level != 0.9 || iv.Method != "bca" || iv.Unit != "template clusters" || iv.Resamples != 300 {
			t.Errorf("%s: JSON intervals %+v", id, iv)
		}
		if len(doc.Intervals.Warnings) != len(tab.Intervals.Warnings) {
			t.Errorf("%s: JSON has %d caveats, the table %d", id, len(doc.Intervals.Warnings), len(tab.Intervals.Warnings))
		}
	}
}
