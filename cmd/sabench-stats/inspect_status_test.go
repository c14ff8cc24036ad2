package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestInspectLogStatusNamed: Inspect's real popularity.json log has status "cancelled"
// (its three samples are complete, its run was not). Every table built from it says so
// in its note on the log, and samples says so on stderr; a log with status success is
// described as before.
func TestInspectLogStatusNamed(t *testing.T) {
	const log = inspectLogs + "/2025-05-12T20-28-13-04-00_popularity.json"
	const streaming = inspectLogs + "/log_streaming.eval"
	for _, args := range [][]string{
		{"leaderboard", "--inspect", log, streaming, "--resamples", "0"},
		{"compare", "--inspect", log, inspectLogs + "/2025-02-11T15-18-04-05-00_popularity_mj7khqpMM4GBCfVQozKgzB.eval", "--resamples", "0"},
	} {
		var out, errb bytes.Buffer
		if err := run(&out, &errb, args); err != nil {
			t.Fatalf("%v: %v\n%s", args, err, errb.String())
		}
		got := out.String()
		if !strings.Contains(got, "model openai/gpt-4o-mini, 3 samples, status cancelled (the run did not complete).") {
			t.Errorf("%v: no status in\n%s", args[0], got)
		}
		if strings.Contains(got, "status success") {
			t.Errorf("%v: a complete log's status is named:\n%s", args[0], got)
		}
	}
	var out, errb bytes.Buffer
	if err := run(&out, &errb, []string{"samples", "--inspect", log, streaming}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(errb.String(), "samples: 1 log did not complete: "+log+" (status cancelled)\n") {
		t.Errorf("samples stderr:\n%s", errb.String())
	}
}

// TestInspectLogNoteEpochs: log_streaming.eval holds 2 samples × 2 epochs, which Inspect
// counts as 4 samples; the leaderboard's Samples column says 2, so the note on the log
// does not call the 4 records samples.
func TestInspectLogNoteEpochs(t *testing.T) {
	var out, errb bytes.Buffer
	if err := run(&out, &errb, []string{"leaderboard", "--inspect", inspectLogs + "/log_streaming.eval", "--resamples", "0", "--format", "md"}); err != nil {
		t.Fatalf("%v\n%s", err, errb.String())
	}
	got := out.String()
	for _, want := range []string{
		"|       2 |             4 |    1 |",
		"model azureai/Meta-Llama-3-1-405B-Instruct-jqf, 4 sample-epochs (2 epochs configured).",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("no %q in\n%s", want, got)
		}
	}
}
