package tau

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDeepJSONTextNamesTheMember: a call's arguments or a tool's reply holding JSON nested
// deeper than the readers take (valid JSON, which Python reads up to about 1,000 levels)
// was read as no JSON: the call as the agent's malformed call with arguments {}, the reply
// as text, whose facts the oracle then did not see. Both are problems naming the member, in
// τ-bench's and τ²-bench's files.
func TestDeepJSONTextNamesTheMember(t *testing.T) {
	deep := `{\"user_id\": \"a\", \"x\": ` + strings.Repeat("[", 600) + strings.Repeat("]", 600) + `}`
	sys := `{"role": "system", "content": "# Airline Agent Policy"}`
	call := func(args string) string {
		return `{"role": "assistant", "content": null, "tool_calls": [{"id": "c", "function": {"name": "get_user_details", "arguments": "` + args + `"}}]}`
	}
	cases := []struct{ body, want string }{
		{`[{"task_id": 1, "trial": 0, "reward": 1.0, "traj": [` + sys + `, ` + call(deep) + `, {"role": "tool", "tool_call_id": "c", "content": "{}"}]}]`,
			`[0].traj[1].tool_calls[0].function.arguments: a JSON text nested deeper than 512 levels, which is not read`},
		{`[{"task_id": 1, "trial": 0, "reward": 1.0, "traj": [` + sys + `, ` + call(`{\"user_id\": \"a\"}`) + `, {"role": "tool", "tool_call_id": "c", "content": "` + deep + `"}]}]`,
			`[0].traj[2].content: a JSON text nested deeper than 512 levels, which is not read`},
		{`{"info": {"environment_info": {"domain_name": "airline"}}, "simulations": [{"task_id": "1", "trial": 0, "reward_info": {"reward": 1.0}, "messages": [{"role": "assistant", "content": null, "tool_calls": [{"id": "c", "name": "get_user_details", "arguments": "` + deep + `"}]}]}]}`,
			`.messages[0].tool_calls[0].arguments: a JSON text nested deeper than 512 levels, which is not read`},
		{`{"info": {"environment_info": {"domain_name": "airline"}}, "simulations": [{"task_id": "1", "trial": 0, "reward_info": {"reward": 1.0}, "messages": [{"role": "assistant", "content": null, "tool_calls": [{"id": "c", "name": "get_user_details", "arguments": {"user_id": "a"}}]}, {"role": "tool", "id": "c", "content": "` + deep + `"}]}]}`,
			`.messages[1].content: a JSON text nested deeper than 512 levels, which is not read`},
	}
	for i, c := range cases {
		p := filepath.Join(t.TempDir(), "f.json")
		if err := os.WriteFile(p, []byte(c.body), 0o644); err != nil {
			t.Fatal(err)
		}
		r, err := ReadFile(p, Options{Config: "m/h"})
		if err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		if len(r.Problems) != 1 || !strings.Contains(r.Problems[0].String(), c.want) || len(r.Episodes) != 0 {
			t.Errorf("case %d: problems %v, %d episodes; want the one problem %q", i, r.Problems, len(r.Episodes), c.want)
		}
	}
}
