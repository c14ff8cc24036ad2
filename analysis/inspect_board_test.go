package analysis

import (
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest/inspect"
)

func allInspectRows(t *testing.T) ([]inspect.Row, map[string]int) {
	t.Helper()
	files, err := inspect.Expand([]string{inspectLogs})
	if err != nil {
		t.Fatal(err)
	}
	var rows []inspect.Row
	epochs := map[string]int{}
	for _, f := range files {
		log, rs := inspectRows(t, f)
		rows = append(rows, rs...)
		epochs[f] = log.Eval.Config.Epochs
	}
	return rows, epochs
}

// The shared logs' popularity board, by hand from the sample files: gemma3 1/1,
// gpt-4o-mini 8/10 (the scored .eval; the .json log's samples 1–3 score the same; the
// unscored .eval takes no part), Llama 3.1 405B (0.5 + 1)/2, llama3.1 0/1.
func TestLeaderboardInspectRealLogs(t *testing.T) {
	rows, epochs := allInspectRows(t)
	o := DefaultStatOptions()
	o.Resamples = 1000
	b, err := LeaderboardInspect(rows, InspectBoardOptions{PassK: []int{1, 2}, Epochs: epochs}, o)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range b.Entries {
		got = append(got, fmt.Sprintf("%s|%s|%s|%d|%.4g|%d|%d", e.Task, e.Scorer, e.Model, len(e.Logs), e.X, e.Samples, e.Rank))
	}
	// Models with one sample are not ranked (rank 0), listed after the ranked by mean.
	want := []string{
		"inspect_test_utils/guess_number|closeness_log|hardcoded/hardcoded|1|0|1|0",
		"popularity|match|openai/gpt-4o-mini|2|0.8|10|1",
		"popularity|match|azureai/Meta-Llama-3-1-405B-Instruct-jqf|1|0.75|2|2",
		"popularity|match|ollama/gemma3|1|1|1|0",
		"popularity|match|ollama/llama3.1|1|0|1|0",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("board\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for _, e := range b.Entries {
		switch {
		case e.Rank == 0 && e.Set.Lo != 0:
			t.Errorf("%s: a set without a rank %+v", e.Model, e.Set)
		case e.Rank > 0 && e.Task == "popularity" && (e.Set.Lo < 1 || e.Set.Hi > 2 || e.Set.Lo > e.Rank || e.Set.Hi < e.Rank):
			t.Errorf("%s rank %d set %+v", e.Model, e.Rank, e.Set)
		}
		if e.Model == "azureai/Meta-Llama-3-1-405B-Instruct-jqf" {
			// Epochs 2: sample 1 one success, sample 2 two. pass^1 = (1/2 + 1)/2,
			// pass^2 = (0 + 1)/2, the same in both conventions (all epochs scored).
			for _, pk := range [][]float64{{e.PassKPlanned[0].Value, e.PassKPlanned[1].Value}, {e.PassKPerCase[0].Value, e.PassKPerCase[1].Value}} {
				if pk[0] != 0.75 || pk[1] != 0.5 {
					t.Errorf("pass^k %v", pk)
				}
			}
		}
		if e.Model == "ollama/gemma3" && !math.IsNaN(e.PassKPlanned[1].Value) {
			t.Errorf("pass^2 of a 1-epoch log in the planned convention: %v", e.PassKPlanned[1])
		}
		// closeness_log is a continuous scorer, but its one value is 0.0: binary as
		// far as the data go, so pass^1 = 0.
		if e.Model == "hardcoded/hardcoded" && (e.NotBinary || e.PassKPerCase[0].Value != 0) {
			t.Errorf("closeness_log pass^k %+v", e.PassKPerCase)
		}
	}
}

func TestLeaderboardInspectBy(t *testing.T) {
	a := synthRows("s", [][]float64{{1}, {0}, {1}, {1}}, func(i int) string { return fmt.Sprint("g", i%2) })
	b := synthRows("s", [][]float64{{0}, {0}, {1}, {0}}, func(i int) string { return fmt.Sprint("g", i%2) })
	for i := range a {
		a[i].Task, a[i].Model, a[i].Log = "t", "A", "a.eval"
	}
	for i := range b {
		b[i].Task, b[i].Model, b[i].Log = "t", "B", "b.eval"
	}
	o := DefaultStatOptions()
	o.Resamples = 200
	board, err := LeaderboardInspect(append(a, b...), InspectBoardOptions{By: "g"}, o)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range board.Entries {
		got = append(got, fmt.Sprintf("%s %s %.2f %d", e.Group, e.Model, e.X, e.Rank))
	}
	// g0: samples 1, 3 (A 1, 1; B 0, 1); g1: samples 2, 4 (A 0, 1; B 0, 0).
	if strings.Join(got, ", ") != "g0 A 1.00 1, g0 B 0.50 2, g1 A 0.50 1, g1 B 0.00 2" {
		t.Errorf("%s", strings.Join(got, ", "))
	}
}

// TestLeaderboardInspectTiesAreTies: two models with equal rates got different ranks from
// rounding. With --cluster-by the mean was the units' sums added in cluster order (24/30
// came out 0.7999999999999999 beside 8/10's 0.8, ranked 2 and 1); and a mean of sample
// means over other samples (0.1, 0.2, 0.3 against five 0.2) is off by an ulp. Both now
// tie at rank 1, and a model's mean is the same with or without clusters.
func TestLeaderboardInspectTiesAreTies(t *testing.T) {
	group := func(i int) string { return fmt.Sprint("g", (i+1)%3) }
	three := [][]float64{{1, 1, 1}, {0, 1, 1}, {1, 1, 1}, {0, 1, 0}, {1, 1, 1}, {1, 0, 1}, {1, 0, 1}, {1, 1, 0}, {1, 1, 1}, {1, 1, 1}}
	one := [][]float64{{1}, {1}, {1}, {1}, {0}, {1}, {1}, {1}, {1}, {0}}
	withModel := func(model string, rows []inspect.Row) []inspect.Row {
		for i := range rows {
			rows[i].Task, rows[i].Model, rows[i].Log = "t", model, model+".eval"
		}
		return rows
	}
	o := DefaultStatOptions()
	o.Resamples = 0
	for _, key := range []string{"", "g"} {
		rows := append(withModel("a", synthRows("s", three, group)), withModel("b", synthRows("s", one, group))...)
		board, err := LeaderboardInspect(rows, InspectBoardOptions{ClusterBy: key}, o)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range board.Entries {
			if e.X != 0.8 || e.Rank != 1 {
				t.Errorf("cluster-by %q: %s mean %v rank %d, want 0.8 and rank 1", key, e.Model, e.X, e.Rank)
			}
		}
	}
	a := withModel("a", synthRows("s", [][]float64{{0.1}, {0.2}, {0.3}}, nil))
	b := withModel("b", synthRows("s", [][]float64{{0.2}, {0.2}, {0.2}, {0.2}, {0.2}}, nil))
	board, err := LeaderboardInspect(append(a, b...), InspectBoardOptions{}, o)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range board.Entries {
		if e.Rank != 1 {
			t.Errorf("%s: mean %v rank %d, want the tie's rank 1", e.Model, e.X, e.Rank)
		}
	}
}

// TestLeaderboardInspectPooledLogsInReadOrder: a model's pooled logs were listed sorted as
// spelled, so /abs/c.eval came before b.eval although the inputs are read b.eval first (by
// absolute path); they now follow the read order whatever the spelling.
func TestLeaderboardInspectPooledLogsInReadOrder(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	c := filepath.Join(dir, "c.eval")
	var rows []inspect.Row
	for _, log := range []string{c, "b.eval"} {
		rs := synthRows("s", [][]float64{{1}, {0}}, nil)
		for i := range rs {
			rs[i].Task, rs[i].Model, rs[i].Log = "t", "m", log
		}
		rows = append(rows, rs...)
	}
	o := DefaultStatOptions()
	o.Resamples = 0
	board, err := LeaderboardInspect(rows, InspectBoardOptions{}, o)
	if err != nil {
		t.Fatal(err)
	}
	if len(board.Entries) != 1 || !slices.Equal(board.Entries[0].Logs, []string{"b.eval", c}) {
		t.Fatalf("entries %+v, want one of logs [b.eval %s]", board.Entries, c)
	}
}
