package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/oracle"
)

func TestPoliciesPresets(t *testing.T) {
	runs := subsetRuns(t)
	out, _ := mustRun(t, "policies", "--runs", runs, "-j", "2", "--resamples", "100", "--force", "--format", "json")
	ts := parseTables(t, out)
	var ids []string
	for _, x := range ts {
		ids = append(ids, x.Table)
	}
	if strings.Join(ids, ",") != "policy_settings,policies,policy_ranks" {
		t.Fatalf("tables %v", ids)
	}
	settings, per, ranks := ts[0], ts[1], ts[2]
	if len(settings.Rows) != len(oracle.Presets) || len(ranks.Rows) != len(oracle.Presets) {
		t.Fatalf("%d settings rows and %d rank rows for %d presets", len(settings.Rows), len(ranks.Rows), len(oracle.Presets))
	}
	for i, p := range oracle.Presets {
		s := settings.Rows[i]
		if s["policy"] != p.Name || s["hash"] != p.Hash() || s["binding"] != p.Binding || s["timing"] != p.Timing ||
			s["coverage"] != p.Coverage || s["propagation"] != p.Propagation || s["order"] != p.Order || s["non_action"] != p.NonAction {
			t.Errorf("settings row %d %v, want %+v %s", i, s, p, p.Hash())
		}
		if r := ranks.Rows[i]; r["policy"] != p.Name || r["hash"] != p.Hash() {
			t.Errorf("rank row %d names %v %v, want %s %s", i, r["policy"], r["hash"], p.Name, p.Hash())
		}
	}
	// One row per policy and configuration; safeact against itself is Δ 0 and keeps every
	// rank; the baseline's agreement with itself is perfect.
	if len(per.Rows) != len(oracle.Presets)*len(subsetConfigs) {
		t.Errorf("%d policy rows, want %d", len(per.Rows), len(oracle.Presets)*len(subsetConfigs))
	}
	for _, r := range per.Rows {
		if r["policy"] == oracle.SafeAct.Name && (num(t, r, "delta") != 0 || num(t, r, "rank_change") != 0) {
			t.Errorf("safeact row %v", r)
		}
	}
	if r := ranks.Rows[0]; num(t, r, "tau_b") != 1 || num(t, r, "rho") != 1 || num(t, r, "changed") != 0 || num(t, r, "lost") != 0 {
		t.Errorf("safeact vs itself %v", r)
	}

	// The text form names every preset with its hash as well.
	text, _ := mustRun(t, "policies", "--runs", runs, "-j", "2", "--resamples", "0")
	for _, p := range oracle.Presets {
		if !strings.Contains(text, p.Name) || !strings.Contains(text, p.Hash()) {
			t.Errorf("text output lacks %s or %s", p.Name, p.Hash())
		}
	}
}

func TestPoliciesFileAndSubset(t *testing.T) {
	runs := subsetRuns(t)
	pf := filepath.Join(t.TempDir(), "lenient.json")
	if err := os.WriteFile(pf, []byte(`{"name": "lenient", "coverage": "off"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	want, err := oracle.LookupPolicy(pf)
	if err != nil {
		t.Fatal(err)
	}
	out, _ := mustRun(t, "policies", "--runs", runs, "-j", "2", "--resamples", "50", "--force", "--format", "json", "--policy", "safeact", "--policy", pf)
	ts := parseTables(t, out)
	if len(ts) != 3 || len(ts[0].Rows) != 2 || len(ts[2].Rows) != 2 {
		t.Fatalf("want the settings and rank tables with two policies: %s", out)
	}
	s := ts[0].Rows[1]
	if s["policy"] != "lenient" || s["coverage"] != "off" || s["binding"] != oracle.SafeAct.Binding || s["hash"] != want.Hash() {
		t.Errorf("policy file row %v, want lenient %s", s, want.Hash())
	}
	if want.Hash() == oracle.SafeAct.Hash() {
		t.Error("a policy with coverage off hashes like safeact")
	}
	// Without coverage a policy can only accept more episodes than safeact.
	if r := ts[2].Rows[1]; num(t, r, "lost") != 0 {
		t.Errorf("lenient loses safeact successes: %v", r)
	}
}

func TestPoliciesUsage(t *testing.T) {
	wantUsage(t, "is neither a preset", "policies", "--policy", "strictest")
	wantUsage(t, "policies takes no arguments", "policies", "safeact")
	wantUsage(t, "--resamples must be", "policies", "--resamples", "-1")
}
