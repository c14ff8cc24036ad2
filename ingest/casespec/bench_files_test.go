package casespec

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestInputFilesAndDataset: the real fixture (a case directory) lists its case files, its
// evidence files and env_manifest.json, and is named by that manifest (bench_id "safeact",
// dataset_version "2026-08-31-v3" in ingest/testdata/safeactbench/env_manifest.json).
func TestInputFilesAndDataset(t *testing.T) {
	dir := filepath.Join("..", "testdata", "safeactbench")
	b, err := LoadBench(dir, BenchOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if b.DatasetID != "safeact" || b.DatasetVersion != "2026-08-31-v3" {
		t.Errorf("dataset %q %q", b.DatasetID, b.DatasetVersion)
	}
	files := b.InputFiles(BenchOptions{})
	var cases, evidence, manifest int
	for _, f := range files {
		switch {
		case strings.HasPrefix(f, filepath.Join(dir, "cases")+string(filepath.Separator)):
			cases++
		case strings.HasPrefix(f, filepath.Join(dir, "evidence")+string(filepath.Separator)):
			evidence++
		case f == filepath.Join(dir, "env_manifest.json"):
			manifest++
		}
	}
	if cases != len(b.Cases) || evidence == 0 || manifest != 1 || cases+evidence+manifest != len(files) {
		t.Errorf("input files %v: %d cases (of %d), %d evidence, %d manifest", files, cases, len(b.Cases), evidence, manifest)
	}
	mem, err := NewBench("builtin", b.Cases, nil, BenchOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if f := mem.InputFiles(BenchOptions{}); f != nil {
		t.Errorf("a bench in memory lists files %v", f)
	}
}
