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
