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
	out, _ := mustRun(t, "policies", "--bench", "builtin", "--runs", runs, "-j", "2", "--resamples", "100", "--force", "--format", "json")
	ts := parseTables(t, out)
	var ids []string
	for _, x := range ts {
		ids = append(ids, x.Table)
	}
	if strings.Join(ids, ",") != "policy_settings,policies,policy_ranks" {
		t.Fatalf("tables %v", ids)
	}
	settings, per, ranks := ts[0], ts[1], ts[2]
	// Presets with identical settings (tau-bench and appworld) are one row, names joined.
	type group struct {
		name string
		p    oracle.Policy
	}
	var groups []group
	at := map[string]int{}
	for _, p := range oracle.Presets {
		if i, ok := at[p.Hash()]; ok {
			groups[i].name += "/" + p.Name
			continue
		}
		at[p.Hash()] = len(groups)
		groups = append(groups, group{p.Name, p})
	}
	if len(groups) != len(oracle.Presets)-1 || groups[3].name != "tau-bench/appworld" {
		t.Fatalf("preset groups %v: tau-bench and appworld no longer share settings?", groups)
	}
	// policy_settings: one row per switch, one column per distinct setting.
	if len(settings.Rows) != 8 || len(ranks.Rows) != len(groups) {
		t.Fatalf("%d settings rows (want 8 switches) and %d rank rows for %d distinct presets", len(settings.Rows), len(ranks.Rows), len(groups))
	}
	sw := map[string]map[string]any{}
	for _, r := range settings.Rows {
		sw[r["switch"].(string)] = r
	}
	for i, g := range groups {
		k, p := g.name, g.p
		if sw["binding"][k] != p.Binding || sw["timing"][k] != p.Timing || sw["coverage"][k] != p.Coverage || sw["coverage_at"][k] != p.CoverageAt ||
			sw["propagation"][k] != p.Propagation || sw["order"][k] != p.Order || sw["non_action"][k] != p.NonAction || sw["settings hash"][k] != p.Hash() {
			t.Errorf("settings column %s, want %+v %s", k, p, p.Hash())
		}
		if r := ranks.Rows[i]; r["policy"] != g.name || r["hash"] != p.Hash() {
			t.Errorf("rank row %d names %v %v, want %s %s", i, r["policy"], r["hash"], g.name, p.Hash())
		}
	}
	// Every configuration has a rank set containing its rank.
	for _, r := range per.Rows {
		if lo, hi, x := num(t, r, "rank_set_lo"), num(t, r, "rank_set_hi"), num(t, r, "rank_set"); !(lo <= x && x <= hi && lo >= 1) {
			t.Errorf("rank set [%v, %v] does not hold rank %v: %v", lo, hi, x, r)
		}
	}
	// One row per policy and configuration; safeact against itself is Δ 0 and keeps every
	// rank; the baseline's agreement with itself is perfect.
	if len(per.Rows) != len(groups)*len(subsetConfigs) {
		t.Errorf("%d policy rows, want %d", len(per.Rows), len(groups)*len(subsetConfigs))
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
	text, _ := mustRun(t, "policies", "--bench", "builtin", "--runs", runs, "-j", "2", "--resamples", "0")
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
	out, _ := mustRun(t, "policies", "--bench", "builtin", "--runs", runs, "-j", "2", "--resamples", "50", "--force", "--format", "json", "--policy", "safeact", "--policy", pf)
	ts := parseTables(t, out)
	if len(ts) != 3 || len(ts[0].Rows) != 8 || len(ts[2].Rows) != 2 {
		t.Fatalf("want the settings and rank tables with two policies: %s", out)
	}
	sw := map[string]map[string]any{}
	for _, r := range ts[0].Rows {
		sw[r["switch"].(string)] = r
	}
	if sw["coverage"]["lenient"] != "off" || sw["binding"]["lenient"] != oracle.SafeAct.Binding || sw["settings hash"]["lenient"] != want.Hash() {
		t.Errorf("policy file column %v, want lenient %s", sw, want.Hash())
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

// TestPoliciesBaselineCountsClusters: under --clustered every interval of the policies
// table resamples clusters, but the baseline's Δ against itself (no interval: every
// resample gives 0) counted its cases as its units, so the real cases' nine clusters read
// "9 to 10 per interval" and CSV's ci_units said delta:10 beside ecs:9. It counts clusters,
// as the other policies' Δs do.
func TestPoliciesBaselineCountsClusters(t *testing.T) {
	t.Parallel()
	runs := writeRepeats(t, realCases, []string{"m/a", "m/b"}, 2, func(config, id string, repeat int) bool {
		return config == "m/b" && repeat == 1 && strings.Contains(id, "V1")
	})
	out, _ := mustRun(t, "tables", "policies", "--bench", filepath.Join(ingestTestdata, "safeactbench"), "--runs", runs,
		"--policy", "safeact,near-miss", "--clustered", "--resamples", "200", "--force", "--format", "csv")
	for _, line := range strings.Split(strings.TrimSpace(out), "\n")[1:] {
		if !strings.Contains(line, "ecs:9;delta:9") {
			t.Errorf("row %s: want 9 clusters for ECS and Δ", line)
		}
	}
	text, _ := mustRun(t, "tables", "policies", "--bench", filepath.Join(ingestTestdata, "safeactbench"), "--runs", runs,
		"--policy", "safeact,near-miss", "--clustered", "--resamples", "200", "--force")
	if !strings.Contains(text, "200 bootstrap resamples of clusters (9 per interval;") {
		t.Errorf("the interval note does not count 9 clusters per interval:\n%s", text)
	}
}
