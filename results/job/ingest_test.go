package job

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/harness"
)

var harnessTestdata = filepath.Join("..", "..", "ingest", "harness", "testdata")

// noting is an EpisodeOutput to stdout that keeps the lines it is told.
func noting(stdout *bytes.Buffer, path string) (*EpisodeOutput, *[]string) {
	var lines []string
	return &EpisodeOutput{Stdout: stdout, Path: path, Layout: ingest.DefaultParquetLayout, Note: func(l string) { lines = append(lines, l) }}, &lines
}

// A batch directory: the adapter's episodes as its golden file, its warnings noted first,
// and the summary of what was written.
func TestIngestRunnerBatch(t *testing.T) {
	var stdout bytes.Buffer
	out, notes := noting(&stdout, "-")
	opt := harness.Options{Config: "claude-5/claude-code", Repeat: 2, Condition: ingest.DefaultCondition, Mode: harness.ModeAnalyst}
	summary, err := IngestRunner(harness.Batch, filepath.Join(harnessTestdata, "batch"), opt, *out)
	if err != nil {
		t.Fatal(err)
	}
	if want, _ := os.ReadFile(filepath.Join(harnessTestdata, "batch.golden.jsonl")); stdout.String() != string(want) {
		t.Errorf("episodes differ from the golden file:\n%s", stdout.String())
	}
	if !strings.HasPrefix(summary, "ingested 8 episodes in analyst mode (completed 5, infra_failure 1, harness_failure 2, censored 0); 2 warnings\n") ||
		!strings.Contains(summary, "summary.json agrees") {
		t.Errorf("summary:\n%s", summary)
	}
	if len(*notes) != 2 || !strings.HasPrefix((*notes)[0], "warning: ") || !strings.HasPrefix((*notes)[1], "warning: ") {
		t.Errorf("notes %q, want the 2 warnings", *notes)
	}
	// A directory that cannot be opened is named by the adapter's flag.
	if _, err := IngestRunner(harness.Interactive, "/nonexistent", opt, *out); err == nil || err.Error() != "--interactive /nonexistent: no such file or directory" {
		t.Errorf("missing directory: %v", err)
	}
	// Options the adapter cannot honour, and an output that names no episode format,
	// are the caller's mistakes.
	var oe *OptionError
	if _, err := IngestRunner(harness.Batch, filepath.Join(harnessTestdata, "batch"), harness.Options{Config: "a/b", Repeat: -1}, *out); !errors.As(err, &oe) {
		t.Errorf("repeat -1: %v, want an OptionError", err)
	}
	out.Path = filepath.Join(t.TempDir(), "eps.txt")
	if _, err := IngestRunner(harness.Batch, filepath.Join(harnessTestdata, "batch"), opt, *out); !errors.As(err, &oe) {
		t.Errorf(".txt output: %v, want an OptionError", err)
	}
}

