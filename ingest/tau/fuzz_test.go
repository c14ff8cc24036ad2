package tau

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzReadBytes: no input makes the reader panic; every episode it returns has a record
// with an events list and an official verdict or an excluded status.
func FuzzReadBytes(f *testing.F) {
	for _, name := range []string{"tau2-handmade.json"} {
		data, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(`[{"task_id": 1, "trial": 0, "reward": 1.0, "traj": [{"role": "system", "content": "# Airline Agent Policy"}, {"role": "assistant", "content": null, "tool_calls": [{"id": "c", "function": {"name": "cancel_reservation", "arguments": "{\"reservation_id\": \"X\"}"}}]}, {"role": "tool", "tool_call_id": "c", "content": "Error: no"}]}]`))
	f.Add([]byte(`[{"task_id": 1, "trial": 0, "reward": 1.0, "traj": [{"role": "assistant", "tool_calls": [{"function": {"name": "think", "arguments": "not json"}}]}]}]`))
	f.Add([]byte(`{"simulations": [{"task_id": "1", "trial": 0, "messages": [{"role": "user", "content": "hi", "tool_calls": [{"name": "x", "arguments": {}}]}], "reward_info": {"reward": 0}}], "info": {"environment_info": {"domain_name": "retail"}}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := ReadBytes("f.json", data, Options{Config: "m/h"})
		if err != nil {
			return
		}
		for _, e := range r.Episodes {
			if _, ok := e.Record.List("events"); !ok {
				t.Fatalf("episode %s without events", e.CaseID)
			}
			if e.Official == nil && e.Status == "completed" {
				t.Fatalf("completed episode %s without an official verdict", e.CaseID)
			}
		}
	})
}
