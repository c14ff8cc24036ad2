package tau

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Files of other formats given to ingest --tau say what they look like. Before, HELM's
// per-instance array was read as τ-bench trajectories ("tau-bench, domain , 0
// trajectories" and a problem per member), an Inspect JSON log or a case spec was "a JSON
// object without simulations[]", and gzip data "invalid JSON: column 1".
func TestForeignFiles(t *testing.T) {
	const not = ", not τ-bench results (an array of EnvRunResult) or τ²-bench results (an object with simulations[])"
	dir := t.TempDir()
	for _, c := range []struct{ name, body, want string }{
		{"helm.json", `[{"instance_id": "id1", "train_trial_index": 0, "stats": []}]`, "looks like a JSON array of HELM per-instance results (instance_id, stats)" + not},
		{"log.json", "{\n  \"version\": 2,\n  \"status\": \"success\",\n  \"eval\": {\"task\": \"popularity\"}\n}\n", "looks like an Inspect JSON log" + not + ": Inspect logs go to --inspect"},
		{"case.json", "{\n  \"episode_id\": \"SAB-V1-001\",\n  \"requirements\": []\n}\n", "looks like a SafeActBench case spec (episode_id, requirements, …)" + not},
		{"samples.jsonl", `{"log":"a.eval","sample_id":"1","scorer":"match"}` + "\n" + `{"log":"a.eval","sample_id":"2","scorer":"match"}` + "\n", "looks like Inspect sample rows (written by samples)" + not},
		{"gz.json", "\x1f\x8b\x08\x00\x00\x00\x00\x00", "looks like gzip-compressed data" + not},
		{"empty.json", "", "looks like an empty file (0 bytes)" + not},
	} {
		p := filepath.Join(dir, c.name)
		os.WriteFile(p, []byte(c.body), 0o644)
		if _, err := ReadFile(p, Options{Config: "m/h"}); err == nil || !strings.HasPrefix(err.Error(), p+": "+c.want) {
			t.Errorf("%s: %v\nwant %s: %s…", c.name, err, p, c.want)
		}
	}
}
