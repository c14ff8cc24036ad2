package tau

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// FuzzReadBytes: no input makes the reader panic; an error names the file; every episode
// it returns has a record with an events list and an official verdict or an excluded
// status, and is an episode the JSONL decoder reads back as written.
func FuzzReadBytes(f *testing.F) {
	for _, name := range []string{"tau2-handmade.json", "retail-handmade.json"} {
		data, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	// Four of the published airline trajectories, each a file of its own (the whole file is
	// 1.8 MB, too large a seed to mutate).
	data, err := os.ReadFile(filepath.Join("testdata", "gpt-4o-airline-tasks25-49.json"))
	if err != nil {
		f.Fatal(err)
	}
	trajs, err := jsonv.Parse(data)
	if err != nil {
		f.Fatal(err)
	}
	for _, tr := range trajs.([]any)[:4:4] {
		f.Add(jsonv.Marshal([]any{tr}))
	}
	f.Add([]byte(`[{"task_id": 1, "trial": 0, "reward": 1.0, "traj": [{"role": "system", "content": "# Airline Agent Policy"}, {"role": "assistant", "content": null, "tool_calls": [{"id": "c", "function": {"name": "cancel_reservation", "arguments": "{\"reservation_id\": \"X\"}"}}]}, {"role": "tool", "tool_call_id": "c", "content": "Error: no"}]}]`))
	f.Add([]byte(`[{"task_id": 1, "trial": 0, "reward": 1.0, "traj": [{"role": "assistant", "tool_calls": [{"function": {"name": "think", "arguments": "not json"}}]}]}]`))
	f.Add([]byte(`{"simulations": [{"task_id": "1", "trial": 0, "messages": [{"role": "user", "content": "hi", "tool_calls": [{"name": "x", "arguments": {}}]}], "reward_info": {"reward": 0}}], "info": {"environment_info": {"domain_name": "retail"}}}`))
	// A call's arguments and a tool's reply holding JSON text nested past the limit.
	deep := strings.Repeat("[", 600) + strings.Repeat("]", 600)
	f.Add([]byte(`[{"task_id": 1, "trial": 0, "reward": 1.0, "traj": [{"role": "assistant", "content": null, "tool_calls": [{"id": "c", "function": {"name": "get_user_details", "arguments": "{\"user_id\": ` + deep + `}"}}]}, {"role": "tool", "tool_call_id": "c", "content": "{\"a\": ` + deep + `}"}]}]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := ReadBytes("f.json", data, Options{Config: "m/h"})
		if err != nil {
			if !strings.HasPrefix(err.Error(), "f.json") {
				t.Fatalf("the error does not name the file: %v", err)
			}
			return
		}
		var lines []byte
		for _, e := range r.Episodes {
			lines = ingest.AppendEpisodeJSON(lines, e)
			lines = append(lines, '\n')
			if _, ok := e.Record.List("events"); !ok {
				t.Fatalf("episode %s without events", e.CaseID)
			}
			if e.Official == nil && e.Status == "completed" {
				t.Fatalf("completed episode %s without an official verdict", e.CaseID)
			}
		}
		path := filepath.Join(t.TempDir(), "e.jsonl")
		if err := os.WriteFile(path, lines, 0o644); err != nil {
			t.Fatal(err)
		}
		back := readEpisodes(t, path)
		if len(back) != len(r.Episodes) {
			t.Fatalf("%d episodes written, %d read back", len(r.Episodes), len(back))
		}
		for i, e := range back {
			if got, want := ingest.AppendEpisodeJSON(nil, e), ingest.AppendEpisodeJSON(nil, r.Episodes[i]); string(got) != string(want) {
				t.Fatalf("episode %d read back as\n%s\nwant\n%s", i, got, want)
			}
		}
	})
}

func readEpisodes(t *testing.T, path string) []*ingest.Episode {
	r, err := ingest.OpenEpisodes(path, ingest.ReadOptions{})
	if err != nil {
		t.Fatalf("written episodes do not open: %v", err)
	}
	defer r.Close()
	var out []*ingest.Episode
	for {
		e, err := r.Next()
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatalf("a written episode does not read back: %v", err)
		}
		out = append(out, e)
	}
}
