package main

import (
	"encoding/csv"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
)

// TestCoverageCountsDroppedDuplicates: with --dedupe first, score and the report's index
// count the dropped duplicates among the excluded episodes (read = scored + excluded, "2
// duplicate"), but the coverage table left them out of its read count and said nothing:
// its All row was two short of what the others reconcile. It now counts them, on their
// configuration's and condition's row, as "Excluded: duplicate". The same from a verdict
// dataset scored with --dedupe first, whose manifest records what was dropped: the table
// read from it said Read 2 short, under "Read = scored + excluded".
func TestCoverageCountsDroppedDuplicates(t *testing.T) {
	eps := subsetEpisodes(t)
	mod := append(eps[:len(eps):len(eps)], eps[0], eps[1]) // two duplicate keys
	runs := writeRuns(t, mod)
	dataset := filepath.Join(t.TempDir(), "verdicts") + "/"
	mustRun(t, "score", "--bench", "builtin", "--runs", runs, "--dedupe", "first", "--format", "parquet", "--out", dataset)
	for _, from := range [][]string{{"--runs", runs, "--dedupe", "first"}, {"--verdicts", dataset}} {
		t.Run(from[0], func(t *testing.T) { checkCoverageDuplicates(t, eps, mod, from) })
	}
}

func checkCoverageDuplicates(t *testing.T, eps, mod []*ingest.Episode, from []string) {
	out, errOut := mustRun(t, append([]string{"tables", "coverage", "--bench", "builtin", "--format", "csv", "-j", "2"}, from...)...)
	// tables said nothing of what it dropped; it now says how many, as report does.
	if !strings.Contains(errOut, "note: --dedupe dropped 2 duplicate episodes") {
		t.Errorf("stderr does not count the dropped duplicates:\n%s", errOut)
	}
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	col := map[string]int{}
	for i, h := range rows[0] {
		col[h] = i
	}
	if _, ok := col["excluded_duplicate"]; !ok {
		t.Fatalf("no excluded_duplicate column: %q", rows[0])
	}
	num := func(row []string, key string) int {
		n, err := strconv.Atoi(row[col[key]])
		if err != nil {
			t.Fatalf("%s %q: %v", key, row[col[key]], err)
		}
		return n
	}
	dups := map[string]int{}
	for _, ep := range mod[len(eps):] {
		dups[ep.Config+"|"+ep.Condition]++
	}
	for _, row := range rows[1:] {
		if row[col["config"]] == "All" {
			if read, d := num(row, "read"), num(row, "excluded_duplicate"); read != len(mod) || d != 2 {
				t.Errorf("All: read %d with %d duplicates, want %d with 2", read, d, len(mod))
			}
			continue
		}
		if got, want := num(row, "excluded_duplicate"), dups[row[col["config"]]+"|"+row[col["condition"]]]; got != want {
			t.Errorf("%s %s: %d duplicates, want %d", row[col["config"]], row[col["condition"]], got, want)
		}
	}
}
