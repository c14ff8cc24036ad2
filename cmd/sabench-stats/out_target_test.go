package main

import (
	"os"
	"path/filepath"
	"strings"
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
// episodes named do not exist, so reading them first would fail on them instead), with
// exit 1 as when the directory is found busy at writing. figures and tables write named
// files into their --out and keep what else it holds, so a non-empty folder is theirs to use.
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
	for _, c := range []struct {
		want string
		args []string
	}{
		{"--out: " + foreign + ": exists and was not written by sabench-stats", []string{"report", "--out", foreign}},
		{filepath.Join(foreign, "v_files") + " holds files the viewer did not write (mine)", []string{"view", "--out", filepath.Join(foreign, "v.html")}},
	} {
		_, stderr, code := runCLI(t, append(c.args, input...)...)
		if code != 1 || !strings.Contains(stderr, c.want) {
			t.Errorf("%q: exit %d, stderr %q; want exit 1 mentioning %q", c.args, code, stderr, c.want)
		}
	}
	if b, err := os.ReadFile(filepath.Join(foreign, "notes.txt")); err != nil || string(b) != "mine" {
		t.Errorf("the user's file was touched: %v %q", err, b)
	}
}
