package main

import (
	"os"
	"path/filepath"
	"testing"
)

// TestOutTargetBeforeScoring: compare, domains, policies and power refuse an --out that
// cannot take their tables before scoring, as tables does: domains and power found a
// file in a missing folder, and domains several policies' tables into one file, only
// when writing, after scoring; and every command writing into a directory found one
// under a file at mkdir, after scoring. The episodes named do not exist, so a command that got as
// far as reading them would fail on them (exit 1) instead.
func TestOutTargetBeforeScoring(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "missing")
	file := filepath.Join(dir, "f.txt")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	input := []string{"--bench", "builtin", "--runs", filepath.Join(dir, "none.jsonl")}
	two := []string{"--policy", "safeact", "--policy", "near-miss"}
	out := filepath.Join(missing, "x.txt")
	for _, c := range []struct {
		want string
		args []string
	}{
		{"the directory " + missing + " does not exist", []string{"compare", "A", "B", "--out", out}},
		{"the directory " + missing + " does not exist", []string{"domains", "--out", out}},
		{"the directory " + missing + " does not exist", []string{"power", "A", "B", "--out", out}},
		{"the directory " + missing + " does not exist", []string{"tables", "T2", "--out", out}},
		{"--out " + out + " names a file, but there are 3 tables", []string{"policies", "--out", out}},
		{"--out " + file + " names a file, but there are 2 tables", append([]string{"compare", "A", "B", "--out", file}, two...)},
		{"--out " + file + " names a file, but there are 2 tables", append([]string{"domains", "--out", file}, two...)},
		// A directory under a file cannot be made: it failed at mkdir after scoring.
		{"--out " + file + "/: " + file + " is a file, so the directory cannot be made", []string{"domains", "--out", file + "/"}},
		{"--out " + file + "/: " + file + " is a file", []string{"compare", "A", "B", "--out", file + "/"}},
		{"--out " + file + "/sub/: " + file + " is a file", []string{"policies", "--out", file + "/sub/"}},
		{"--out " + file + "/: " + file + " is a file", []string{"tables", "T1", "T2", "--out", file + "/"}},
		{"--out " + file + "/figs: " + file + " is a file", []string{"figures", "--out", file + "/figs"}},
		{"--out " + file + "/ds/: " + file + " is a file", []string{"score", "--format", "parquet", "--out", file + "/ds/"}},
	} {
		wantUsage(t, c.want, append(c.args, input...)...)
	}
	if _, err := os.Stat(missing); !os.IsNotExist(err) {
		t.Errorf("%s was made (stat: %v)", missing, err)
	}
}

// TestReportViewOutBeforeReading: report over a directory it did not write and view over
// a NAME_files/ holding a user's file are refused before the episodes are read (the
// episodes named do not exist, so reading them first would fail on them instead), as the
// usage error every unusable --out is (exit 2; they exited 1). figures and tables write
// named files into their --out and keep what else it holds, so a non-empty folder is
// theirs to use.
func TestReportViewOutBeforeReading(t *testing.T) {
	dir := t.TempDir()
	foreign := filepath.Join(dir, "work")
	if err := os.MkdirAll(filepath.Join(foreign, "v_files"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{filepath.Join(foreign, "notes.txt"), filepath.Join(foreign, "v_files", "mine")} {
		if err := os.WriteFile(f, []byte("mine"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	input := []string{"--bench", "builtin", "--runs", filepath.Join(dir, "none.jsonl")}
	wantUsage(t, "--out: "+foreign+": exists and was not written by sabench-stats", append([]string{"report", "--out", foreign}, input...)...)
	wantUsage(t, filepath.Join(foreign, "v_files")+" holds files the viewer did not write (mine)", append([]string{"view", "--out", filepath.Join(foreign, "v.html")}, input...)...)
	if b, err := os.ReadFile(filepath.Join(foreign, "notes.txt")); err != nil || string(b) != "mine" {
		t.Errorf("the user's file was touched: %v %q", err, b)
	}
}

// TestOutUnusableIsUsage: an --out (or convert's OUT) that cannot be used is a usage error
// of every command that writes, exit 2, and nothing is written: report, synth and view
// exited 1 where figures and the one-file outputs exited 2.
func TestOutUnusableIsUsage(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "f.txt")
	foreign := filepath.Join(dir, "work")
	if err := os.MkdirAll(foreign, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{file, filepath.Join(foreign, "notes.txt")} {
		if err := os.WriteFile(f, []byte("mine"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	input := []string{"--bench", "builtin", "--runs", filepath.Join(dir, "none.jsonl")}
	missing := filepath.Join(dir, "missing")
	for _, c := range []struct {
		want string
		args []string
	}{
		{file + ": exists and is not a directory", append([]string{"report", "--out", file}, input...)},
		{foreign + ": exists and was not written by sabench-stats", append([]string{"report", "--out", foreign}, input...)},
		{file + ": exists and is not a directory", []string{"synth", "--out", file}},
		{foreign + ": exists and was not written by sabench-stats", []string{"synth", "--out", foreign}},
		{"the directory " + missing + " does not exist", append([]string{"view", "--out", filepath.Join(missing, "v.html")}, input...)},
		{foreign + " is a directory", append([]string{"view", "--out", foreign}, input...)},
		{file + " is a file", append([]string{"figures", "--out", filepath.Join(file, "figs")}, input...)},
		{"the directory " + missing + " does not exist", append([]string{"tables", "T2", "--out", filepath.Join(missing, "t.txt")}, input...)},
		{"the directory " + missing + " does not exist", append([]string{"score", "--out", filepath.Join(missing, "v.jsonl")}, input...)},
		{"the directory " + missing + " does not exist", append([]string{"explain", "x", "--out", filepath.Join(missing, "e.txt")}, input...)},
		{foreign + " is a directory", []string{"samples", "--inspect", filepath.Join(dir, "none.eval"), "--out", foreign}},
		{"the directory " + missing + " does not exist", []string{"convert", filepath.Join(dir, "none.jsonl"), filepath.Join(missing, "o.jsonl")}},
		{"the directory " + missing + " does not exist", []string{"ingest", "--batch", dir, "--config", "m/h", "--out", filepath.Join(missing, "e.jsonl")}},
	} {
		wantUsage(t, c.want, c.args...)
	}
	if b, err := os.ReadFile(file); err != nil || string(b) != "mine" {
		t.Errorf("%s was touched: %v %q", file, err, b)
	}
	if es, err := os.ReadDir(foreign); err != nil || len(es) != 1 {
		t.Errorf("%s holds %d entries (%v), want the user's one", foreign, len(es), err)
	}
	if _, err := os.Stat(missing); !os.IsNotExist(err) {
		t.Errorf("%s was made (stat: %v)", missing, err)
	}
}
