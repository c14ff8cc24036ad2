package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestFiguresWritesEveryFormat(t *testing.T) {
	t.Parallel() // CPU-bound
	runs := subsetRuns(t)
	dir := filepath.Join(t.TempDir(), "figs")
	out, errOut := mustRun(t, "figures", "--bench", "builtin", "--runs", runs, "-j", "2", "--resamples", "50", "--force", "--out", dir)
	if !strings.Contains(errOut, "figures: 5 figures scored under policy safeact (") || !strings.Contains(errOut, "policy_ranks compares safeact, near-miss, toolsandbox, tau-bench, appworld") {
		t.Errorf("stderr does not name the policies: %q", errOut)
	}
	files := strings.Fields(out)
	// The subset has two models with a family harness and Inspect each, and five
	// policies, so every figure of the report is drawn.
	names := []string{"failure_types", "ecs_by_protocol", "harness_differences", "domain_heatmap", "policy_ranks"}
	if len(files) != 3*len(names) {
		t.Fatalf("%d files, want 3 per figure for %v:\n%s", len(files), names, out)
	}
	magic := map[string][]byte{".svg": []byte("<?xml"), ".pdf": []byte("%PDF-"), ".png": []byte("\x89PNG")}
	for i, name := range names {
		for j, ext := range []string{".svg", ".pdf", ".png"} {
			f := files[3*i+j]
			if f != filepath.Join(dir, name+ext) {
				t.Errorf("file %d is %s, want %s", 3*i+j, f, filepath.Join(dir, name+ext))
				continue
			}
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.HasPrefix(data, magic[ext]) {
				t.Errorf("%s starts with %q", f, data[:min(len(data), 8)])
			}
		}
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(ents) != len(files) {
		t.Errorf("directory holds %d entries, %d files listed (temporary files left?)", len(ents), len(files))
	}

	// One policy: no policy-ranks figure; a larger size preset changes the drawing.
	out, _ = mustRun(t, "figures", "--bench", "builtin", "--runs", runs, "-j", "2", "--resamples", "0", "--policy", "safeact", "--size", "page", "--out", dir+"-page")
	if n := len(strings.Fields(out)); n != 3*(len(names)-1) || strings.Contains(out, "policy_ranks") {
		t.Errorf("one policy: %d files\n%s", n, out)
	}
	a, _ := os.ReadFile(filepath.Join(dir, "domain_heatmap.svg"))
	b, _ := os.ReadFile(filepath.Join(dir+"-page", "domain_heatmap.svg"))
	if len(a) == 0 || bytes.Equal(a, b) {
		t.Error("--size page draws the same heat map as the default column size")
	}
}

func TestFiguresUsage(t *testing.T) {
	wantUsage(t, `--size must be column, page or slide, not "poster"`, "figures", "--size", "poster")
	wantUsage(t, "figures takes no arguments", "figures", "fig1")
	wantUsage(t, "--out must name a directory", "figures", "--out", "")
}
