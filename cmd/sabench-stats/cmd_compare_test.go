package main

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/bootstrap"
)

// tableJSON is the JSON form of a results table.
type tableJSON struct {
	Table   string           `json:"table"`
	Columns []map[string]any `json:"columns"`
	Rows    []map[string]any `json:"rows"`
	Notes   []string         `json:"notes"`
}

func parseTables(t *testing.T, out string) []tableJSON {
	t.Helper()
	var many []tableJSON
	if err := json.Unmarshal([]byte(out), &many); err == nil {
		return many
	}
	var one tableJSON
	if err := json.Unmarshal([]byte(out), &one); err != nil {
		t.Fatalf("not table JSON: %v\n%s", err, out)
	}
	return []tableJSON{one}
}

func num(t *testing.T, row map[string]any, key string) float64 {
	t.Helper()
	x, ok := row[key].(float64)
	if !ok {
		t.Fatalf("row %v: %s = %#v, want a number", row["scope"], key, row[key])
	}
	return x
}

// caseStats recomputes, from score's lines, the ECS of one config's scored interactive
// main episodes on a set of cases and the majority vote per case.
type caseStats struct {
	n, c map[string]int // per base case: scored repeats, successes
}

func statsOf(lines []verdictLine, config, condition string) caseStats {
	s := caseStats{n: map[string]int{}, c: map[string]int{}}
	for _, l := range lines {
		if l.m["config"] != config || l.m["condition"] != condition || l.m["excluded"] == true ||
			l.m["static"] == true && l.m["protocol"] != "legacy" { // Legacy decisions are main results

			continue
		}
		id := l.m["base_case_id"].(string)
		s.n[id]++
		if l.m["ecs"] == true {
			s.c[id]++
		}
	}
	return s
}

// TestCompareNamesIgnoreCase: configuration names match case-insensitively and the output
// is the one for the release's spelling.
func TestCompareNamesIgnoreCase(t *testing.T) {
	t.Parallel()
	runs := subsetRuns(t)
	want, _ := mustRun(t, "compare", "Claude-5/Claude Code", "GLM-5.2/ZCode", "--bench", "builtin", "--runs", runs, "-j", "2", "--resamples", "0", "--format", "json")
	got, _ := mustRun(t, "compare", "claude-5/claude code", "GLM-5.2/zcode", "--bench", "builtin", "--runs", runs, "-j", "2", "--resamples", "0", "--format", "json")
	if got != want {
		t.Errorf("lower-case names give a different table:\n%s\nwant\n%s", got, want)
	}
}

func TestCompareConfigs(t *testing.T) {
	t.Parallel() // CPU-bound
	runs := subsetRuns(t)
	const a, b = "Claude-5/Claude Code", "GLM-5.2/ZCode"
	out, _ := mustRun(t, "compare", a, b, "--bench", "builtin", "--runs", runs, "-j", "2", "--resamples", "200", "--force", "--format", "json")
	ts := parseTables(t, out)
	if len(ts) != 1 || ts[0].Table != "compare" || len(ts[0].Rows) < 2 {
		t.Fatalf("want one compare table with an All row and protocol rows: %s", out)
	}
	sc, _ := mustRun(t, "score", "--bench", "builtin", "--runs", runs, "-j", "2")
	lines := parseVerdicts(t, sc)
	sa, sb := statsOf(lines, a, "main"), statsOf(lines, b, "main")
	var nA, cA, nB, cB, shared, onlyA, onlyB int
	for id := range sa.n {
		if sb.n[id] == 0 {
			continue
		}
		shared++
		nA, cA, nB, cB = nA+sa.n[id], cA+sa.c[id], nB+sb.n[id], cB+sb.c[id]
		ma, mb := 2*sa.c[id] > sa.n[id], 2*sb.c[id] > sb.n[id]
		if ma && !mb {
			onlyA++
		}
		if mb && !ma {
			onlyB++
		}
	}
	all := ts[0].Rows[0]
	if all["scope"] != "All" {
		t.Fatalf("first row %v", all)
	}
	ecsA, ecsB := 100*float64(cA)/float64(nA), 100*float64(cB)/float64(nB)
	if int(num(t, all, "cases")) != shared || int(num(t, all, "n_a")) != nA || int(num(t, all, "n_b")) != nB ||
		math.Abs(num(t, all, "ecs_a")-ecsA) > 1e-9 || math.Abs(num(t, all, "ecs_b")-ecsB) > 1e-9 {
		t.Errorf("All row %v; want %d cases, %d and %d episodes, ECS %.4f and %.4f", all, shared, nA, nB, ecsA, ecsB)
	}
	for _, row := range ts[0].Rows {
		d := num(t, row, "ecs_a") - num(t, row, "ecs_b")
		for _, k := range []string{"delta", "delta_clustered"} {
			if x := num(t, row, k); math.Abs(x-d) > 1e-9 {
				t.Errorf("%v: %s %v, want ECS A − ECS B = %v", row["scope"], k, x, d)
			}
			if lo, hi := num(t, row, k+"_lo"), num(t, row, k+"_hi"); !(lo <= d && d <= hi) {
				t.Errorf("%v: %s interval [%v, %v] misses the estimate %v", row["scope"], k, lo, hi, d)
			}
		}
	}
	p, err := bootstrap.McNemarExact(onlyA, onlyB)
	if err != nil {
		t.Fatal(err)
	}
	if int(num(t, all, "only_a")) != onlyA || int(num(t, all, "only_b")) != onlyB || math.Abs(num(t, all, "mcnemar_p")-p) > 1e-12 {
		t.Errorf("majority disagreement %v/%v p %v; want %d/%d p %v", all["only_a"], all["only_b"], all["mcnemar_p"], onlyA, onlyB, p)
	}
	if c := num(t, all, "clusters"); c < 1 || c > float64(shared) {
		t.Errorf("clusters %v for %d cases", c, shared)
	}

	// A protocol filter keeps only that protocol's row (and All, equal to it).
	out, _ = mustRun(t, "compare", a, b, "--bench", "builtin", "--runs", runs, "-j", "2", "--resamples", "0", "--format", "json", "--protocol", "v2")
	rows := parseTables(t, out)[0].Rows
	if len(rows) != 2 || rows[1]["scope"] != "V2" || rows[0]["ecs_a"] != rows[1]["ecs_a"] || rows[0]["delta"] != rows[1]["delta"] {
		t.Errorf("--protocol v2 rows: %v", rows)
	}
}

