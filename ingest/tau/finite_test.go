package tau

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A reward or a usage number that is not finite (Python writes a float NaN bare, 1e400
// reads as infinite) is a problem naming the member: a NaN reward was written as an
// unsuccessful episode with "reward": NaN, a NaN cost into the episode's usage.
func TestNotFiniteNamesTheMember(t *testing.T) {
	dir := t.TempDir()
	sim := func(fields string) string {
		return `{"info": {"environment_info": {"domain_name": "retail"}}, "simulations": [{"task_id": "1", "trial": 0, ` + fields +
			`, "messages": [{"role": "user", "content": "hi"}, {"role": "assistant", "content": "ok", "usage": {"prompt_tokens": 5, "completion_tokens": 1}}]}]}`
	}
	cases := []struct{ body, want string }{
		{`[{"task_id": 1, "trial": 0, "reward": NaN, "traj": [{"role": "system", "content": "# Airline Agent Policy"}]}]`, `[0].reward: must be a finite number, got NaN`},
		{`[{"task_id": 1, "trial": 0, "reward": 1e400, "traj": [{"role": "system", "content": "# Airline Agent Policy"}]}]`, `[0].reward: must be a finite number, got +Inf`},
		{sim(`"reward_info": {"reward": -Infinity}`), `[0].reward_info.reward: must be a finite number, got -Inf`},
		{sim(`"reward_info": {"reward": 1.0}, "agent_cost": NaN`), `[0].agent_cost: must be a finite number or null, got NaN`},
		{sim(`"reward_info": {"reward": 1.0}, "duration": "41s"`), `[0].duration: must be a finite number or null, got a string`},
		{strings.Replace(sim(`"reward_info": {"reward": 1.0}`), `"prompt_tokens": 5`, `"prompt_tokens": Infinity`, 1),
			`[0].messages[1].usage.prompt_tokens: must be a finite number or null, got +Inf`},
	}
	for i, c := range cases {
		p := filepath.Join(dir, "f.json")
		os.WriteFile(p, []byte(c.body), 0o644)
		r, err := ReadFile(p, Options{Config: "m/h"})
		if err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		if len(r.Problems) == 0 || !strings.Contains(r.Problems[0].String(), c.want) || len(r.Episodes) != 0 {
			t.Errorf("case %d: problems %v, %d episodes; want one containing %q", i, r.Problems, len(r.Episodes), c.want)
		}
	}
	// The same simulation with finite numbers reads.
	p := filepath.Join(dir, "ok.json")
	os.WriteFile(p, []byte(sim(`"reward_info": {"reward": 1.0}, "agent_cost": null, "duration": 2`)), 0o644)
	if r, err := ReadFile(p, Options{Config: "m/h"}); err != nil || len(r.Problems) != 0 || len(r.Episodes) != 1 {
		t.Fatalf("a good simulation: %v %v", err, r.Problems)
	}
}
