package main

import (
	"math"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestPowerBuiltin plans Claude-5/Claude Code against Claude-5/Inspect on the built-in
// release (656 cases × 3 repeats) and checks the plan by simulation: the planner's MDE is
// detected in 80% of simulated studies within 3 Monte Carlo standard errors, for case and
// template resampling; the cases for a 2-point Δ are more than the pilot's, and no number
// of repeats at 656 cases reaches it (τ² alone leaves an MDE above 2 points).
func TestPowerBuiltin(t *testing.T) {
	if testing.Short() {
		t.Skip("simulation")
	}
	t.Parallel()
	out, errOut, code := runCLI(t, "power", "Claude-5/Claude Code", "Claude-5/Inspect", "--delta", "2", "--simulate", "400",
		"--resamples", "1000", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	tb := parseTables(t, out)[0]
	if tb.Table != "power" || len(tb.Rows) != 2 {
		t.Fatalf("table %q with %d rows", tb.Table, len(tb.Rows))
	}
	for _, row := range tb.Rows {
		if num(t, row, "cases") != 656 || num(t, row, "repeats") != 3 {
			t.Errorf("%v: design %v × %v", row["analysis"], row["cases"], row["repeats"])
		}
		mde, p, se := num(t, row, "mde"), num(t, row, "sim_power"), num(t, row, "sim_se")
		if !(mde > 2 && mde < 6) {
			t.Errorf("%v: MDE %v points", row["analysis"], mde)
		}
		if math.Abs(p-0.8) > 3*math.Sqrt(0.8*0.2/400) {
			t.Errorf("%v: simulated power %v ± %v at the MDE, planned 0.8", row["analysis"], p, se)
		}
		if n := num(t, row, "cases_needed"); !(n > 656) {
			t.Errorf("%v: %v cases for 2 points", row["analysis"], n)
		}
		if row["repeats_needed"] != nil {
			t.Errorf("%v: repeats for 2 points %v, want none (unreachable)", row["analysis"], row["repeats_needed"])
		}
	}
	notes := strings.Join(tb.Notes, "\n")
	for _, want := range []string{"within-case correlation (ICC)", "168 clusters by template_id", "synthetic"} {
		if !strings.Contains(notes, want) {
			t.Errorf("notes lack %q:\n%s", want, notes)
		}
	}
}

// TestPowerStated plans from stated rates without reading a release, matching the
// textbook formula; flags that need a pilot are refused.
func TestPowerStated(t *testing.T) {
	out, errOut, code := runCLI(t, "power", "60%", "0.5", "--cases", "500", "--repeats", "1", "--delta", "5", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	row := parseTables(t, out)[0].Rows[0]
	// n = (1.959964 + 0.841621)²·(0.24 + 0.25)/0.05² = 1538.4 → 1539.
	if got := num(t, row, "cases_needed"); got != 1539 {
		t.Errorf("cases for 5 points = %v, want 1539", got)
	}
	for _, args := range [][]string{
		{"power", "0.6", "0.5", "--cases", "10", "--repeats", "1", "--simulate", "10"},
		{"power", "0.6", "Claude-5/Inspect"},
		{"power", "Claude-5/Claude Code", "Claude-5/Inspect", "--icc", "0.3"},
		{"power", "Claude-5/Claude Code", "Claude-5/Inspect", "--level", "0.9"},
		{"power", "0.6", "0.5", "--repeats", "1"},
	} {
		if _, _, code := runCLI(t, args...); code != 2 {
			t.Errorf("%q: exit %d, want 2", args, code)
		}
	}
}

// TestPowerOptionRanges: an option out of range is a usage error naming its flags (the
// messages of each range: results/job's TestCheckPower).
func TestPowerOptionRanges(t *testing.T) {
	_, errOut, code := runCLI(t, "power", "0.6", "0.5", "--cases", "100", "--repeats", "1", "--alpha", "1")
	if want := "power: --alpha and --power must be in (0, 1)\n"; code != 2 || !strings.Contains(errOut, want) {
		t.Errorf("exit %d, %q; want 2 and %q", code, errOut, want)
	}
}

// TestPowerRefusesUnequalRepeats: a strategy condition of one repeat against main's three
// would be planned with a wrong within-case variance; it is refused.
func TestPowerRefusesUnequalRepeats(t *testing.T) {
	t.Parallel()
	_, errOut, code := runCLI(t, "power", "scgr_eg", "main", "--conditions", "--config", "Claude-5/Claude Code")
	if code != 1 || !strings.Contains(errOut, "the same number in both arms") {
		t.Errorf("exit %d: %s", code, errOut)
	}
}

// TestPowerRefusesUnusedDrawFlags: the plan is computed, not drawn, so --seed, --resamples,
// --quantile and --force change nothing without --simulate; they are refused there (and
// with stated rates, which have no simulation), not ignored.
func TestPowerRefusesUnusedDrawFlags(t *testing.T) {
	pilot := []string{"power", "Claude-5/Claude Code", "Claude-5/Inspect"}
	stated := []string{"power", "0.6", "0.5", "--cases", "100", "--repeats", "1"}
	for _, f := range [][]string{{"--seed", "3"}, {"--resamples", "2000"}, {"--quantile", "r"}, {"--force"}} {
		wantUsage(t, "power: "+f[0]+" applies to --simulate", append(append([]string{}, pilot...), f...)...)
		wantUsage(t, "power: "+f[0]+" needs a pilot", append(append([]string{}, stated...), f...)...)
	}
}

// TestPowerPilotNoteNamesNoRelease: a pilot read with --runs from synthetic cases is
// synthetic, but not "the built-in synthetic release" the note called every such pilot;
// nor is it synthetic data: only its cases are (its episodes are the user's).
func TestPowerPilotNoteNamesNoRelease(t *testing.T) {
	out, _ := mustRun(t, "power", "Claude-5/Claude Code", "Claude-5/Inspect", "--bench", "builtin", "--runs", subsetRuns(t), "--format", "json")
	notes := strings.Join(parseTables(t, out)[0].Notes, "\n")
	if strings.Contains(notes, "built-in synthetic release") || !strings.Contains(notes, "The pilot's cases are synthetic, its episodes the user's") || strings.Contains(notes, "The pilot is synthetic data") {
		t.Errorf("notes:\n%s", notes)
	}
}

// TestPowerSimulateNeedsResamples: --simulate with --resamples 0 printed a simulated power
// (0.800) "tested by the paired percentile bootstrap (0 resamples)"; it is refused.
func TestPowerSimulateNeedsResamples(t *testing.T) {
	wantUsage(t, "power: --simulate needs resamples (not --resamples 0)", "power", "GLM-5.2/ZCode", "GLM-5.2/Inspect", "--simulate", "20", "--resamples", "0")
}

// TestPowerRefusesSeveralPolicyDataset: a verdict dataset of two policies was planned from
// the first, named in a note; it is refused, as two --policy values are from episodes.
func TestPowerRefusesSeveralPolicyDataset(t *testing.T) {
	t.Parallel()
	runs, dir := subsetRuns(t), filepath.Join(t.TempDir(), "d")
	mustRun(t, "score", "--bench", "builtin", "--runs", runs, "--policy", "safeact", "--policy", "near-miss", "--format", "parquet", "--out", dir)
	wantUsage(t, "power: the verdict dataset holds 2 policies (safeact, near-miss) and power plans from one", "power", "Claude-5/Claude Code", "Claude-5/Inspect", "--bench", "builtin", "--verdicts", dir)
	help, _, _ := runCLI(t, "power", "-h")
	if !strings.Contains(help, "a dataset of one policy (power plans from one; one of several is refused)") {
		t.Errorf("power -h does not say a dataset of several policies is refused:\n%s", help)
	}
	// One policy is planned from.
	one := filepath.Join(t.TempDir(), "one")
	mustRun(t, "score", "--bench", "builtin", "--runs", runs, "--policy", "near-miss", "--format", "parquet", "--out", one)
	mustRun(t, "power", "Claude-5/Claude Code", "Claude-5/Inspect", "--bench", "builtin", "--verdicts", one)
}

// TestPowerSaysVariancesAreFloored: on the real cases with A failing every case in its
// first repeat and passing the other two, and B passing all, every case's Δ is −1/3, so
// the sample variance of the per-case Δs (0) less the repeats' noise is negative
// (W_A = 1/3 for 2 successes in 3 repeats, so −W_A/3 = −0.111); the note printed "τ² = 0.00000" with "method of
// moments" and did not say the estimate is set to 0, as the variance table now says of
// its ICC.
func TestPowerSaysVariancesAreFloored(t *testing.T) {
	t.Parallel()
	runs := writeRepeats(t, realCases, []string{"m/a", "m/b"}, 3, func(config, _ string, repeat int) bool {
		return config == "m/a" && repeat == 0
	})
	out, _ := mustRun(t, "power", "m/a", "m/b", "--bench", filepath.Join(ingestTestdata, "safeactbench"), "--runs", runs, "--format", "json")
	notes := strings.Join(parseTables(t, out)[0].Notes, "\n")
	if !strings.Contains(notes, "between-case variance of the true Δ τ² = 0.00000") ||
		!strings.Contains(notes, "a between-case variance whose estimate is negative is set to 0, and so are the ICCs built on it") {
		t.Errorf("power notes:\n%s\nwant τ² = 0 and that it is floored", notes)
	}
}

// TestPowerRefusesGivenZero: 0 is these flags' "not given", so --delta 0 printed the plan
// without a power column (the power at Δ 0 is the test's size, α: no study detects it) and
// --cases 0 planned at the pilot's cases; a 0 given is refused, with or without a pilot.
func TestPowerRefusesGivenZero(t *testing.T) {
	pilot := []string{"power", "Claude-5/Claude Code", "Claude-5/Inspect"}
	for _, f := range []string{"--delta", "--cases", "--repeats", "--templates"} {
		wantUsage(t, "power: "+f+" 0: ", append(append([]string{}, pilot...), f, "0")...)
		stated := []string{"power", "0.6", "0.5", "--cases", "100", "--repeats", "1", "--templates", "10", "--delta", "5"}
		stated[slices.Index(stated, f)+1] = "0"
		wantUsage(t, "power: "+f+" 0: ", stated...)
	}
}

// TestPowerOneRepeatNote: the note of a plan at one repeat said "at 1 repeats".
func TestPowerOneRepeatNote(t *testing.T) {
	out, _ := mustRun(t, "power", "0.5", "0.4", "--cases", "100", "--repeats", "1", "--templates", "10", "--format", "json")
	notes := strings.Join(parseTables(t, out)[0].Notes, "\n")
	if !strings.Contains(notes, "at 1 repeat)") || strings.Contains(notes, "1 repeats") {
		t.Errorf("notes:\n%s", notes)
	}
}
