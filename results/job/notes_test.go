package job

import (
	"errors"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/results"
	"github.com/sabench/sabench-stats/results/render"
)

// What a read passed over is a line each (with the count, for a directory search); none
// is no line.
func TestReadNotes(t *testing.T) {
	ps := []ingest.Problem{{File: "runs/a", Msg: "a link to a directory: skipped"}, {File: "r.jsonl", Line: 7, Field: "run_id", Msg: "duplicate key"}}
	if got, want := SkippedNotes(ps), []string{"note: runs/a: a link to a directory: skipped", "note: r.jsonl:7: run_id: duplicate key",
		"note: 2 notes above on what the --runs directories or --inspect logs passed over"}; !slices.Equal(got, want) {
		t.Errorf("SkippedNotes = %q, want %q", got, want)
	}
	if got, want := DroppedNotes(ps[1:]), []string{"note: r.jsonl:7: run_id: duplicate key"}; !slices.Equal(got, want) {
		t.Errorf("DroppedNotes = %q, want %q", got, want)
	}
	if got, want := DedupedNote(ps[1:]), "note: --dedupe dropped 1 duplicate episode (the coverage table counts it as excluded: duplicate); the first: r.jsonl:7: run_id: duplicate key"; got != want {
		t.Errorf("DedupedNote = %q, want %q", got, want)
	}
	if SkippedNotes(nil) != nil || DroppedNotes(nil) != nil || DedupedNote(nil) != "" {
		t.Error("notes of nothing passed over")
	}
}

// An empty table says why; the LaTeX note names what pdflatex cannot set, for LaTeX only.
func TestTableNotes(t *testing.T) {
	full := &results.Table{ID: "T2", Columns: []results.Column{{Key: "config", Header: "Config", Kind: results.KindText}}}
	full.AddRow(results.Text("模型/ZCode"))
	ts := []*results.Table{full, {ID: "T7", Empty: "no repeats to compare"}}
	if got, want := EmptyNotes(ts), []string{"table T7 is empty: no repeats to compare"}; !slices.Equal(got, want) {
		t.Errorf("EmptyNotes = %q, want %q", got, want)
	}
	if got := LaTeXNote(render.FormatLaTeX, ts); !strings.HasPrefix(got, `pdflatex cannot set characters of "模型/ZCode" (LaTeX table T2)`) {
		t.Errorf("LaTeXNote = %q", got)
	}
	if got := LaTeXNote(render.FormatText, ts); got != "" {
		t.Errorf("LaTeXNote for text = %q, want none", got)
	}
	// The SYNTHETIC mark goes beside CSV on stdout alone, which has no room for it.
	for _, tc := range []struct {
		mark string
		out  string
		f    render.Format
		want string
	}{
		{analysis.SyntheticMark, "", render.FormatCSV, analysis.SyntheticMark}, {analysis.SyntheticCasesMark, "-", render.FormatCSV, analysis.SyntheticCasesMark},
		{analysis.SyntheticMark, "t.csv", render.FormatCSV, ""}, {analysis.SyntheticMark, "", render.FormatJSON, ""}, {"", "", render.FormatCSV, ""},
		// A device named as the file (/dev/stdout) gets no sidecar: it is a stream too.
		{analysis.SyntheticMark, os.DevNull, render.FormatCSV, analysis.SyntheticMark},
	} {
		if got := SyntheticNote(tc.mark, tc.out, tc.f); got != tc.want {
			t.Errorf("SyntheticNote(%q, %q, %v) = %q, want %q", tc.mark, tc.out, tc.f, got, tc.want)
		}
	}
}

// A bench that did not load lists its problems and counts them; an error without
// problems comes back as it is.
func TestBenchErrorLines(t *testing.T) {
	be := &BenchError{Bench: "cases/", Err: ingest.Problems{{File: "cases/a.json", Field: "case_id", Msg: "missing"}, {File: "cases/b.json", Msg: "invalid JSON"}}}
	lines, err := be.Lines()
	if want := []string{"cases/a.json: case_id: missing", "cases/b.json: invalid JSON"}; !slices.Equal(lines, want) || err == nil || err.Error() != "bench cases/: 2 problems found" {
		t.Errorf("Lines = %q, %v", lines, err)
	}
	one := &BenchError{Bench: "cases/", Err: ingest.Problems{{File: "cases/", Msg: "is a directory, not a file"}}}
	if _, err := one.Lines(); err == nil || err.Error() != "bench cases/: 1 problem found" {
		t.Errorf("one problem: %v", err)
	}
	plain := errors.New("open cases/: permission denied")
	if lines, err := (&BenchError{Bench: "cases/", Err: plain}).Lines(); lines != nil || err != plain {
		t.Errorf("plain error: %q, %v", lines, err)
	}
}

// TestCSVNotesNoteOnDevice: CSV written to a device named as the file (--out /dev/stdout)
// has no sidecar for its notes, so the line that says so is printed, naming the output;
// none was, and the notes went to a sidecar in /dev.
func TestCSVNotesNoteOnDevice(t *testing.T) {
	ts := []*results.Table{{ID: "T4", Notes: []string{"a", "b"}}}
	want := "CSV to " + os.DevNull + " has no room for notes: T4 has 2"
	if got := CSVNotesNote(ts, os.DevNull, render.FormatCSV); !strings.HasPrefix(got, want) {
		t.Errorf("CSVNotesNote(%s) = %q, want %q…", os.DevNull, got, want)
	}
	if got := CSVNotesNote(ts, "t.csv", render.FormatCSV); got != "" {
		t.Errorf("CSVNotesNote(t.csv) = %q, want none", got)
	}
}
