package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/ingest/jsonv"
	"github.com/sabench/sabench-stats/ingest/tau"
)

// rulesCaseDir writes the τ-bench airline cases as a case directory of the user's own
// (one {case_id, protocol, case_spec} file per case), a bench of action-rules cases
// that no name says is one.
func rulesCaseDir(t *testing.T) string {
	t.Helper()
	b, err := tau.LoadBench("tau-bench:airline", casespec.BenchOptions{})
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "rules")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, c := range b.Cases {
		row := jsonv.NewObject("case_id", c.ID, "protocol", c.Protocol.String(), "case_spec", c.Spec)
		if err := os.WriteFile(filepath.Join(dir, c.ID+".json"), jsonv.Marshal(row), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestRulesBenchByContents: a bench folder of action-rules cases is such a bench by what
// it holds, not by a tau-bench: name: the paper choices, which only SafeActBench's own
// tables read, are refused on it before scoring, as on tau-bench:airline (they were taken
// and changed nothing), and without --policy it is scored under tau-strict and compared
// under the confirmation presets (it was scored under safeact and compared under the
// SafeActBench presets).
func TestRulesBenchByContents(t *testing.T) {
	dir := rulesCaseDir(t)
	runs := filepath.Join(t.TempDir(), "tau.jsonl")
	mustRun(t, "ingest", "--tau", tauShared, "--config", "gpt-4o/tool-calling", "--out", runs)
	for _, args := range [][]string{
		{"tables", "--t9-set", "x"},
		{"tables", "--shared-harness", "tool-calling"},
		{"report", "--out", filepath.Join(t.TempDir(), "r"), "--t13-strategy", "x"},
		{"view", "--out", filepath.Join(t.TempDir(), "v.html"), "--interventions-set", "x"},
	} {
		wantUsage(t, "changes none of the tables built", append(args, "--bench", dir, "--runs", runs)...)
	}
	for _, bench := range []string{dir, "tau-bench:airline"} {
		out, _ := mustRun(t, "policies", "--bench", bench, "--runs", runs, "--resamples", "0", "--format", "csv", "--out", filepath.Join(t.TempDir(), "p")+"/")
		settings, err := os.ReadFile(strings.TrimSpace(strings.Split(out, "\n")[0]))
		if err != nil {
			t.Fatal(err)
		}
		if head := strings.SplitN(string(settings), "\n", 2)[0]; head != "switch,tau-strict,tau-lenient,tau-reads,tau-bench" {
			t.Errorf("--bench %s: the policies compared are %s", bench, head)
		}
		t2, _ := mustRun(t, "tables", "T2", "--bench", bench, "--runs", runs, "--resamples", "0")
		if !strings.Contains(t2, "Scored under policy tau-strict ") {
			t.Errorf("--bench %s: T2 is not scored under tau-strict:\n%s", bench, t2)
		}
	}
}

// TestFiguresRulesDirRefusesSharedHarness: figures on a folder of action-rules cases took
// --shared-harness and drew every figure as without it (harness_differences does not
// apply), where tau-bench:airline refused it by name; it is refused once the bench is
// loaded, before scoring, and no figure is written.
func TestFiguresRulesDirRefusesSharedHarness(t *testing.T) {
	dir := rulesCaseDir(t)
	runs := filepath.Join(t.TempDir(), "tau.jsonl")
	mustRun(t, "ingest", "--tau", tauShared, "--config", "gpt-4o/tool-calling", "--out", runs)
	out := filepath.Join(t.TempDir(), "f")
	_, stderr, code := runCLI(t, "figures", "--bench", dir, "--runs", runs, "--shared-harness", "tool-calling", "--out", out)
	want := "figures: --shared-harness changes no figure on " + dir + ": harness_differences, the figure that reads it, does not apply"
	if entries, _ := os.ReadDir(out); code != 2 || len(entries) > 0 || !strings.Contains(stderr, want) {
		t.Errorf("exit %d, %d files written; stderr %s", code, len(entries), stderr)
	}
}

// TestMainTablesOnRulesBench: T2 and domains on the τ-bench cases (by name or as a folder)
// kept empty Legacy, V0, V2 and V3 columns and called their success "Exact Case Success";
// they show V1 alone and say the success is authorized success under the action rules.
func TestMainTablesOnRulesBench(t *testing.T) {
	runs := filepath.Join(t.TempDir(), "tau.jsonl")
	mustRun(t, "ingest", "--tau", tauShared, "--config", "gpt-4o/tool-calling", "--out", runs)
	for _, bench := range []string{rulesCaseDir(t), "tau-bench:airline"} {
		t2, _ := mustRun(t, "tables", "T2", "--bench", bench, "--runs", runs, "--resamples", "0", "--format", "csv")
		dom, _ := mustRun(t, "tables", "domains", "--bench", bench, "--runs", runs, "--resamples", "0", "--format", "csv")
		out := t2 + dom
		for _, want := range []string{
			"config,ecs,pm,dm,v1,rank,",
			"group,config,domain,v1,all,n\ngpt-4o/tool-calling,gpt-4o/tool-calling,airline,48.0,48.0,100\n",
		} {
			if !strings.Contains(out, want) {
				t.Errorf("--bench %s: CSV lacks %q:\n%s", bench, want, out)
			}
		}
		text, _ := mustRun(t, "tables", "T2", "domains", "--bench", bench, "--runs", runs, "--resamples", "0")
		for _, want := range []string{
			"T2: Main results: authorized success under the action rules (%)",
			"domains: Authorized success under the action rules per configuration, domain and protocol (%)",
			"The bench has no Legacy, V0, V2 or V3 case: their columns are left out.",
		} {
			if !strings.Contains(text, want) {
				t.Errorf("--bench %s: lacks %q:\n%s", bench, want, text)
			}
		}
		if strings.Contains(text, "Exact Case Success") || strings.Contains(text, "Legacy │") {
			t.Errorf("--bench %s: still SafeActBench's title or columns:\n%s", bench, text)
		}
	}
}
