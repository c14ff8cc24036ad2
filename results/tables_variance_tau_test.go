package results_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/ingest/tau"
	"github.com/sabench/sabench-stats/oracle"
	"github.com/sabench/sabench-stats/results"
)

// TestVarianceOnTauBench: on the τ-bench airline trajectories the variance table's title,
// columns and notes name no SafeActBench protocol and no template. They said "(V0–V3)",
// "Over the bench's 50 V0–V3 cases (Legacy left out)", "resample cases (or templates)" and
// carried an ICC template column that a bench without templates can only leave empty; and
// it said ECS (title, Std and Run SD) of the rate T2 calls authorized success.
func TestVarianceOnTauBench(t *testing.T) {
	ts := buildTau(t, "variance")
	tb := ts[0]
	if tb.Title != "Repeat-to-repeat variation of authorized success and the noise floor" {
		t.Errorf("title %q", tb.Title)
	}
	var heads []string
	for _, c := range tb.Columns {
		heads = append(heads, c.Header)
	}
	text := tb.Title + "\n" + strings.Join(heads, "|") + "\n" + strings.Join(tb.Notes, "\n")
	for _, bad := range []string{"V0", "V3", "Legacy", "emplate", "ECS"} {
		if strings.Contains(text, bad) {
			t.Errorf("variance on tau-bench:airline says %q:\n%s", bad, text)
		}
	}
	if want := "Over the cases each configuration ran, of the bench's 50 (the benchmark's tasks)."; !strings.HasPrefix(tb.Notes[0], want) {
		t.Errorf("first note %q, want it to begin %q", tb.Notes[0], want)
	}
	if got := tb.Columns[len(tb.Columns)-2].Header; got != "ICC case" {
		t.Errorf("the column before Run SD is %q", got)
	}
}

// TestCostCoverageOnTauBench: the cost note said static judgments are left out, and the
// coverage note that exclusion is "as in the paper" and that --infra-failures fail scores
// "wall-clock timeouts"; a τ-bench release has no static judgment. Its coverage note then
// said "τ²-bench's infrastructure errors" of τ-bench (v1) trajectories, which record no
// termination and of which none is excluded; the τ²-bench rule is for τ²-bench input
// (TestCoverageOnTau2Bench).
func TestCostCoverageOnTauBench(t *testing.T) {
	ts := buildTau(t, "cost", "coverage")
	notes := strings.Join(ts[0].Notes, "\n") + "\n" + strings.Join(ts[1].Notes, "\n")
	for _, bad := range []string{"static", "the paper", "wall-clock"} {
		if strings.Contains(notes, bad) {
			t.Errorf("cost and coverage on tau-bench:airline say %q:\n%s", bad, notes)
		}
	}
	if want := "Read = scored + excluded. No episode is excluded as not completed: τ-bench results record no termination reason, and no τ²-bench simulation here ended in an infrastructure error or a context-window overflow (the terminations τ²-bench leaves out)."; !strings.Contains(notes, want) {
		t.Errorf("coverage lacks %q:\n%s", want, notes)
	}
}

// TestFailuresOnTauBench: the failure-mix table of τ-bench trajectories had a 0.0 column
// for each SafeActBench failure type action-rules cases cannot have (partial workflow,
// broken dependency, unsafe attempt, early stop, wrong stop label, wrong decision, extra
// event); it keeps the types they can have.
func TestFailuresOnTauBench(t *testing.T) {
	ts := buildTau(t, "failures")
	var heads []string
	for _, c := range ts[0].Columns {
		heads = append(heads, c.Header)
	}
	if got, want := strings.Join(heads, "|"), "Config|Protocol|Episodes|success|premature action|wrong action|inaction|contract or invalid"; got != want {
		t.Errorf("columns %s, want %s", got, want)
	}
}

// TestCoverageOnTau2Bench: a τ²-bench results file whose simulation ended in an
// infrastructure error keeps the τ²-bench rule in the coverage note.
func TestCoverageOnTau2Bench(t *testing.T) {
	r, err := tau.ReadFile(filepath.Join("..", "ingest", "tau", "testdata", "tau2-handmade.json"), tau.Options{Config: "m/h"})
	if err != nil || len(r.Problems) > 0 {
		t.Fatalf("%v %v", err, r.Problems)
	}
	b, err := tau.LoadBench("tau-bench:retail", casespec.BenchOptions{})
	if err != nil {
		t.Fatal(err)
	}
	pol, vs := scoreUnder(t, b, r.Episodes, "tau-strict")
	ts := buildTables(t, analysis.NewRelease(b.Cases, nil, vs, pol), 0, "coverage")
	notes := strings.Join(ts[0].Notes, "\n")
	if want := "Excluded episodes (not completed: τ²-bench's infrastructure errors and context-window overflows) are never counted as failures, as τ²-bench leaves them out; --infra-failures fail scores them as failures instead."; !strings.Contains(notes, want) {
		t.Errorf("coverage lacks %q:\n%s", want, notes)
	}
}

