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

// The policy_ranks table gave the baseline's row τ-b = ρ = 1.000 against itself with one
// configuration, or every configuration at the same ECS, where both are 0/0 (the other rows
// said "—"); and with no configuration scored it listed every policy, the baseline at
// 1.000, where the policies table was empty.
func TestPolicyRanksWithoutALeaderboard(t *testing.T) {
	t.Parallel()
	bench := filepath.Join(ingestTestdata, "safeactbench")
	runs := writeRepeats(t, []string{"m/h"}, 1)
	out, _ := mustRun(t, "tables", "policy_ranks", "--bench", bench, "--runs", runs, "--resamples", "0", "--format", "json")
	tb := parseTables(t, out)[0]
	if len(tb.Rows) == 0 || tb.Rows[0]["policy"] != "safeact" || tb.Rows[0]["tau_b"] != nil || tb.Rows[0]["rho"] != nil {
		t.Errorf("one configuration: rows %v, want the baseline's τ-b and ρ undefined", tb.Rows)
	}
	if notes := strings.Join(tb.Notes, "\n"); !strings.Contains(notes, "τ-b and ρ are undefined (—)") {
		t.Errorf("notes lack why τ-b is undefined:\n%s", notes)
	}

	data, err := os.ReadFile(runs)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var ep map[string]any
		if err := json.Unmarshal([]byte(line), &ep); err != nil {
			t.Fatal(err)
		}
		ep["status"] = "infra_failure"
		delete(ep, "record")
		l, _ := json.Marshal(ep)
		b.Write(append(l, '\n'))
	}
	excluded := filepath.Join(t.TempDir(), "excluded.jsonl")
	if err := os.WriteFile(excluded, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	out, stderr := mustRun(t, "tables", "policy_ranks", "--bench", bench, "--runs", excluded, "--resamples", "0", "--format", "json")
	tb = parseTables(t, out)[0]
	if len(tb.Rows) != 0 || !strings.Contains(stderr, "table policy_ranks is empty: no configuration has scored main-condition episodes") {
		t.Errorf("every episode excluded: rows %v, stderr\n%s\nwant an empty table that says why", tb.Rows, stderr)
	}
}
