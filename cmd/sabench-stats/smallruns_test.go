package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeRepeats writes the batch fixture's completed episodes (real cases, CC BY 4.0, see
// ingest/testdata/safeactbench) under each of configs, repeats times each, and returns the
// file: a small release with exactly the configurations and repeats a test needs.
func writeRepeats(t *testing.T, configs []string, repeats int) string {
	t.Helper()
	f, err := os.Open(filepath.Join(harnessTestdata, "batch.golden.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var eps []map[string]any
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var ep map[string]any
		if err := json.Unmarshal(sc.Bytes(), &ep); err != nil {
			t.Fatal(err)
		}
		if ep["status"] == "completed" {
			eps = append(eps, ep)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, c := range configs {
		model, harness, _ := strings.Cut(c, "/")
		for r := range repeats {
			for _, ep := range eps {
				ep["config"], ep["model"], ep["harness"], ep["repeat"] = c, model, harness, r
				ep["run_id"] = fmt.Sprintf("%s|%s|%d", c, ep["case_id"], r)
				line, err := json.Marshal(ep)
				if err != nil {
					t.Fatal(err)
				}
				b.Write(append(line, '\n'))
			}
		}
	}
	path := filepath.Join(t.TempDir(), "runs.jsonl")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// The disagreement table's note said a majority was "2 of 3" (the paper's repeats)
// whatever the release: with one repeat a case's vote is its one episode, with five it
// takes three.
func TestDisagreementNoteCountsTheRepeatsUsed(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		repeats int
		want    string
	}{{1, "(1 of 1)"}, {5, "(3 of 5)"}} {
		runs := writeRepeats(t, []string{"m/h", "m/Inspect"}, tc.repeats)
		out, _ := mustRun(t, "tables", "disagreement", "--bench", filepath.Join(ingestTestdata, "safeactbench"), "--runs", runs,
			"--resamples", "0", "--format", "json")
		tb := parseTables(t, out)[0]
		notes := strings.Join(tb.Notes, "\n")
		if len(tb.Rows) != 1 || !strings.Contains(notes, "strict majority of its repeats succeed "+tc.want+".") || strings.Contains(notes, "2 of 3") {
			t.Errorf("%d repeats: %d rows, notes\n%s\nwant one row and a majority of %s", tc.repeats, len(tb.Rows), notes, tc.want)
		}
	}
}
