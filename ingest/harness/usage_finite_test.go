package harness

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A usage number the driver wrote that is not finite (Python writes a float NaN as a bare
// NaN) or not a number is a problem naming result.json and the field: it was copied into
// the episode, which validate and score then refused, or summed as NaN.
func TestInteractiveUsageNotFinite(t *testing.T) {
	src := filepath.Join(interactiveFixture, "SAB-V2-001.run2")
	for _, c := range []struct{ from, to, want string }{
		{`"cost_usd": 0.0029759999999999995`, `"cost_usd": NaN`, "result.json: cost_usd: must be a finite number or null, got NaN"},
		{`"cost": 0.0008479999999999999`, `"cost": Infinity`, "result.json: usage[0].usage.cost: must be a finite number or null, got +Inf"},
		{`"prompt_tokens": 1700`, `"prompt_tokens": "1700"`, "result.json: usage[0].usage.prompt_tokens: must be a number or null, got a string"},
		{`"cached_tokens": 1024`, `"cached_tokens": 1e999`, "result.json: usage[0].usage.prompt_tokens_details.cached_tokens: must be a finite number or null, got +Inf"},
	} {
		dir := copyTree(t, src)
		p := filepath.Join(dir, "result.json")
		b, _ := os.ReadFile(p)
		if !strings.Contains(string(b), c.from) {
			t.Fatalf("the fixture has no %s", c.from)
		}
		os.WriteFile(p, []byte(strings.Replace(string(b), c.from, c.to, 1)), 0o644)
		res := readInteractive(t, dir, Options{Config: glm})
		if !hasProblem(res.Problems, c.want) {
			t.Errorf("%s: problems %v, want %q", c.to, res.Problems, c.want)
		}
	}
}

// Claude Code's token and cost counts in a batch trace's stdout are held to the same rule
// as an interactive run's: a count that is not a finite number or null is a problem naming
// the trace and the field (they were skipped unsaid, leaving the episode without them); a
// stdout cut off before its JSON ends, or times that give no wall time, are a warning
// that those figures are unknown.
func TestBatchTraceUsageDefects(t *testing.T) {
	const trace = "traces/v1/SAB-V1-001.json"
	for _, c := range []struct{ from, to, problem, warning string }{
		{`input_tokens\":2300,`, `input_tokens\":\"2300\",`, trace + ": stdout.usage.input_tokens: must be a number or null, got a string", ""},
		{`\"total_cost_usd\":0.0625`, `\"total_cost_usd\":NaN`, trace + ": stdout.total_cost_usd: must be a finite number or null, got NaN", ""},
		{`output_tokens\":470}}`, `output_tokens\":47`, "", trace + ": stdout: not Claude Code's JSON result"},
		{`"finished_at": "2026-09-01T10:04:46Z"`, `"finished_at": "2026-09-01 10:04:46"`, "", trace + `: started_at "2026-09-01T10:04:05Z", finished_at "2026-09-01 10:04:46": not both RFC 3339 times; the run's wall time is unknown`},
		{`"finished_at": "2026-09-01T10:04:46Z"`, `"finished_at": "2026-09-01T10:03:46Z"`, "", trace + ": finished_at 2026-09-01T10:03:46Z is before started_at 2026-09-01T10:04:05Z; the run's wall time is unknown"},
	} {
		dir := copyTree(t, batchFixture)
		p := filepath.Join(dir, trace)
		b, _ := os.ReadFile(p)
		if !strings.Contains(string(b), c.from) {
			t.Fatalf("the fixture has no %s", c.from)
		}
		os.WriteFile(p, []byte(strings.Replace(string(b), c.from, c.to, 1)), 0o644)
		res := readBatch(t, dir, Options{Config: "claude-5/claude-code"})
		if c.problem != "" && !hasProblem(res.Problems, c.problem) {
			t.Errorf("%s: problems %v, want %q", c.to, res.Problems, c.problem)
		}
		if c.warning != "" {
			warned := false
			for _, w := range res.Warnings {
				warned = warned || strings.Contains(w, c.warning)
			}
			if !warned || len(res.Problems) != 0 {
				t.Errorf("%s: warnings %v, problems %v; want the warning %q and no problem", c.to, res.Warnings, res.Problems, c.warning)
			}
		}
	}
}
