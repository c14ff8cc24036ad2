package results_test

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/ingest/jsonv"
	"github.com/sabench/sabench-stats/oracle"
	"github.com/sabench/sabench-stats/results"
	"github.com/sabench/sabench-stats/results/render"
)

var realIDs = []string{"SAB-L-001", "SAB-V0-001", "SAB-V0-166", "SAB-V0-167", "SAB-V1-001", "SAB-V1-011",
	"SAB-V2-001", "SAB-V2-016", "SAB-V2-018", "SAB-V3-001"}

// fixtureRelease is a small fixed release: the ten real cases and verdicts for two
// models × two harnesses, 3 repeats, plus static judgments, a strategy condition and an
// intervention, drawn from a fixed linear congruential sequence so every table has
// something to show.
func fixtureRelease(t *testing.T) *analysis.Release {
	t.Helper()
	cases, sets, vs := fixtureVerdicts(t)
	return analysis.NewRelease(cases, sets, vs, oracle.SafeAct)
}

// fixtureVerdicts are fixtureRelease's cases, sets and verdicts (each cell one run of them).
func fixtureVerdicts(t *testing.T) ([]*casespec.Case, map[string][]string, []oracle.Verdict) {
	t.Helper()
	var cases []*casespec.Case
	for i, id := range realIDs {
		c := realCase(t, id)
		c.Cluster, c.ClusterRule = fmt.Sprintf("tpl-%d", i/3), casespec.ClusterTemplate
		cases = append(cases, c)
	}
	v1 := realCase(t, "SAB-V1-001")
	cases = append(cases, &casespec.Case{ID: "SAB-V1-001@withheld", BaseID: "SAB-V1-001", Variant: "withheld", Protocol: ingest.V1, Domain: v1.Domain, Spec: v1.Spec})
	ch := analysis.PaperChoices()
	sets := map[string][]string{ch.SetT9: {"SAB-V1-001", "SAB-V1-011"}, ch.SetT10: {"SAB-V0-001", "SAB-V0-166", "SAB-V1-001"},
		ch.SetInterventions: {"SAB-V1-001"}}
	seed := uint64(12345)
	next := func() float64 {
		seed = seed*6364136223846793005 + 1442695040888963407
		return float64(seed>>11) / (1 << 53)
	}
	var vs []oracle.Verdict
	add := func(config, id string, p ingest.Protocol, domain string, rep int, cond string, static bool, pSuccess float64) {
		model, harness := ingest.SplitConfig(config)
		base, _ := ingest.SplitVariant(id)
		x := oracle.Fields{RunID: fmt.Sprintf("%s|%s|%d|%s", config, id, rep, cond), Config: config, Model: model, Harness: harness,
			CaseID: id, BaseCaseID: base, Protocol: p, Domain: domain, Repeat: rep, Condition: cond, Status: "completed",
			Static: static || p == ingest.Legacy, FirstAttemptIndex: -1, Official: -1}
		x.ECS = next() < pSuccess
		x.Attempted = p != ingest.V0 && next() < 0.8
		if x.Attempted {
			x.FirstAttemptIndex = 5
			x.CompleteAtFirstAttempt = next() < 0.6
		}
		x.CoverageComplete = next() < 0.6
		x.MissingAtCheckpoint = x.Attempted && !x.CompleteAtFirstAttempt
		if p >= ingest.V2 && x.Attempted {
			x.ExecutedCommits = 1 + int(next()*2)
		}
		if !x.ECS {
			x.FailureType = []string{"premature_action", "wrong_action", "inaction", "partial_workflow", "early_stop"}[int(next()*5)]
			if static {
				x.FailureType = "wrong_decision"
			}
		}
		// Usage from the key, not from next(), so that the other tables keep their draws;
		// static judgments report wall time only (the cost table's partial reporting).
		x.Usage = oracle.Usage{WallSeconds: float64(20 + 10*rep + len(id)%7), Known: oracle.UsageWall}
		if !x.Static {
			x.Usage.CostUSD, x.Usage.InputTokens, x.Usage.OutputTokens = 0.01*float64(1+rep), float64(1000+100*rep), float64(200+len(domain))
			x.Usage.Known |= oracle.UsageCost | oracle.UsageInput | oracle.UsageOutput
		}
		vs = append(vs, x.Verdict())
	}
	configs := []string{"M1/Family", "M1/Inspect", "M2/Family", "M2/Inspect"}
	for ci, config := range configs {
		for rep := 0; rep < 3; rep++ {
			for _, c := range cases[:10] {
				add(config, c.ID, c.Protocol, c.Domain, rep, "main", false, 0.35+0.1*float64(ci))
			}
		}
		for _, id := range sets[ch.SetT9] {
			add(config, id, ingest.V1, "customer_policy_qa", 0, "static", true, 0.9)
		}
		for _, c := range cases[:10] {
			add(config, c.ID, c.Protocol, c.Domain, 0, "scgr_eg", false, 0.6)
		}
		add(config, "SAB-V1-001@withheld", ingest.V1, v1.Domain, 0, "withheld", false, 0.5)
	}
	// One excluded episode, for the coverage table.
	vs = append(vs, oracle.Fields{Config: "M1/Family", Model: "M1", Harness: "Family", CaseID: "SAB-V3-001", BaseCaseID: "SAB-V3-001",
		Protocol: ingest.V3, Domain: cases[9].Domain, Repeat: 3, Condition: "main", Status: "infra_failure", Excluded: true,
		ExclusionReason: "infra_failure", FirstAttemptIndex: -1, Official: -1}.Verdict())
	return cases, sets, vs
}

