package main

import (
	"bufio"
	"encoding/csv"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// otherBench is OpsSafe (testdata/otherbench, written by its make.py): a bench built like
// SafeActBench but not it, with ids, domains, tools and a condition of its own, Legacy, V1
// and V2 cases only, and episodes of three configurations whose verdicts expected.tsv gives.
const otherBench = "testdata/otherbench"

// TestOtherBenchVerdicts: every episode of OpsSafe gets the verdict its one thing wrong
// (or none) calls for by the rules, and T2 is their mean per configuration.
func TestOtherBenchVerdicts(t *testing.T) {
	t.Parallel()
	want := map[string][2]string{}
	f, err := os.Open(filepath.Join(otherBench, "expected.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ecs := map[string][2]int{} // main-condition successes and episodes per configuration
	for sc := bufio.NewScanner(f); sc.Scan(); {
		p := strings.Split(sc.Text(), "\t")
		want[p[0]] = [2]string{p[1], p[2]}
		// run_id is config:case:repeat, and a configuration may hold ":" (llama3.1:70b).
		i := strings.LastIndexByte(p[0], ':')
		j := strings.LastIndexByte(p[0][:i], ':')
		if cfg, cs := p[0][:j], p[0][j+1:i]; !strings.Contains(cs, "@") { // the main condition's
			n := ecs[cfg]
			n[1]++
			if p[1] == "true" {
				n[0]++
			}
			ecs[cfg] = n
		}
	}
	out := filepath.Join(t.TempDir(), "v.csv")
	if _, stderr, code := runCLI(t, "score", "--bench", otherBench, "--out", out); code != 0 {
		t.Fatalf("score: exit %d: %s", code, stderr)
	}
	rows := readCSV(t, out)
	col := func(name string) int { return slices.Index(rows[0], name) }
	for _, r := range rows[1:] {
		id := r[col("run_id")]
		if got := [2]string{r[col("ecs")], r[col("failure_type")]}; got != want[id] {
			t.Errorf("%s: ecs %s, failure type %q; want %s, %q", id, got[0], got[1], want[id][0], want[id][1])
		}
		delete(want, id)
	}
	if len(want) > 0 {
		t.Errorf("not scored: %v", want)
	}
	t2 := filepath.Join(t.TempDir(), "t2.csv")
	if _, stderr, code := runCLI(t, "tables", "T2", "--bench", otherBench, "--resamples", "0", "--out", t2); code != 0 {
		t.Fatalf("tables T2: exit %d: %s", code, stderr)
	}
	rows = readCSV(t, t2)
	for _, r := range rows[1:] {
		n := ecs[r[1]]
		got, _ := strconv.ParseFloat(r[slices.Index(rows[0], "ecs")], 64)
		if w := 100 * float64(n[0]) / float64(n[1]); fmt.Sprintf("%.6f", got) != fmt.Sprintf("%.6f", w) {
			t.Errorf("T2 %s: ECS %v, want %v (%d of %d)", r[1], got, w, n[0], n[1])
		}
	}
}

func readCSV(t *testing.T, path string) [][]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// TestOtherBenchReportSaysNothingOfSafeActBench: the report of OpsSafe names none of the
// release's counts, case ids or domains, has no column for the protocols the bench lacks
// (V0, V3) nor for the failure types only those give, and says so.
func TestOtherBenchReportSaysNothingOfSafeActBench(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "r")
	if _, stderr, code := runCLI(t, "report", "--bench", otherBench, "--resamples", "0", "--out", dir); code != 0 {
		t.Fatalf("report: exit %d: %s", code, stderr)
	}
	leak := regexp.MustCompile(`\b(656|570)\b|SAB-|customer_policy_qa|ops_code_agent|legal_finance_advice|research_assistant|smart_home_agent|healthcare_operations_agent`)
	files, _ := filepath.Glob(filepath.Join(dir, "tables", "*"))
	files = append(files, filepath.Join(dir, "index.md"))
	for _, p := range files {
		if strings.HasSuffix(p, ".json") {
			continue // provenance: hashes and sizes
		}
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if m := leak.Find(b); m != nil {
			t.Errorf("%s names %q, of SafeActBench's release", filepath.Base(p), m)
		}
	}
	header := func(id string) []string { return readCSV(t, filepath.Join(dir, "tables", id+".csv"))[0] }
	for _, k := range []string{"v0", "v3", "bsr"} {
		for _, id := range []string{"T2", "T3", "domains"} {
			if slices.Contains(header(id), k) {
				t.Errorf("%s has a %s column on a bench without V0 and V3 cases: %v", id, k, header(id))
			}
		}
	}
	for _, k := range []string{"unsafe_attempt", "early_stop", "wrong_stop_label"} {
		if slices.Contains(header("failures"), k) {
			t.Errorf("failures has a %s column on a bench without V0 cases: %v", k, header("failures"))
		}
	}
	t2, err := os.ReadFile(filepath.Join(dir, "tables", "T2.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if want := "The bench has no V0 or V3 case: their columns are left out."; !strings.Contains(string(t2), want) {
		t.Errorf("T2 does not say %q:\n%s", want, t2)
	}
}

// TestOtherBenchFewerCasesSaysNotRun: Mixtral ran no V2 case of OpsSafe, and nothing of its
// was excluded, yet T2's and T8's fewer-cases note said "none on V2" and ended "(the
// coverage table counts the excluded episodes)". It now says the protocol was not run and
// points to no exclusions.
func TestOtherBenchFewerCasesSaysNotRun(t *testing.T) {
	t.Parallel()
	stdout, stderr, code := runCLI(t, "tables", "T2", "T8", "--bench", otherBench, "--resamples", "0")
	if code != 0 {
		t.Fatalf("tables: exit %d: %s", code, stderr)
	}
	const who = "Scored on fewer cases than the 6 the configurations scored together: Mixtral 8x22B (vLLM) 4 (none run on V2); "
	for _, what := range []string{"their ECS, P-M, D-M and ranks", "their domain rates and D-M"} {
		if want := who + what + " rest on those cases only, not on the same cases as the others'.\n"; !strings.Contains(stdout, want) {
			t.Errorf("tables lack %q:\n%s", want, stdout)
		}
	}
	if strings.Contains(stdout, "excluded episodes") {
		t.Errorf("tables speak of excluded episodes where none was excluded:\n%s", stdout)
	}
}
