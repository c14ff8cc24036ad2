package job

import (
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/results"
	"github.com/sabench/sabench-stats/results/fsx"
	"github.com/sabench/sabench-stats/results/render"
	"github.com/sabench/sabench-stats/results/view"
)

// The notes a command prints beside its output (on stderr), one line each without its
// newline: what a read passed over, why a table is empty, what an output cannot show.

// SkippedNotes says, one line each and then a count, what a --runs directory search
// passed over (links to directories, entries that are not regular files), and which
// --inspect logs gave no episode and why, with the Inspect adapter's warnings.
func SkippedNotes(skipped []ingest.Problem) []string {
	if len(skipped) == 0 {
		return nil
	}
	// A note may count many entries (every hidden file of a folder): the last line counts
	// the notes, not the entries.
	return append(DroppedNotes(skipped), fmt.Sprintf("note: %d %s above on what the --runs directories or --inspect logs passed over", len(skipped), map[bool]string{true: "note", false: "notes"}[len(skipped) == 1]))
}

// DroppedNotes says, one line each, what a read passed over: the duplicates a --dedupe
// policy dropped, the entries a directory search skipped.
func DroppedNotes(dropped []ingest.Problem) []string {
	var notes []string
	for _, p := range dropped {
		notes = append(notes, "note: "+p.String())
	}
	return notes
}

// DedupedNote says how many duplicates --dedupe dropped, and the first, in one line (""
// for none): the analysis commands but report and view (whose reconciliation counts them)
// would say nothing of them, and a line each would grow with the input.
func DedupedNote(dropped []ingest.Problem) string {
	if len(dropped) == 0 {
		return ""
	}
	return fmt.Sprintf("note: --dedupe dropped %s (the coverage table counts %s as excluded: duplicate); the first: %s", ingest.Plural(len(dropped), "duplicate episode"), map[bool]string{true: "it", false: "them"}[len(dropped) == 1], dropped[0])
}

// EmptyNotes says why each empty table is empty.
func EmptyNotes(ts []*results.Table) []string {
	var notes []string
	for _, t := range ts {
		if t.Empty != "" {
			notes = append(notes, fmt.Sprintf("table %s is empty: %s", t.ID, t.Empty))
		}
	}
	return notes
}

// LaTeXNote says which names of tables written in format f pdflatex cannot set
// (render.LaTeXLacks), as the figures say which names their font lacks; "" for none, and
// for a format other than LaTeX.
func LaTeXNote(f render.Format, ts []*results.Table) string {
	if f != render.FormatLaTeX {
		return ""
	}
	return render.LaTeXLacks(ts)
}

// SyntheticNote is the SYNTHETIC mark (analysis.ScoredRelease.Mark) of tables of a
// synthetic release written as CSV to a stream (stream), which has no room for it (a CSV
// file's provenance sidecar and JSON carry it); "" otherwise.
func SyntheticNote(mark, out string, f render.Format) string {
	if stream(out) && f == render.FormatCSV {
		return mark
	}
	return ""
}

// stream reports whether out is written as a stream with no sidecar: stdout ("" or "-"),
// or a device or pipe named as a file (/dev/stdout, fsx.InPlace).
func stream(out string) bool {
	return out == "" || out == "-" || fsx.InPlace(out)
}

// CSVNotesNote is the line that tells a reader of CSV on a stream (stdout, or a device
// or pipe named with --out: stream) that the tables have notes it cannot hold (what an
// empty cell means, the caveats of intervals) and where to have them: a CSV file written
// with --out has them in its sidecar, and the JSON form carries them; "" otherwise, or
// when no table has a note. A line and not a refusal: a pipe of CSV is a legitimate use,
// and the numbers are the same.
func CSVNotesNote(ts []*results.Table, out string, f render.Format) string {
	if !stream(out) || f != render.FormatCSV {
		return ""
	}
	on := "CSV on stdout"
	if out != "" && out != "-" {
		on = "CSV to " + out
	}
	var parts []string
	for _, t := range ts {
		if len(t.Notes) > 0 {
			parts = append(parts, t.ID+" has "+strconv.Itoa(len(t.Notes)))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return on + " has no room for notes: " + strings.Join(parts, ", ") +
		" (what empty cells mean, the caveats); --out F.csv writes them to its sidecar F.csv.meta.json, and --format json carries them."
}

// Notes says what the report directory out holds and what it does not: why each table
// is empty, what was not written and why (the viewer too, when viewer is nil: a verdict
// dataset has no episode records to show), and a line that counts the tables, formats
// and figures and names the index and the viewer.
func (x *Index) Notes(out string, viewer *view.Stats) []string {
	notes := EmptyNotes(x.Tables)
	for _, why := range x.Skipped {
		notes = append(notes, "not written: "+why)
	}
	v := "none: --verdicts has no episode records to show"
	if viewer == nil {
		notes = append(notes, "not written: index.html (the viewer shows each episode's record; a verdict dataset has none)")
	} else {
		v = filepath.Join(out, "index.html") + ", " + viewer.EpisodesShown()
	}
	return append(notes, fmt.Sprintf("%s × %s and %s in %s (index: %s; viewer: %s)",
		ingest.Plural(len(x.Tables), "table"), ingest.Plural(len(render.Formats()), "format"), ingest.Plural(len(x.Figures), "figure"), out, filepath.Join(out, "index.md"), v))
}

// Notes says which policy the figures of release r show (they cannot carry it
// themselves), which could not be drawn and why, which names the bundled font cannot
// draw whole, which names are drawn by a label, and which figures are larger than asked.
func (ff *FigureFiles) Notes(r *Release) []string {
	pc := ff.Policies
	head := fmt.Sprintf("%s scored under policy %s", ingest.Plural(ff.Figures, "figure"), pc.Releases[0].Policy.String())
	// Only of a chart written: one left out says why below.
	if len(pc.Releases) > 1 && slices.Contains(ff.Names, "policy_ranks") {
		head += fmt.Sprintf("; policy_ranks compares %s", r.PolicyNames())
	}
	notes := []string{head}
	for _, why := range ff.Skipped {
		notes = append(notes, "not written: "+why)
	}
	if ff.Lacking != "" {
		notes = append(notes, ff.Lacking)
	}
	notes = append(notes, ff.Labels...)
	for _, w := range ff.Widened {
		notes = append(notes, "larger than --size: "+w)
	}
	return notes
}

// Lines lists the problems of a bench that did not load, one line each, and returns the
// error that counts them, "bench B: N problems found"; an error that lists no problem is
// returned as it is, with no line.
func (e *BenchError) Lines() ([]string, error) {
	ps := ingest.AsProblems(e.Err)
	if ps == nil {
		return nil, e.Err
	}
	lines := make([]string, len(ps))
	for i, p := range ps {
		lines[i] = p.String()
	}
	return lines, fmt.Errorf("bench %s: %s found", e.Bench, ingest.Plural(len(ps), "problem"))
}