// τ-bench results: the episodes written and from which files, and what the reader said of
// the file; a copy of the file beside it is one problem per trajectory, each noted after
// what was said of each file, and nothing is written; the same file named twice is read
// once.
func TestIngestTau(t *testing.T) {
	file := filepath.Join("..", "..", "ingest", "tau", "testdata", "gpt-4o-airline-tasks25-49.json")
	opt := harness.Options{Config: "gpt-4o/tool-calling", Condition: ingest.DefaultCondition, Mode: harness.ModeAnalyst}
	var stdout bytes.Buffer
	out, notes := noting(&stdout, "-")
	summary, err := IngestTau([]string{file}, "", opt, *out)
	if err != nil || summary != "ingest: 100 episodes written from "+file+"\n" || strings.Count(stdout.String(), "\n") != 100 ||
		len(*notes) != 1 || (*notes)[0] != file+": tau-bench, domain airline, 100 trajectories" {
		t.Fatalf("%v: %q, %d lines, notes %q", err, summary, strings.Count(stdout.String(), "\n"), *notes)
	}
	stdout.Reset()
	out, notes = noting(&stdout, "-")
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	cp := filepath.Join(t.TempDir(), "copy.json")
	if err := os.WriteFile(cp, data, 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = IngestTau([]string{file, cp}, "", opt, *out)
	if err == nil || err.Error() != "100 problems in the τ-bench results; nothing written" || stdout.Len() != 0 {
		t.Errorf("twice: %v, %d bytes written", err, stdout.Len())
	}
	if len(*notes) != 102 || !strings.HasSuffix((*notes)[1], "100 trajectories") || !strings.Contains((*notes)[2], "case TAU-AIRLINE-25 trial 0 again") {
		t.Errorf("twice: %d notes, the first three %q", len(*notes), (*notes)[:min(3, len(*notes))])
	}
	stdout.Reset()
	out, _ = noting(&stdout, "-")
	summary, err = IngestTau([]string{file, "./" + file}, "", opt, *out)
	if err != nil || summary != "ingest: 100 episodes written from "+file+"\n" || strings.Count(stdout.String(), "\n") != 100 {
		t.Errorf("one file named twice: %v: %q, %d lines", err, summary, strings.Count(stdout.String(), "\n"))
	}
}

// Inspect logs: an option the Inspect reader cannot honour is refused before any log
// is read.
func TestIngestInspectOptions(t *testing.T) {
	var stdout bytes.Buffer
	out, _ := noting(&stdout, "-")
	var oe *OptionError
	if _, err := IngestInspect([]string{"/nonexistent"}, "builtin", harness.Options{RecordFrom: "foo"}, *out); !errors.As(err, &oe) {
		t.Errorf("--record-from foo: %v, want an OptionError", err)
	}
}

// An output path of no episode format is refused before anything is read: each job is
// handed an input it cannot read, and must answer with the OptionError about the path
// (it read everything first, then refused the path, or failed on the input instead).
func TestIngestRefusesTheOutputFirst(t *testing.T) {
	var stdout bytes.Buffer
	out, notes := noting(&stdout, filepath.Join(t.TempDir(), "episodes.xlsx"))
	missing := filepath.Join(t.TempDir(), "missing")
	opt := harness.Options{Config: "a/b", Condition: ingest.DefaultCondition, Mode: harness.ModeAnalyst}
	for name, run := range map[string]func() (string, error){
		"runner":  func() (string, error) { return IngestRunner(harness.Batch, missing, opt, *out) },
		"tau":     func() (string, error) { return IngestTau([]string{missing}, "", opt, *out) },
		"inspect": func() (string, error) { return IngestInspect([]string{missing}, "builtin", harness.Options{}, *out) },
	} {
		var oe *OptionError
		if _, err := run(); !errors.As(err, &oe) || !strings.Contains(err.Error(), "episodes.xlsx") {
			t.Errorf("%s: %v, want an OptionError naming the output", name, err)
		}
	}
	if len(*notes) != 0 {
		t.Errorf("notes %q: nothing should have been read", *notes)
	}
}

// TestIngestInspectSummaryCountsLogs: "read 1 Inspect logs … ingested 1 episodes … 0
// warnings", and "1 problems": a count of one is singular. The log is Inspect's
// log_read_sample.eval with its sample relabelled as case SAB-L-001, answering with a
// Legacy decision; then without an answer (a problem: nothing to score).
func TestIngestInspectSummaryCountsLogs(t *testing.T) {
	log := rewriteLog(t, "log_read_sample.eval", func(_ string, doc map[string]any) {
		doc["metadata"] = map[string]any{"case_id": "SAB-L-001"}
		doc["output"].(map[string]any)["completion"] = `{"decision": "ALLOW"}`
	})
	var stdout bytes.Buffer
	out, _ := noting(&stdout, filepath.Join(t.TempDir(), "episodes.jsonl"))
	summary, err := IngestInspect([]string{log}, "builtin", harness.Options{Condition: ingest.DefaultCondition, Mode: harness.ModeAnalyst}, *out)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(summary, "read 1 Inspect log against the bench builtin\ningested 1 episode in analyst mode (completed 1, infra_failure 0, harness_failure 0, censored 0); 0 warnings\n") {
		t.Errorf("summary:\n%s", summary)
	}
	// The episode written leads back to its sample.
	written, err := os.ReadFile(out.Path)
	if err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf(`"extra":{"inspect_sample":{"log":%q,"sample_id":`, log); !strings.Contains(string(written), want) || !strings.Contains(string(written), `"member":"samples/`) {
		t.Errorf("episodes.jsonl has no extra.inspect_sample (want %s…):\n%s", want, written)
	}
	log = rewriteLog(t, "log_read_sample.eval", func(_ string, doc map[string]any) {
		doc["metadata"] = map[string]any{"case_id": "SAB-L-001"}
	})
	if _, err := IngestInspect([]string{log}, "builtin", harness.Options{Condition: ingest.DefaultCondition, Mode: harness.ModeAnalyst}, *out); err == nil || err.Error() != "1 problem in the Inspect logs; nothing written" {
		t.Errorf("got %v, want 1 problem in the Inspect logs; nothing written", err)
	}
}
