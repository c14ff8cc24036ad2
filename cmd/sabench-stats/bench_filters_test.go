package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFiltersTheBenchLacks: a --protocol (compare, domains, power) or --domain (domains)
// naming what no case of the bench has is refused once the bench is loaded, before
// scoring (exit 2): on the τ-bench airline bench, all V1, compare --protocol v3 printed
// a row of zeros and dashes at exit 0, domains --protocol v3 a table without rows,
// power failed after scoring (exit 1), and domains --domain retail was refused only
// after scoring.
func TestFiltersTheBenchLacks(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.jsonl"), filepath.Join(dir, "b.jsonl")
	for _, c := range []struct{ out, config string }{{a, "gpt-4o/tool-calling"}, {b, "gpt-4o/again"}} {
		if _, stderr, code := runCLI(t, "ingest", "--tau", tauShared, "--config", c.config, "--out", c.out); code != 0 {
			t.Fatal(stderr)
		}
	}
	tau := []string{"--bench", "tau-bench:airline", "--runs", a, "--runs", b, "--resamples", "0"}
	out := filepath.Join(dir, "out")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"compare", "gpt-4o/tool-calling", "gpt-4o/again", "--protocol", "v1,v3", "--out", out + ".txt"}, "--protocol v3: the bench has no V3 case (it has V1)"},
		{[]string{"domains", "--protocol", "v3", "--out", out + ".txt"}, "--protocol v3: the bench has no V3 case (it has V1)"},
		{[]string{"domains", "--domain", "retail", "--out", out + ".txt"}, `--domain: unknown domain "retail" (known: "airline"): no case of the bench has it`},
		{[]string{"power", "gpt-4o/tool-calling", "gpt-4o/again", "--protocol", "legacy", "--out", out + ".txt"}, "--protocol legacy: the bench has no Legacy case (it has V1)"},
	} {
		args := append(c.args, tau...)
		if c.args[0] == "power" {
			args = args[:len(args)-2] // power takes no --resamples without --simulate
		}
		_, stderr, code := runCLI(t, args...)
		if code != 2 || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, want 2 and %q:\n%s", c.args, code, c.want, stderr)
		}
		if _, err := os.Stat(out + ".txt"); err == nil {
			t.Fatalf("%v: wrote the output", c.args)
		}
	}
	// The protocol the bench has is taken.
	if _, stderr, code := runCLI(t, append([]string{"domains", "--protocol", "v1", "--domain", "airline"}, tau...)...); code != 0 {
		t.Errorf("domains --protocol v1 --domain airline: exit %d: %s", code, stderr)
	}
}

// TestClusteredOneCaseClusters: --clustered on a bench whose every cluster is one case
// (no template_id, contrast pair or derived case) printed the case-resampled numbers
// under "resamples of clusters". It was refused by the name tau-bench: only; any bench of
// such clusters is refused once loaded, before scoring, unless --clusters gives others.
func TestClusteredOneCaseClusters(t *testing.T) {
	dir := t.TempDir()
	bench := filepath.Join(dir, "cases")
	if err := os.Mkdir(bench, 0o755); err != nil {
		t.Fatal(err)
	}
	ids := []string{"SAB-V1-001", "SAB-V2-001"}
	for _, id := range ids {
		b, err := os.ReadFile(filepath.Join(realCases, id+".json"))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(bench, id+".json"), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	all, err := os.ReadFile(filepath.Join(harnessTestdata, "batch.golden.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	var keep []string
	for _, l := range strings.Split(strings.TrimSpace(string(all)), "\n") {
		for _, id := range ids {
			if strings.Contains(l, `"case_id":"`+id+`"`) {
				keep = append(keep, l)
			}
		}
	}
	runs := filepath.Join(dir, "runs.jsonl")
	if err := os.WriteFile(runs, []byte(strings.Join(keep, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	args := []string{"tables", "T2", "--bench", bench, "--runs", runs, "--resamples", "0"}
	wantUsage(t, "--clustered on "+bench+" needs --clusters FILE: every cluster of it holds one case (its clusters: 2 from case (2 cases))", append(args, "--clustered")...)
	mustRun(t, args...)
	// The shared real cases have a derived cluster of two: taken.
	mustRun(t, append([]string{"tables", "T2", "--clustered"}, append(fixtureArgs, "--resamples", "0")...)...)
}
