package main

import (
	"bytes"
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLeaderboardPassKPooledPlan: two real logs of one model (mj7k, 10 samples × 1 epoch;
// popularity.json, samples 1–3 × 1 epoch) pool into a plan of 2 epochs for samples 1–3
// and 1 for the rest. pass^2 is then over 3 of the row's 10 samples in both conventions
// (2 of 3 pass both epochs: 0.667): the table says so, and its planned note does not claim
// that missing epochs fail for them.
func TestLeaderboardPassKPooledPlan(t *testing.T) {
	var out, errb bytes.Buffer
	args := []string{"leaderboard", "--inspect", "--passk", "1,2", "--resamples", "0", "--format", "md",
		inspectLogs + "/2025-02-11T15-18-04-05-00_popularity_mj7khqpMM4GBCfVQozKgzB.eval",
		inspectLogs + "/2025-05-12T20-28-13-04-00_popularity.json"}
	if err := run(&out, &errb, args); err != nil {
		t.Fatalf("%v\n%s", err, errb.String())
	}
	got := out.String()
	for _, want := range []string{
		"| popularity | match  | openai/gpt-4o-mini | ",
		"0.800 |             0.800 |            0.667 |             0.667 |",
		"pass^k over part of a row's samples: popularity · match · openai/gpt-4o-mini: pass^2 (planned) over 3 of 10 samples (those planned at least 2 epochs: the logs pooled plan samples unequally); pass^2 (per-case) over 3 of 10 (those with at least 2 scored epochs).",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("no %q in\n%s", want, got)
		}
	}
}

// TestLeaderboardCaveatNamesBoard: with --by, one model is on several boards (the real
// popularity.json gives sample 1 metadata.nested, the other logs do not), and a caveat
// names the interval by its board as well as its model: two boards' intervals of
// openai/gpt-4o-mini printed alike, one under single_unit and one under small_sample.
func TestLeaderboardCaveatNamesBoard(t *testing.T) {
	var out, errb bytes.Buffer
	if err := run(&out, &errb, []string{"leaderboard", "--inspect", inspectLogs, "--by", "metadata.nested", "--format", "text"}); err != nil {
		t.Fatalf("%v\n%s", err, errb.String())
	}
	got := out.String()
	for _, want := range []string{
		`Interval caveat single_unit (one resampled unit, no interval) in 2 intervals: inspect_test_utils/guess_number · (missing) · closeness_log · hardcoded/hardcoded mean; popularity · {"foo":"bar"} · match · openai/gpt-4o-mini mean.`,
		`small_sample (under 40 units, where a nominal 95% interval covered less than 0.93 in simulation, docs/coverage.md) in 2 intervals: popularity · (missing) · match · openai/gpt-4o-mini mean; popularity · (missing) · match · azureai/Meta-Llama-3-1-405B-Instruct-jqf mean.`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("no %q in\n%s", want, got)
		}
	}
}

// TestLeaderboardPassKRepeatedK: a k listed twice would give two columns of one name; it
// is refused as a usage error before any log is read, not a failure building the table.
func TestLeaderboardPassKRepeatedK(t *testing.T) {
	wantUsage(t, `--passk "1,2,1": k 1 is listed twice`, "leaderboard", "--inspect", "--passk", "1,2,1", inspectLogs)
}

// TestInspectNoResamplesNotes: with --resamples 0 the leaderboard's rank note said its sets
// came "from the same resamples" and compare --inspect that both arms use "the same draw";
// none is drawn.
func TestInspectNoResamplesNotes(t *testing.T) {
	for _, args := range [][]string{
		{"leaderboard", "--inspect", "--resamples", "0", inspectLogs},
		{"compare", "--inspect", "--resamples", "0", inspectLogs + "/2025-02-11T15-18-04-05-00_popularity_mj7khqpMM4GBCfVQozKgzB.eval", inspectLogs + "/2025-05-12T20-28-13-04-00_popularity.json"},
	} {
		var out, errb bytes.Buffer
		if err := run(&out, &errb, args); err != nil {
			t.Fatalf("%s: %v\n%s", args[0], err, errb.String())
		}
		got := out.String()
		for _, bad := range []string{"from the same resamples", "same draw"} {
			if strings.Contains(got, bad) {
				t.Errorf("%s: %q in\n%s", args[0], bad, got)
			}
		}
		if args[0] == "leaderboard" && !strings.Contains(got, "No rank sets (--resamples 0), so the bounds are empty.") {
			t.Errorf("leaderboard: no rank-set note in\n%s", got)
		}
	}
}