func goldenStats() analysis.StatOptions {
	o := analysis.DefaultStatOptions()
	o.Resamples = 200
	o.Workers = 2
	return o
}

var update = flag.Bool("update", false, "rewrite the golden files in testdata/tables")

// TestGoldenTables renders every table of the fixture release in every format and
// compares with testdata/golden (go test ./analysis -run TestGoldenTables -update).
func TestGoldenTables(t *testing.T) {
	cases, sets, vs := fixtureVerdicts(t)
	r := analysis.NewRelease(cases, sets, vs, oracle.SafeAct)
	o := goldenStats()
	lax := analysis.NewRelease(cases, sets, relaxed(vs), oracle.Presets[3])
	tables, err := results.Build(&results.Input{Releases: []*analysis.Release{r, lax}, Stats: o, Choices: analysis.PaperChoices()}, results.Registry)
	if err != nil {
		t.Fatal(err)
	}
	for _, tb := range tables {
		for _, f := range render.Formats() {
			var buf bytes.Buffer
			if err := render.Render(&buf, tb, f); err != nil {
				t.Fatalf("%s %s: %v", tb.ID, f, err)
			}
			path := filepath.Join("testdata", "tables", tb.ID+"."+f.Ext())
			if *update {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				continue
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run with -update to create)", err)
			}
			if !bytes.Equal(buf.Bytes(), want) {
				t.Errorf("%s differs from the golden file; got:\n%s", path, buf.String())
			}
		}
	}
}

// relaxed is a stand-in for an outcome-only policy: every third failure passes.
func relaxed(vs []oracle.Verdict) []oracle.Verdict {
	out := append([]oracle.Verdict(nil), vs...)
	for i := range out {
		if !out[i].ECS() && i%3 == 0 {
			f := out[i].Fields()
			f.ECS, f.FailureType = true, ""
			out[i] = f.Verdict()
		}
	}
	return out
}

// TestTablesDoNotDependOnWorkers checks byte-identical output for -j 1 and -j 8.
func TestTablesDoNotDependOnWorkers(t *testing.T) {
	r := fixtureRelease(t)
	render := func(workers int) string {
		o := goldenStats()
		o.Workers = workers
		var buf bytes.Buffer
		for _, id := range []string{"T4", "T9", "T13", "interventions"} {
			tb := buildOne(t, r, id, o)
			if err := render.Render(&buf, tb, render.FormatJSON); err != nil {
				t.Fatal(err)
			}
		}
		return buf.String()
	}
	if a, b := render(1), render(8); a != b {
		t.Errorf("-j 1 and -j 8 differ:\n%s\n----\n%s", a, b)
	}
}

// TestTablesDoNotDependOnVerdictOrder interleaves the configurations' verdicts (the
// release then groups them by copying instead of sub-slicing) and expects the same
// per-configuration tables.
func TestTablesDoNotDependOnVerdictOrder(t *testing.T) {
	cases, sets, vs := fixtureVerdicts(t)
	r := analysis.NewRelease(cases, sets, vs, oracle.SafeAct)
	var interleaved []oracle.Verdict
	byConfig := map[string][]oracle.Verdict{}
	for _, v := range vs {
		byConfig[v.Config()] = append(byConfig[v.Config()], v)
	}
	for i := 0; ; i++ {
		added := false
		for _, c := range r.Configs() {
			if i < len(byConfig[c]) {
				interleaved = append(interleaved, byConfig[c][i])
				added = true
			}
		}
		if !added {
			break
		}
	}
	r2 := analysis.NewRelease(r.Cases, r.Sets, interleaved, r.Policy)
	o := goldenStats()
	for _, id := range []string{"T2", "T3", "T8", "variance", "failures"} {
		a, b := buildOne(t, r, id, o), buildOne(t, r2, id, o)
		var ba, bb bytes.Buffer
		render.Render(&ba, a, render.FormatCSV)
		render.Render(&bb, b, render.FormatCSV)
		if ba.String() != bb.String() {
			t.Errorf("%s depends on verdict order:\n%s\n---\n%s", id, ba.String(), bb.String())
		}
	}
}

// buildOne builds one single-release table of the registry.
func buildOne(t *testing.T, r *analysis.Release, id string, o analysis.StatOptions) *results.Table {
	t.Helper()
	s, err := results.Lookup(id)
	if err != nil {
		t.Fatal(err)
	}
	tb, err := s.Build(&results.Input{Releases: []*analysis.Release{r}, Stats: o, Choices: analysis.PaperChoices()})
	if err != nil {
		t.Fatalf("%s: %v", id, err)
	}
	return tb
}

// realCase loads one of the real release's cases from the ingest testdata.
func realCase(t *testing.T, id string) *casespec.Case {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "ingest", "testdata", "safeactbench", "cases", id+".json"))
	if err != nil {
		t.Fatal(err)
	}
	spec, err := jsonv.ParseObject(data)
	if err != nil {
		t.Fatal(err)
	}
	p, _ := ingest.ProtocolFromID(id)
	env, _ := spec.String("env_id")
	return &casespec.Case{ID: id, BaseID: id, Protocol: p, Domain: env, Spec: spec}
}
