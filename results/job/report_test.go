package job

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/results"
	"github.com/sabench/sabench-stats/results/render"
	"github.com/sabench/sabench-stats/results/view"
)

// concurrentOptions score the fixture under every preset with intervals and rank sets,
// marked synthetic so that stamping adds a note to every table.
func concurrentOptions(t *testing.T, workers int) (Options, *Release) {
	t.Helper()
	o := testOptions(t)
	o.Stats.Resamples, o.Stats.Force, o.Workers = 200, true, workers
	if err := o.Check(); err != nil {
		t.Fatal(err)
	}
	r, err := o.Release(Scoring{All: true, Collect: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Releases) < 2 {
		t.Fatalf("%d policies scored: want several leaderboards", len(r.Releases))
	}
	r.Synthetic = true
	return o, r
}

// TestReportConcurrentBytes: the report built with the viewer's chunk files and
// leaderboards made while the tables are built, the tables side by side and the figures'
// formats side by side (two workers) is byte for byte the one built step after step (one
// worker), and its viewer the one written with every
// leaderboard built for the viewer (not taken from the report's T2).
func TestReportConcurrentBytes(t *testing.T) {
	dirs := map[int]string{}
	for _, workers := range []int{1, 2} {
		o, r := concurrentOptions(t, workers)
		dirs[workers] = filepath.Join(t.TempDir(), "report")
		if _, _, err := o.Report(dirs[workers], r, render.RenderOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	sameFiles(t, dirs[1], dirs[2])

	o, r := concurrentOptions(t, 1)
	alone := t.TempDir()
	b, err := o.build(r, results.Registry, true, nil)
	if err != nil {
		t.Fatal(err)
	}
	v, err := view.NewRelease(filepath.Join(alone, "index.html"), r.ScoredRelease, r.Collector, o.Stat, o.Choices)
	if err != nil {
		t.Fatal(err)
	}
	defer v.Close()
	if err := v.Prepare(); err != nil {
		t.Fatal(err)
	}
	if _, err := v.Page(b.tables, b.figs, b.skipped); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"index.html", "index_files"} {
		sameFiles(t, filepath.Join(dirs[2], name), filepath.Join(alone, name))
	}
}

// TestLeaderboardIsReportT2: the report's T2 (the registry's, on every policy's
// release) renders in every format as the viewer's leaderboard T2 of the first policy
// (on its release alone), so the viewer may take it (view.Release.Main).
func TestLeaderboardIsReportT2(t *testing.T) {
	o, r := concurrentOptions(t, 2)
	t2, err := results.Lookup("T2")
	if err != nil {
		t.Fatal(err)
	}
	report, err := results.Build(o.TableInput(r.ScoredRelease), []results.Spec{t2})
	if err != nil {
		t.Fatal(err)
	}
	board, err := t2.Build(&results.Input{Releases: []*analysis.Release{r.Releases[0]}, Stats: o.Stat, Choices: o.Choices})
	if err != nil {
		t.Fatal(err)
	}
	if len(board.Rows) == 0 || board.Column("rank") < 0 {
		t.Fatalf("T2 with %d rows, rank column %d: want rows and rank sets", len(board.Rows), board.Column("rank"))
	}
	for _, f := range render.Formats() {
		var a, b bytes.Buffer
		if err := render.Render(&a, report[0], f); err != nil {
			t.Fatal(err)
		}
		if err := render.Render(&b, board, f); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a.Bytes(), b.Bytes()) {
			t.Errorf("%s: the report's T2 and the leaderboard's differ:\n%s\n%s", f.Ext(), a.Bytes(), b.Bytes())
		}
	}
}

// sameFiles fails unless the trees at a and b hold the same files with the same bytes.
func sameFiles(t *testing.T, a, b string) {
	t.Helper()
	read := func(root string) map[string][]byte {
		files := map[string][]byte{}
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			rel, _ := filepath.Rel(root, p)
			files[rel], err = os.ReadFile(p)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		return files
	}
	fa, fb := read(a), read(b)
	if len(fa) != len(fb) || len(fa) == 0 {
		t.Errorf("%s holds %d files, %s %d", a, len(fa), b, len(fb))
	}
	for name, data := range fa {
		if other, ok := fb[name]; !ok || !bytes.Equal(data, other) {
			t.Errorf("%s differs from %s (present in both: %v)", filepath.Join(a, name), filepath.Join(b, name), ok)
		}
	}
}
