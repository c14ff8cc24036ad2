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
