package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOutUnwritableRefusedFirst: an --out in a directory that takes no new file was found
// when written, after the scoring (exit 1: "create /sys/t2.txt: permission denied", "mkdir
// /sys/.rep.tmp-…"). Every command with an output refuses it first now, as a usage error
// naming the path (exit 2). /sys is such a directory for root too, where a 0500 one is not.
func TestOutUnwritableRefusedFirst(t *testing.T) {
	t.Parallel()
	if f, err := os.CreateTemp("/sys", "x"); err == nil {
		f.Close()
		os.Remove(f.Name())
		t.Skip("/sys takes new files here")
	}
	runs := filepath.Join(harnessTestdata, "interactive.golden.jsonl")
	log := filepath.Join(inspectLogs, "2025-05-12T20-28-13-04-00_popularity.json")
	tau := filepath.Join("..", "..", "ingest", "tau", "testdata", "gpt-4o-airline-tasks25-49.json")
	for _, args := range [][]string{
		{"tables", "T2", "--out", "/sys/t2.txt"},
		{"tables", "T2", "T3", "--out", "/sys/tables/"},
		{"domains", "--out", "/sys/d.txt"},
		{"policies", "--out", "/sys/p/"},
		{"compare", "a", "b", "--out", "/sys/c.csv"},
		{"power", "a", "b", "--out", "/sys/p.txt"},
		{"figures", "--out", "/sys/figs"},
		{"report", "--out", "/sys/rep"},
		{"view", "--out", "/sys/v.html"},
		{"score", "--out", "/sys/v.csv"},
		{"score", "--format", "parquet", "--out", "/sys/ds"},
		{"explain", "x", "--out", "/sys/e.txt"},
		{"synth", "--out", "/sys/syn"},
		{"ingest", "--tau", tau, "--config", "a/b", "--out", "/sys/t.jsonl"},
		{"convert", runs, "/sys/t.parquet"},
		{"samples", "--inspect", log, "--out", "/sys/s.csv"},
		{"leaderboard", "--inspect", log, "--out", "/sys/l.txt"},
	} {
		_, stderr, code := runCLI(t, args...)
		if code != 2 || !strings.Contains(stderr, ": cannot write in /sys: permission denied") {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and cannot write in /sys", args, code, stderr)
		}
	}
}
