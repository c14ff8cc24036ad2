package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFiguresUseTheFirstPolicy: with --policy near-miss --policy safeact the tables of a
// report read near-miss (the first policy) while its figures, and those of the figures
// command, drew safeact's: ecs_by_protocol disagreed with T2 beside it. Every figure but
// policy_ranks (which compares every policy with safeact) now draws the first policy, as
// the tables and the viewer's episode pages do, and the notes name it.
func TestFiguresUseTheFirstPolicy(t *testing.T) {
	dir := t.TempDir()
	in := []string{"--bench", "builtin", "--runs", subsetRuns(t), "--resamples", "0"}
	nearMiss, both, rep := filepath.Join(dir, "n"), filepath.Join(dir, "b"), filepath.Join(dir, "r")
	mustRun(t, append([]string{"figures", "--policy", "near-miss", "--out", nearMiss}, in...)...)
	_, stderr := mustRun(t, append([]string{"figures", "--policy", "near-miss,safeact", "--out", both}, in...)...)
	if !strings.Contains(stderr, "figures scored under policy near-miss") {
		t.Errorf("figures names another policy:\n%s", stderr)
	}
	mustRun(t, append([]string{"report", "--policy", "near-miss,safeact", "--out", rep}, in...)...)
	for _, f := range []string{"ecs_by_protocol.svg", "failure_types.svg", "domain_heatmap.svg"} {
		want, err := os.ReadFile(filepath.Join(nearMiss, f))
		if err != nil {
			t.Fatal(err)
		}
		for _, got := range []string{filepath.Join(both, f), filepath.Join(rep, "figures", f)} {
			if b, err := os.ReadFile(got); err != nil || !bytes.Equal(b, want) {
				t.Errorf("%s is not near-miss's (%v)", got, err)
			}
		}
	}
	// The figures differ between the two policies on this input, so the test can fail.
	mustRun(t, append([]string{"figures", "--policy", "safeact", "--out", filepath.Join(dir, "s")}, in...)...)
	a, _ := os.ReadFile(filepath.Join(dir, "s", "ecs_by_protocol.svg"))
	b, _ := os.ReadFile(filepath.Join(nearMiss, "ecs_by_protocol.svg"))
	if bytes.Equal(a, b) {
		t.Fatal("ecs_by_protocol is the same under safeact and near-miss on this input")
	}
}