// TestRankNoteOnTauBench: T2's rank note said "competition rank by overall ECS" on an
// action-rules bench, whose rate column (and the rate ranked) is Authorized.
func TestRankNoteOnTauBench(t *testing.T) {
	cs, vs, pol := tauReadsFixture(t)
	for _, resamples := range []int{0, 50} {
		ts := buildTables(t, analysis.NewRelease(cs, nil, vs, pol), resamples, "T2")
		notes := strings.Join(ts[0].Notes, "\n")
		if ts[0].Columns[1].Header != "Authorized" || !strings.Contains(notes, "Rank: competition rank by overall Authorized (ties") || strings.Contains(notes, "overall ECS") {
			t.Errorf("resamples %d: column %q, notes:\n%s", resamples, ts[0].Columns[1].Header, notes)
		}
	}
}

// buildTau builds the tables ids on the τ-bench airline fixture (tauReadsFixture),
// without resamples.
func buildTau(t *testing.T, ids ...string) []*results.Table {
	t.Helper()
	cs, vs, pol := tauReadsFixture(t)
	return buildTables(t, analysis.NewRelease(cs, nil, vs, pol), 0, ids...)
}

// buildTables builds the tables ids of r, as a command does (results.Build), with that
// many resamples.
func buildTables(t *testing.T, r *analysis.Release, resamples int, ids ...string) []*results.Table {
	t.Helper()
	in := &results.Input{Releases: []*analysis.Release{r}, Stats: analysis.StatOptions{Resamples: resamples, Level: 0.95, Seed: 1, Workers: 1}}
	specs, err := results.LookupAll(ids)
	if err != nil {
		t.Fatal(err)
	}
	ts, err := results.Build(in, specs)
	if err != nil {
		t.Fatal(err)
	}
	return ts
}

// TestTablesNameTheMeasureOnTauBench: T8's title ("ECS per domain") and cost's column and
// notes ("$ / main ECS success") said ECS of the rate T2 calls authorized success.
func TestTablesNameTheMeasureOnTauBench(t *testing.T) {
	for _, tb := range buildTau(t, "T8", "cost") {
		var heads []string
		for _, c := range tb.Columns {
			heads = append(heads, c.Header)
		}
		text := tb.Title + "\n" + strings.Join(heads, "|") + "\n" + strings.Join(tb.Notes, "\n")
		if strings.Contains(text, "ECS") || !strings.Contains(text, "uthorized success") {
			t.Errorf("%s on tau-bench:airline:\n%s", tb.ID, text)
		}
	}
}

// scoreUnder scores the episodes of bench b under the named policy, without detail.
func scoreUnder(t *testing.T, b *casespec.Bench, eps []*ingest.Episode, policy string) (oracle.Policy, []oracle.Verdict) {
	t.Helper()
	pol, err := oracle.LookupPolicy(policy)
	if err != nil {
		t.Fatal(err)
	}
	var vs []oracle.Verdict
	for _, ep := range eps {
		p, err := oracle.Prepare(b.Case(ep.CaseID))
		if err != nil {
			t.Fatal(err)
		}
		vs = append(vs, p.Score(ep, pol, false))
	}
	return pol, vs
}

// tauAirline is the τ-bench airline bench and the shared trajectories of gpt-4o on its
// tasks 25–49 as episodes of one configuration.
func tauAirline(t *testing.T) (*casespec.Bench, []*ingest.Episode) {
	t.Helper()
	r, err := tau.ReadFile(filepath.Join("..", "ingest", "tau", "testdata", "gpt-4o-airline-tasks25-49.json"), tau.Options{Config: "gpt-4o/tool-calling"})
	if err != nil || len(r.Problems) > 0 {
		t.Fatalf("%v %v", err, r.Problems)
	}
	b, err := tau.LoadBench("tau-bench:airline", casespec.BenchOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return b, r.Episodes
}