func TestCompareConditionsToDirectory(t *testing.T) {
	runs := subsetRuns(t)
	dir := filepath.Join(t.TempDir(), "cmp") + string(filepath.Separator)
	out, _ := mustRun(t, "compare", "--conditions", "--config", "GLM-5.2/Inspect", "scgr_eg", "main", "--bench", "builtin", "--runs", runs, "-j", "2",
		"--resamples", "100", "--force", "--format", "csv", "--out", dir)
	want := []string{"compare.csv", "compare.csv.meta.json", "compare_forest.svg", "compare_forest.pdf", "compare_forest.png"} // CSV keeps its provenance in the sidecar
	got := strings.Fields(out)
	if len(got) != len(want) {
		t.Fatalf("files %v, want %v", got, want)
	}
	for i, w := range want {
		if filepath.Base(got[i]) != w {
			t.Errorf("file %d is %s, want %s", i, got[i], w)
		}
		if st, err := os.Stat(got[i]); err != nil || st.Size() == 0 {
			t.Errorf("%s: %v", got[i], err)
		}
	}
	data, err := os.ReadFile(filepath.Join(dir, "compare.csv"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(data), "scope,cases,n_a,n_b,ecs_a,ecs_b,delta,delta_lo,delta_hi,") || !strings.Contains(string(data), "\nAll,") {
		t.Errorf("compare.csv:\n%s", data)
	}
}

func TestCompareUsage(t *testing.T) {
	runs := subsetRuns(t)
	wantUsage(t, "compare wants two arguments", "compare", "Claude-5/Inspect")
	wantUsage(t, "are both", "compare", "x", "x")
	wantUsage(t, "--config needs --conditions", "compare", "a", "b", "--config", "c")
	wantUsage(t, `unknown protocol "v9" (known: "legacy", "v0", "v1", "v2", "v3")`, "compare", "a", "b", "--protocol", "v9")
	wantUsage(t, `unknown configuration "nope" (known: "Claude-5/Claude Code", `, "compare", "Claude-5/Inspect", "nope", "--bench", "builtin", "--runs", runs, "--resamples", "0")
	wantUsage(t, `has no condition "nope"`, "compare", "--conditions", "--config", "Claude-5/Inspect", "main", "nope", "--bench", "builtin", "--runs", runs, "--resamples", "0")
	wantUsage(t, "which configuration?", "compare", "--conditions", "main", "scgr_eg", "--bench", "builtin", "--runs", runs, "--resamples", "0")
}

// TestConditionsRefuseCondition: with --conditions, A and B are the conditions, so
// --condition (the one two configurations are compared under) would be ignored; compare
// and power refuse it.
func TestConditionsRefuseCondition(t *testing.T) {
	for _, cmd := range []string{"compare", "power"} {
		wantUsage(t, cmd+": --condition applies to two configurations", cmd, "main", "scgr_eg", "--conditions", "--config", "Claude-5/Inspect", "--condition", "withheld")
	}
}

// TestCompareTablesTargetFirst: with two policies compare writes two tables, which one
// named file cannot take; that is refused before the episodes are read (the --runs here
// does not exist), not after scoring them.
func TestCompareTablesTargetFirst(t *testing.T) {
	out := filepath.Join(t.TempDir(), "c.md")
	wantUsage(t, "there are 2 tables", "compare", "a/b", "a/c", "--policy", "safeact,near-miss", "--out", out,
		"--bench", "builtin", "--runs", filepath.Join(t.TempDir(), "none.jsonl"))
}

// TestCompareInspectRefusesEpisodeFlagsFirst: compare --inspect refuses --runs and
// --verdicts as flags of SafeActBench episodes; it said "--runs needs --bench", and
// --bench was then refused as such a flag.
func TestCompareInspectRefusesEpisodeFlagsFirst(t *testing.T) {
	for _, f := range []string{"runs", "verdicts"} {
		wantUsage(t, "compare --inspect: --"+f+" applies to SafeActBench episodes", "compare", "--inspect", "a.eval", "b.eval", "--"+f, "x")
	}
}
