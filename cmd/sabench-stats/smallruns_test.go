package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/ingest/jsonv"
	"github.com/sabench/sabench-stats/oracle"
)

// writeRepeats writes the reference solution of each case of the bench (the real cases,
// CC BY 4.0, see ingest/testdata/safeactbench, or a directory of some of them) under each of
// configs, repeats times each, and returns the file: a small release with exactly the configurations and repeats a test needs. An
// episode fail names is made to fail: its actions dropped (V1–V3), its reads (V0), its
// decision turned (Legacy).
func writeRepeats(t *testing.T, bench string, configs []string, repeats int, fail func(config, caseID string, repeat int) bool) string {
	t.Helper()
	b, err := casespec.LoadBench(bench, casespec.BenchOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	w := ingest.NewJSONLWriter(&buf)
	for _, c := range configs {
		model, harness, _ := strings.Cut(c, "/")
		for r := range repeats {
			for _, cs := range b.Cases {
				ep, err := oracle.ReferenceEpisode(cs)
				if err != nil {
					t.Fatal(err)
				}
				ep.Config, ep.Model, ep.Harness, ep.Repeat = c, model, harness, r
				ep.RunID = fmt.Sprintf("%s|%s|%d", c, cs.ID, r)
				if fail != nil && fail(c, cs.ID, r) {
					failEpisode(ep)
				}
				if err := w.Write(ep); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "runs.jsonl")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// failEpisode turns a reference episode into a failure.
func failEpisode(ep *ingest.Episode) {
	rec := ep.Record.Clone()
	if d, ok := rec.String("decision"); ok {
		rec.Set("decision", map[bool]string{true: "allow", false: "block"}[d == "block"])
		ep.Record = rec
		return
	}
	evs, _ := rec.List("events")
	var kept []any
	for _, ev := range evs {
		typ, _ := ev.(*jsonv.Object).String("type")
		if typ == "CONSEQUENTIAL_CALL" || (typ == "INFO_CALL" && rec.Has("terminal")) {
			continue
		}
		kept = append(kept, ev)
	}
	rec.Set("events", kept)
	ep.Record = rec
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
		runs := writeRepeats(t, realCases, []string{"m/h", "m/Inspect"}, tc.repeats, nil)
		out, _ := mustRun(t, "tables", "disagreement", "--bench", filepath.Join(ingestTestdata, "safeactbench"), "--runs", runs,
			"--format", "json")
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
	runs := writeRepeats(t, realCases, []string{"m/h"}, 1, nil)
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

// The variance table printed — for the noise floor of a release of one repeat without
// saying why, and printed a template ICC (a correlation) of 3.111 where two cases of one
// template pass every repeat and every other case fails: the moment estimate of few
// templates, outside [−1, 1].
func TestVarianceNoiseFloorOfSmallRuns(t *testing.T) {
	t.Parallel()
	bench := filepath.Join(ingestTestdata, "safeactbench")
	out, _ := mustRun(t, "tables", "variance", "--bench", bench, "--runs", writeRepeats(t, realCases, []string{"m/h"}, 1, nil), "--resamples", "0", "--format", "json")
	tb := parseTables(t, out)[0]
	if len(tb.Rows) != 1 || tb.Rows[0]["std"] != nil || tb.Rows[0]["flip_rate"] != nil ||
		!strings.Contains(strings.Join(tb.Notes, "\n"), "— where undefined: Std needs two repeats") {
		t.Errorf("one repeat: rows %v, notes\n%s\nwant no std or flip rate, and why", tb.Rows, strings.Join(tb.Notes, "\n"))
	}

	clusters := filepath.Join(t.TempDir(), "clusters.csv")
	if err := os.WriteFile(clusters, []byte("case_id,cluster_id\nSAB-V0-001,t\nSAB-V0-166,t\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	runs := writeRepeats(t, realCases, []string{"m/h"}, 3, func(_, id string, _ int) bool { return id != "SAB-V0-001" && id != "SAB-V0-166" })
	out, _ = mustRun(t, "tables", "variance", "--bench", bench, "--runs", runs, "--clusters", clusters, "--resamples", "0", "--format", "json")
	tb = parseTables(t, out)[0]
	if len(tb.Rows) != 1 || math.Abs(num(t, tb.Rows[0], "pass_3")-100*2.0/9) > 1e-9 || tb.Rows[0]["icc_template"] != nil ||
		!strings.Contains(strings.Join(tb.Notes, "\n"), "ICC cluster left out (—) where its moment estimate falls outside [−1, 1], too few clusters of two or more cases to estimate a correlation: m/h 3.111.") {
		t.Errorf("rows %v, notes\n%s\nwant pass^3 2 of 9 cases, and the cluster ICC left out with why", tb.Rows, strings.Join(tb.Notes, "\n"))
	}
}

// A bench of V1 and V2 cases only (some of the real cases, as a bench author's own bench
// might have) left T2's Legacy, V0 and V3 columns empty for every configuration and
// averaged P-M over two protocols where the paper's averages five, with no word of either.
// T2, T3 and domains now leave those columns out and say so (T3 kept them empty, noted).
func TestTablesSayWhichProtocolsTheBenchLacks(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, id := range []string{"SAB-V1-001", "SAB-V1-011", "SAB-V2-001", "SAB-V2-016"} {
		data, err := os.ReadFile(filepath.Join(realCases, id+".json"))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, id+".json"), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	runs := writeRepeats(t, dir, []string{"m/h"}, 1, nil)
	out, _ := mustRun(t, "tables", "T2", "T3", "domains", "--bench", dir, "--runs", runs, "--resamples", "0", "--format", "json")
	want := map[string]string{
		"T2":      "The bench has no Legacy, V0 or V3 case: their columns are left out. P-M is the mean over V1 and V2 only.",
		"T3":      "The bench has no V0 or V3 case: BSR (V0), Gap V3 and Part. V3 are left out.",
		"domains": "The bench has no Legacy, V0 or V3 case: their columns are left out.",
	}
	for _, tb := range parseTables(t, out) {
		if notes := strings.Join(tb.Notes, "\n"); !strings.Contains(notes, want[tb.Table]) {
			t.Errorf("%s: notes\n%s\nlack %q", tb.Table, notes, want[tb.Table])
		}
		for _, key := range []string{"bsr", "gap_v3", "part_v3", "v0", "v3"} {
			if _, ok := tb.Rows[0][key]; ok {
				t.Errorf("%s: a column %s of a protocol the bench lacks", tb.Table, key)
			}
		}
	}
}

// A pilot in which both arms pass every case in every repeat has no variance: power
// planned from it a standard error and a minimum detectable Δ of 0.00 points, and with
// --delta 10 a study of two cases at power 1.000.
func TestPowerRefusesAPilotWithoutVariance(t *testing.T) {
	t.Parallel()
	runs := writeRepeats(t, realCases, []string{"m/h", "m2/h"}, 2, nil)
	_, stderr, code := runCLI(t, "power", "--bench", realCases, "--runs", runs, "--delta", "10", "m/h", "m2/h")
	if code != 1 || !strings.Contains(stderr, "power: the pilot has no variance (every shared case has the same outcome in every repeat of both arms): the standard error of Δ would be 0") {
		t.Errorf("exit %d, stderr:\n%s\nwant exit 1 and why no plan", code, stderr)
	}
}
