package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// readmeTauFinding is the README's sentence of the τ-bench finding: the reward rate and the
// authorized rate with their intervals, Δ with its interval, McNemar's p and the discordant
// episodes.
var readmeTauFinding = regexp.MustCompile(`reward on ([0-9.]+)% of the 100 trajectories\s+\[95% CI ([0-9.]+), ([0-9.]+)\], but only ([0-9.]+)% \[([0-9.]+), ([0-9.]+)\] are authorized successes under\s+` +
	"`tau-strict`" + `: Δ = ([+-][0-9.]+) points \[([+-][0-9.]+), ([+-][0-9.]+)\], intervals resampling the (\d+) tasks\. (\w+) rewarded\s+episodes wrote without authorization \(exact McNemar p = ([0-9.]+) over (\d+) discordant`)

// TestReadmeTauFinding: the README's finding on the shared τ-bench file states what the
// `official` table of its report prints under tau-strict (it gave the reward's interval as
// [40.0, 66.0] and the authorized rate's as [34.0, 62.0], where the table prints
// [40.0, 67.0] and [34.0, 63.0]).
func TestReadmeTauFinding(t *testing.T) {
	t.Parallel()
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	m := readmeTauFinding.FindStringSubmatch(string(readme))
	if m == nil {
		t.Fatal("the README's τ-bench finding is not in the form this test reads")
	}
	runs := filepath.Join(t.TempDir(), "tau.jsonl")
	mustRun(t, "ingest", "--tau", tauShared, "--config", "gpt-4o/tool-calling", "--out", runs)
	out, _ := mustRun(t, "tables", "official", "--bench", "tau-bench:airline", "--runs", runs, "--format", "json")
	var row map[string]any
	for _, r := range parseTables(t, out)[0].Rows {
		if r["policy"] == "tau-strict" {
			row = r
		}
	}
	if row == nil {
		t.Fatal("official has no tau-strict row")
	}
	f1 := func(k string) string { return fmt.Sprintf("%.1f", row[k]) }
	signed := func(k string) string { return fmt.Sprintf("%+.1f", row[k]) }
	five := map[int]string{5: "Five"}
	want := []string{f1("reward"), f1("reward_lo"), f1("reward_hi"), f1("authorized"), f1("authorized_lo"), f1("authorized_hi"),
		signed("delta"), signed("delta_lo"), signed("delta_hi"), fmt.Sprint(row["tasks"]),
		five[int(row["only_reward"].(float64))], fmt.Sprintf("%.3f", row["mcnemar_p"]), fmt.Sprint(row["only_reward"].(float64) + row["only_authorized"].(float64))}
	if got := m[1:]; strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("README states\n%q\nthe official table prints\n%q", got, want)
	}
}
