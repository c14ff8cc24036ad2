package ingest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Configurations and conditions may hold "|": two episodes without run ids, one of config
// "c" under condition "main|K|0|main", the other of config "c|K|0|main" under "main",
// derived one run id, and the second was refused as a duplicate run_id.
func TestDeriveRunIDKeepsKeysApart(t *testing.T) {
	a := Key{Config: "c", CaseID: "SAB-V1-001", Condition: "main|SAB-V1-001|0|main"}
	b := Key{Config: "c|SAB-V1-001|0|main", CaseID: "SAB-V1-001", Condition: "main"}
	if DeriveRunID(a) == DeriveRunID(b) {
		t.Errorf("two keys, one run id %q", DeriveRunID(a))
	}
	for k, want := range map[Key]string{
		{Config: "o1-mini | tools", CaseID: "K", Repeat: 2, Condition: "main"}: `o1-mini \| tools|K|2|main`,
		{Config: `a\`, CaseID: "|K", Condition: "main"}:                        `a\\|\|K|0|main`,
		{Config: "gpt/h", CaseID: "K", Repeat: 1, Condition: "main"}:           "gpt/h|K|1|main",
	} {
		if got := DeriveRunID(k); got != want {
			t.Errorf("DeriveRunID(%+v) = %q, want %q", k, got, want)
		}
	}
	line := func(config, cond, ep string) string {
		return `{"schema":"sabench.episode/v1","config":"` + config + `","case_id":"SAB-V1-001","repeat":0,"condition":"` + cond +
			`","record":{"schema_version":1,"env_id":"customer_policy_qa","episode_id":"` + ep + `","events":[]}}` + "\n"
	}
	path := filepath.Join(t.TempDir(), "runs.jsonl")
	if err := os.WriteFile(path, []byte(line("c", "main|SAB-V1-001|0|main", "e1")+line("c|SAB-V1-001|0|main", "main", "e2")), 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := OpenEpisodes(path, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	got, probs := collect(t, r)
	if len(got) != 2 || len(probs) != 0 {
		t.Errorf("%d episodes, problems %v", len(got), probs)
	}
	for _, p := range probs {
		if strings.Contains(p.Msg, "duplicate run_id") {
			t.Errorf("refused as a duplicate: %v", p)
		}
	}
}
