package view

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/figures"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/results"
)

// Release is the viewer (Write) of a release scored under every policy on every episode,
// whose episodes a Collector encoded from the stream of scored batches, written in steps so that
// what needs no table is done while the tables are built: Prepare writes the episode
// chunk files and builds the leaderboards of the policies after the first, Main keeps the
// first policy's from the tables, and Page, once Prepare has returned, writes the page
// with the tables and figures. Close removes what a viewer whose page was never written
// left behind.
type Release struct {
	path   string
	sr     *analysis.ScoredRelease
	col    *Collector
	o      analysis.StatOptions
	ch     analysis.Choices
	t2     results.Spec
	chunks *chunks
	main   *results.Table   // T2 under the first policy (Main); nil: Page builds it
	boards []*results.Table // T2 under each policy after the first
}

// NewRelease prepares the viewer at path of sr, whose episodes col collected, with the
// interval settings o and the choices ch.
func NewRelease(path string, sr *analysis.ScoredRelease, col *Collector, o analysis.StatOptions, ch analysis.Choices) (*Release, error) {
	if col == nil {
		return nil, fmt.Errorf("view: the release's episodes were not collected while scoring")
	}
	var pols []string
	for _, r := range sr.Releases {
		pols = append(pols, r.Policy.Name)
	}
	if !slices.Equal(pols, col.policies) {
		return nil, fmt.Errorf("view: episodes collected under policies %v, release scored under %v", col.policies, pols)
	}
	t2, err := results.Lookup("T2")
	if err != nil {
		return nil, err
	}
	return &Release{path: path, sr: sr, col: col, o: o, ch: ch, t2: t2}, nil
}

// Prepare does what needs no table, while the tables are built: it writes the episode
// chunk files to a temporary directory beside the page (Page moves it into place), then
// builds T2 under each policy after the first (the first policy's: Main). One after the
// other rather than side by side: the leaderboards then use the memory that writing the
// chunk files freed (measured at synth --scale 10: peak RSS 1.31 GB side by side, 1.19 GB
// one after the other).
func (v *Release) Prepare() error {
	_, e, err := encode(&Input{Collected: v.col})
	if err != nil {
		return err
	}
	if v.chunks, err = writeChunks(v.path, e); err != nil {
		return err
	}
	for _, r := range v.sr.Releases[1:] {
		t, err := v.board(r)
		if err != nil {
			return err
		}
		v.boards = append(v.boards, t)
	}
	return nil
}

// Main keeps the first policy's leaderboard from the tables, as built for the release
// with the same o and ch: T2 reads the first release alone, so it is the table Page would
// build (a test compares them). Call it before the tables are stamped: results.Stamp
// adds a note that the leaderboard does not show, and leaves the copy kept here alone.
// It may run while Prepare does.
func (v *Release) Main(tables []*results.Table) {
	for _, t := range tables {
		if t.ID == v.t2.ID {
			cp := *t
			v.main = &cp
		}
	}
}

// board is T2 built for one policy's release.
func (v *Release) board(r *analysis.Release) (*results.Table, error) {
	return v.t2.Build(&results.Input{Releases: []*analysis.Release{r}, Stats: v.o, Choices: v.ch})
}

// Page writes the page, after Prepare, with the tables and figures built for the release
// with the same o and ch (only the SVG figures are shown). The notes are the release's
// input, the SYNTHETIC warning when it is synthetic, the reconciliation of the
// episodes with o, and how many were scored on the recorded evidence_delta_key (index.md's sentence). Each policy's leaderboard is T2 built for that policy, followed by its
// rows of the policies table when tables hold one, and the first's by the variance table
// (each configuration's noise floor) when tables hold it; the first policy's T2 is built
// here unless Main kept it. skipped names the figures, or parts of them, not drawn, with
// their reasons.
func (v *Release) Page(tables []*results.Table, figs []figures.Rendered, skipped []string) (Stats, error) {
	if v.chunks == nil || len(v.boards) != len(v.sr.Releases)-1 {
		return Stats{}, fmt.Errorf("view: Page before Prepare")
	}
	sr := v.sr
	in := &Input{Title: "sabench-stats viewer", Tables: tables, Policies: v.col.policies, Binding: v.col.binding, FiguresSkipped: skipped, SharedHarness: v.ch.SharedHarness, HarnessScope: sr.Releases[0].HarnessScope(v.ch), chunks: v.chunks,
		ActionRules: sr.Releases[0].OfficialTasks()}
	for _, f := range figs {
		for i, ext := range f.Exts {
			if ext == "svg" {
				in.Figures = append(in.Figures, Figure{Name: f.Name, SVG: f.Files[i], Note: f.Note})
			}
		}
	}
	var policyRows, noise *results.Table
	for _, t := range tables {
		switch t.ID {
		case "policies":
			policyRows = t
		case "variance":
			noise = t
		}
	}
	main := v.main
	if main == nil {
		var err error
		if main, err = v.board(sr.Releases[0]); err != nil {
			return Stats{}, err
		}
	}
	in.Notes = []string{"Input: " + sr.Input + "."}
	if n := syntheticNote(sr); n != "" {
		in.Notes = append(in.Notes, n)
	}
	dropped := ""
	if len(sr.Dropped) > 0 {
		dropped = "; " + droppedNotShown(len(sr.Dropped))
	}
	in.Notes = append(in.Notes, fmt.Sprintf("Episodes: read %d = scored %d + excluded (%s)%s. %s",
		sr.Read(), sr.Counts.Scored, sr.ExcludedSummary(), dropped, sr.Releases[0].Intervals(v.o).Sentence()))
	if n := sr.Counts.TrustedNote(func(s string) string { return s }); n != "" {
		in.Notes = append(in.Notes, n)
	}
	for i, t := range append([]*results.Table{main}, v.boards...) {
		lb := []*results.Table{t}
		if policyRows != nil {
			lb = append(lb, RowsOf(policyRows, in.Policies[i]))
		}
		if i == 0 && noise != nil && len(noise.Rows) > 0 {
			// The noise floor beside the first leaderboard: which gaps in it repeats alone
			// could make.
			lb = append(lb, noise)
		}
		in.Leaderboards = append(in.Leaderboards, lb)
	}
	st, err := Write(v.path, in)
	st.Dropped = len(sr.Dropped)
	return st, err
}

// syntheticNote is the page's warning on synthetic data, "" for none. Data is synthetic
// when its cases are the built-in release's or its bench's manifest names the synthetic
// dataset (analysis.ScoredRelease.Synthetic); the latter is a release `synth --out` wrote,
// with any seed, whose dataset version names it.
func syntheticNote(sr *analysis.ScoredRelease) string {
	const what = "generated in the real SafeActBench schemas and calibrated to the paper's published aggregates; it is not the paper's traces."
	switch {
	case !sr.Synthetic:
		return ""
	case sr.OwnEpisodes:
		return sr.Mark()
	case sr.Bench != nil && sr.Bench.Kind == casespec.BenchMemory:
		return "The built-in release is SYNTHETIC: " + what
	}
	return fmt.Sprintf("The data is SYNTHETIC: a release written by synth --out (dataset %s, version %s), %s",
		sr.DatasetID, cmp.Or(sr.DatasetVersion, "not stated"), what)
}

// Close removes the chunk files of a viewer whose page was not written, and the
// Collector's spool.
func (v *Release) Close() {
	if v.chunks != nil {
		v.chunks.discard()
		return
	}
	v.col.Finish() // its error was Prepare's to report
	v.col.e.sp.close()
}
