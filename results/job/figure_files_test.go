package job

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/figures"
)

// smallForest is a forest plot of three paired differences, one without an interval.
var smallForest = figures.Forest{
	Level: 0.9,
	Rows: []figures.Comparison{
		{Label: "Alpha − Beta, V1", Estimate: 0.12, Lo: 0.03, Hi: 0.2},
		{Label: "Alpha − Beta, V2", Estimate: -0.02, Lo: -0.1, Hi: 0.06},
		{Label: "Alpha − Beta, V3", Estimate: 0.05, Lo: math.NaN(), Hi: math.NaN()},
	},
}

func TestWriteFigure(t *testing.T) {
	dir := t.TempDir()
	paths, err := WriteFigure(dir, "forest", smallForest, figures.Column)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"forest.svg", "forest.pdf", "forest.png"}
	if len(paths) != len(want) {
		t.Fatalf("paths %v", paths)
	}
	for i, p := range paths {
		if filepath.Base(p) != want[i] {
			t.Errorf("path %d = %s, want %s", i, p, want[i])
		}
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 3 {
		t.Errorf("dir holds %d entries, want 3 (no temporary files)", len(ents))
	}
	// A bad figure writes nothing at all.
	bad := figures.Forest{Rows: []figures.Comparison{{Label: "x", Estimate: 2}}}
	if _, err := WriteFigure(dir, "bad", bad, figures.Column); err == nil || !strings.Contains(err.Error(), "Forest.Rows[0].Estimate") {
		t.Errorf("bad figure: err = %v", err)
	}
	if _, err := WriteFigure(filepath.Join(dir, "missing"), "x", smallForest, figures.Column); err == nil {
		t.Error("missing directory: no error")
	}
	if _, err := WriteFigure(dir, "../x", smallForest, figures.Column); err == nil {
		t.Error("basename with a slash: no error")
	}
	ents, _ = os.ReadDir(dir)
	if len(ents) != 3 {
		t.Errorf("after failures the dir holds %d entries, want 3", len(ents))
	}
}
