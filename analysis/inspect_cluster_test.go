package analysis

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest/inspect"
)

// TestClusterByRefusesDisagreeingLogs: sample 2 pooled from two logs of one model whose
// metadata g differ took its cluster from the log read first, so the leaderboard and the
// comparison changed with the order of the logs. Both now refuse, naming the sample, the
// logs and the values; logs that agree, or where one lacks the key, still cluster.
func TestClusterByRefusesDisagreeingLogs(t *testing.T) {
	group := func(i int) string { return []string{"x", "x", "y", "y"}[i] }
	logRows := func(log string, g map[int]string) []inspect.Row {
		rows := synthRows("s", [][]float64{{1}, {0}, {1}, {0}}, group)
		for i := range rows {
			rows[i].Log, rows[i].Task, rows[i].Model = log, "t", "m"
			n := int(rows[i].SampleID.String()[0] - '1')
			if v, ok := g[n]; ok {
				md := map[string]json.RawMessage{}
				if v != "" {
					md["g"] = json.RawMessage(`"` + v + `"`)
				}
				rows[i].Metadata = md
			}
		}
		return rows
	}
	a := logRows("a.eval", nil)
	b := logRows("b.eval", map[int]string{1: "y"})
	o := DefaultStatOptions()
	o.Resamples = 0
	const want = `--cluster-by metadata.g: sample 2 of task t has "x" in a.eval (epoch 1) but "y" in b.eval (epoch 1): its cluster would depend on the order the logs are read`
	if _, err := LeaderboardInspect(append(append([]inspect.Row{}, a...), b...), InspectBoardOptions{ClusterBy: "g"}, o); err == nil || err.Error() != want {
		t.Errorf("leaderboard: %v, want %s", err, want)
	}
	if _, err := CompareInspect(InspectArm{Rows: a}, InspectArm{Rows: b}, InspectCompareOptions{ClusterBy: "g"}, o); err == nil || err.Error() != want {
		t.Errorf("compare: %v, want %s", err, want)
	}
	// The same rows without --cluster-by, and logs that agree or lack the key, are fine.
	if _, err := LeaderboardInspect(append(append([]inspect.Row{}, a...), b...), InspectBoardOptions{}, o); err != nil {
		t.Error(err)
	}
	for _, other := range [][]inspect.Row{logRows("b.eval", nil), logRows("b.eval", map[int]string{1: ""})} {
		board, err := LeaderboardInspect(append(append([]inspect.Row{}, a...), other...), InspectBoardOptions{ClusterBy: "g"}, o)
		if err != nil {
			t.Fatal(err)
		}
		if u := board.Boards[0].Units; u != 2 {
			t.Errorf("agreeing logs: %d units, want the 2 clusters", u)
		}
	}
	// A value written differently but equal as a label (whitespace) is not a disagreement.
	c := logRows("c.eval", nil)
	for i := range c {
		c[i].Metadata = map[string]json.RawMessage{"g": json.RawMessage(` "` + group(int(c[i].SampleID.String()[0]-'1')) + `" `)}
	}
	if _, err := CompareInspect(InspectArm{Rows: a}, InspectArm{Rows: c}, InspectCompareOptions{ClusterBy: "g"}, o); err != nil && strings.Contains(err.Error(), "depend on the order") {
		t.Error(err)
	}
}

// TestClusterByKeyFromAnyLog: a pooled sample took its cluster from the metadata of the
// first log of its arm (the leaderboard: of the first model by name), so when that log
// lacked the key the command failed ("sample 1 has no such metadata") although another
// log gave it, and the message named no log. The cluster now comes from any log that
// gives the key; a sample none gives it for names a log holding it.
func TestClusterByKeyFromAnyLog(t *testing.T) {
	rowsOf := func(log, model string, keyed bool) []inspect.Row {
		rows := synthRows("s", [][]float64{{1}, {0}, {1}, {0}}, func(i int) string { return []string{"x", "x", "y", "y"}[i] })
		for i := range rows {
			rows[i].Log, rows[i].Task, rows[i].Model = log, "t", model
			if !keyed {
				rows[i].Metadata = map[string]json.RawMessage{}
			}
		}
		return rows
	}
	o := DefaultStatOptions()
	o.Resamples = 0
	// Model a sorts first and its log lacks g; model b's gives it.
	board, err := LeaderboardInspect(append(rowsOf("a.eval", "a", false), rowsOf("b.eval", "b", true)...), InspectBoardOptions{ClusterBy: "g"}, o)
	if err != nil {
		t.Fatal(err)
	}
	if u := board.Boards[0].Units; u != 2 {
		t.Errorf("leaderboard: %d units, want the 2 clusters", u)
	}
	// One arm pooling two logs, the first without the key.
	pooled := InspectArm{Rows: append(rowsOf("a1.eval", "a", false), rowsOf("a2.eval", "a", true)...)}
	for _, arms := range [][2]InspectArm{{pooled, {Rows: rowsOf("b.eval", "b", false)}}, {{Rows: rowsOf("b.eval", "b", false)}, pooled}} {
		ds, err := CompareInspect(arms[0], arms[1], InspectCompareOptions{ClusterBy: "g"}, o)
		if err != nil {
			t.Fatal(err)
		}
		if ds[0].Units != 2 {
			t.Errorf("compare: %d units, want the 2 clusters", ds[0].Units)
		}
	}
	const want = "--cluster-by metadata.g: sample 1 of task t has no such metadata (in a.eval, nor in any other log read)"
	if _, err := LeaderboardInspect(append(rowsOf("a.eval", "a", false), rowsOf("b.eval", "b", false)...), InspectBoardOptions{ClusterBy: "g"}, o); err == nil || err.Error() != want {
		t.Errorf("leaderboard: %v, want %s", err, want)
	}
	if _, err := CompareInspect(InspectArm{Rows: rowsOf("a.eval", "a", false)}, InspectArm{Rows: rowsOf("b.eval", "b", false)}, InspectCompareOptions{ClusterBy: "g"}, o); err == nil || err.Error() != "s: "+want {
		t.Errorf("compare: %v, want s: %s", err, want)
	}
}