// TestLeaderboardPassKScoredOverPlan: one log (the real popularity.json, samples 1–3,
// with samples 1 and 2 run again as epoch 2) whose header states no epochs: samples 1 and
// 2 are planned as their 2 scored epochs, sample 3 as the 1 the header plans by default,
// so the planned pass^2 is over 2 of 3 samples. The note said "the logs pooled plan
// samples unequally" of a single log; it now says why.
func TestLeaderboardPassKScoredOverPlan(t *testing.T) {
	raw, err := os.ReadFile(inspectLogs + "/2025-05-12T20-28-13-04-00_popularity.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	delete(doc["eval"].(map[string]any)["config"].(map[string]any), "epochs")
	samples := doc["samples"].([]any)
	for _, s := range samples[:2] {
		again := maps.Clone(s.(map[string]any))
		again["epoch"] = 2
		samples = append(samples, again)
	}
	doc["samples"] = samples
	log := filepath.Join(t.TempDir(), "epochs.json")
	if raw, err = json.Marshal(doc); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(log, raw, 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	if err := run(&out, &errb, []string{"leaderboard", "--inspect", "--passk", "1,2", "--resamples", "0", "--format", "md", log}); err != nil {
		t.Fatalf("%v\n%s", err, errb.String())
	}
	want := "pass^2 (planned) over 2 of 3 samples (those planned at least 2 epochs: 2 samples scored on more epochs than the headers of their logs plan, each planned as its scored epochs);"
	if got := out.String(); !strings.Contains(got, want) || strings.Contains(got, "logs pooled") {
		t.Errorf("no %q (or a note of logs pooled) in\n%s", want, got)
	}
}

// TestLeaderboardByStoppedLogWithoutPassK: with --by, a sample a stopped log never ran has
// no metadata value and no board holds it, so the note that says so is due without --passk
// too (the mean and Samples are over the samples that ran); it was printed only with it.
func TestLeaderboardByStoppedLogWithoutPassK(t *testing.T) {
	log := inspectLogs + "/2025-05-12T20-28-13-04-00_popularity.json" // status cancelled
	for _, c := range []struct {
		passK []string
		over  string
	}{
		{nil, "the mean and Samples are over the samples that ran"},
		{[]string{"--passk", "1"}, "planned pass^k is over the samples that ran"},
	} {
		var out, errb bytes.Buffer
		args := append([]string{"leaderboard", "--inspect", log, "--by", "metadata.nested", "--resamples", "0", "--format", "text"}, c.passK...)
		if err := run(&out, &errb, args); err != nil {
			t.Fatalf("%v\n%s", err, errb.String())
		}
		want := "With --by, a sample a log planned but never ran has no metadata value, so no board holds it: " + c.over + " (logs that did not complete: " + log + " (status cancelled"
		if !strings.Contains(out.String(), want) {
			t.Errorf("%v: no %q in\n%s", c.passK, want, out.String())
		}
	}
}

// TestLeaderboardPassKSaysNoInterval: pass^k was printed without an interval and without a
// note saying it has none, beside means with intervals.
func TestLeaderboardPassKSaysNoInterval(t *testing.T) {
	var out, errb bytes.Buffer
	args := []string{"leaderboard", "--inspect", "--passk", "1", "--format", "json",
		inspectLogs + "/2025-05-12T20-28-13-04-00_popularity.json"}
	if err := run(&out, &errb, args); err != nil {
		t.Fatalf("%v\n%s", err, errb.String())
	}
	if !strings.Contains(out.String(), "pass^k has no interval: the board's bootstrap draws the means and rank sets only.") {
		t.Errorf("no note on pass^k's interval:\n%s", out.String())
	}
}
