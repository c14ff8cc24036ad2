package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestInspectRelease: `synth --format inspect --out D` writes the built-in release as
// Inspect logs beside runs.jsonl; `score --bench D --inspect D` gives every run id of the
// release the same verdict (every field, ecs, outcome and failure_type included) as
// `score --bench D --runs D/runs.jsonl`; `report` on either input writes identical tables
// (every text, Markdown, LaTeX and CSV file byte for byte, the JSON ones but for the
// provenance, which names the inputs); `explain` prints the same chain, and `power` the
// same plan.
//
// Reading Inspect logs is the cost (about 10 CPU-s per pass over the release's 49 logs),
// so by default each check reads the logs it needs and the same episodes of runs.jsonl:
// score those of Qwen3.8 (both its harnesses, 6,711 episodes, among them excluded ones
// of both kinds), report those of DeepSeek-V4 (both its harnesses and every condition,
// 6,910 episodes), explain the one log that holds its run id, power the two
// main-condition logs of the configurations it plans for (the pilot is their
// main-condition episodes). SABENCH_LONG=1 (set by .ci/run) scores and reports the whole
// release both ways.
func TestInspectRelease(t *testing.T) {
	if testing.Short() {
		t.Skip("the built-in release through Inspect logs: about 15 CPU-s")
	}
	t.Parallel() // the package's largest test: beside the others, not after them
	d := filepath.Join(t.TempDir(), "rel")
	_, stderr, code := runCLI(t, "synth", "--format", "inspect", "--out", d)
	if code != 0 || !strings.Contains(stderr, "34147 episodes") || !strings.Contains(stderr, "as 49 Inspect logs (one per configuration × condition)") {
		t.Fatalf("synth: exit %d: %s", code, stderr)
	}
	long := os.Getenv("SABENCH_LONG") == "1"
	// inputs are the Inspect logs and runs.jsonl of the episodes of configurations
	// model/…: the whole release when long.
	inputs := func(model string, episodes int) [2][]string {
		if long {
			return [2][]string{{"--inspect", d}, {"--runs", filepath.Join(d, "runs.jsonl")}}
		}
		runs := filepath.Join(t.TempDir(), "runs.jsonl")
		if n := filterRuns(t, filepath.Join(d, "runs.jsonl"), runs, model+"/"); n != episodes {
			t.Fatalf("%d %s episodes in runs.jsonl, want %d", n, model, episodes)
		}
		return [2][]string{{"--inspect", filepath.Join(d, "inspect", "*_"+strings.ToLower(model)+"_*.eval")}, {"--runs", runs}}
	}

	scoreIn, episodes, counts := inputs("Qwen3.8", 6711), 6711, "read 6711 episodes = scored 6708 + excluded 3 (1 harness_failure, 2 infra_failure)"
	if long {
		episodes, counts = 34147, "read 34147 episodes = scored 34139 + excluded 8 (3 harness_failure, 5 infra_failure)"
	}
	scores := map[string]map[string]map[string]any{}
	for _, in := range scoreIn {
		out := filepath.Join(t.TempDir(), "verdicts.jsonl")
		_, stderr, code := runCLI(t, append([]string{"score", "--bench", d, "--format", "jsonl", "--out", out}, in...)...)
		if code != 0 || !strings.Contains(stderr, counts) {
			t.Fatalf("score %v: exit %d: %s", in, code, stderr)
		}
		scores[in[0]] = readVerdicts(t, out)
	}
	fromLogs, fromRuns := scores["--inspect"], scores["--runs"]
	if len(fromLogs) != episodes || len(fromRuns) != episodes {
		t.Fatalf("%d verdicts from the logs, %d from runs.jsonl", len(fromLogs), len(fromRuns))
	}
	for id, want := range fromRuns {
		got := fromLogs[id]
		if got == nil {
			t.Fatalf("%s: no verdict from the Inspect logs", id)
		}
		for k, v := range want {
			if g, _ := json.Marshal(got[k]); string(g) != string(mustJSON(t, v)) {
				t.Fatalf("%s: %s %s from the logs, %s from runs.jsonl", id, k, g, mustJSON(t, v))
			}
		}
	}

	reports := [2]string{filepath.Join(t.TempDir(), "a"), filepath.Join(t.TempDir(), "b")}
	reportIn := inputs("DeepSeek-V4", 6910)
	for i, in := range reportIn {
		// 200 resamples, not the default: both reports draw the same seeded resamples, so
		// a difference in the episodes read still shows in every interval, for a 25th of the draws.
		if _, stderr, code := runCLI(t, append([]string{"report", "--bench", d, "--out", reports[i], "--resamples", "200", "--force"}, in...)...); code != 0 {
			t.Fatalf("report %v: exit %d: %s", in, code, stderr)
		}
	}
	tables, err := filepath.Glob(filepath.Join(reports[1], "tables", "*"))
	if err != nil || len(tables) < 50 {
		t.Fatalf("%d table files (%v)", len(tables), err)
	}
	for _, f := range tables {
		want, _ := os.ReadFile(f)
		got, err := os.ReadFile(filepath.Join(reports[0], "tables", filepath.Base(f)))
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(f, ".json") {
			got, want = withoutProvenance(t, got), withoutProvenance(t, want)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s differs between the Inspect logs and runs.jsonl", filepath.Base(f))
		}
	}

	// The episodes of runs.jsonl that the logs read hold (all of them when long): the
	// runs file is the release's whole output, and reading it all, twice, to pick one
	// episode or two configurations costs seconds.
	runsOf := func(prefix string) string {
		if long {
			return filepath.Join(d, "runs.jsonl")
		}
		runs := filepath.Join(t.TempDir(), "runs.jsonl")
		if n := filterRuns(t, filepath.Join(d, "runs.jsonl"), runs, prefix); n == 0 {
			t.Fatalf("no %s episodes in runs.jsonl", prefix)
		}
		return runs
	}
	var chains [2]string
	for i, in := range [][]string{{"--inspect", filepath.Join(d, "inspect", "*_main_gpt-5.6_inspect.eval")}, {"--runs", runsOf("GPT-5.6/Inspect")}} {
		stdout, stderr, code := runCLI(t, append([]string{"explain", "main__gpt-5.6_inspect__SAB-V3-001__r1", "--bench", d}, in...)...)
		if code != 0 {
			t.Fatalf("explain %v: exit %d: %s", in, code, stderr)
		}
		chains[i] = stdout
	}
	if chains[0] != chains[1] || !strings.Contains(chains[0], "GPT-5.6/Inspect on SAB-V3-001") {
		t.Errorf("explain differs:\n%s\n---\n%s", chains[0], chains[1])
	}

	// A power plan from the Inspect logs as the pilot is the plan from runs.jsonl.
	var plans [2]string
	for i, in := range [][]string{{"--inspect", filepath.Join(d, "inspect", "*_main_claude-5_*.eval")}, {"--runs", runsOf("Claude-5/")}} {
		stdout, stderr, code := runCLI(t, append([]string{"power", "Claude-5/Claude Code", "Claude-5/Inspect", "--delta", "2", "--bench", d}, in...)...)
		if code != 0 {
			t.Fatalf("power %v: exit %d: %s", in, code, stderr)
		}
		plans[i] = stdout
	}
	if plans[0] != plans[1] || !strings.Contains(plans[0], "Pilot: 656 shared cases") {
		t.Errorf("power differs:\n%s\n---\n%s", plans[0], plans[1])
	}
}

// filterRuns copies the episodes of src whose configuration starts with prefix to dst and
// returns how many it copied. The episode writer puts config before the record, so the
// first "config" key of a line is the episode's: no need to decode the whole line.
func filterRuns(t *testing.T, src, dst, prefix string) int {
	t.Helper()
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	n := 0
	key := []byte(`"config":"`)
	for line := range bytes.Lines(data) {
		i := bytes.Index(line, key)
		if i < 0 {
			t.Fatalf("%s: a line without a config: %.80s", src, line)
		}
		if bytes.HasPrefix(line[i+len(key):], []byte(prefix)) {
			out.Write(line)
			n++
		}
	}
	if err := os.WriteFile(dst, out.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return n
}

func readVerdicts(t *testing.T, path string) map[string]map[string]any {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string]map[string]any{}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var v map[string]any
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			t.Fatal(err)
		}
		out[v["run_id"].(string)] = v
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

func mustJSON(t *testing.T, v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// withoutProvenance is a table's JSON without meta.dataset and meta.inputs, which name
// the files read.
func withoutProvenance(t *testing.T, data []byte) []byte {
	t.Helper()
	var v map[string]any
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatal(err)
	}
	if m, ok := v["meta"].(map[string]any); ok {
		delete(m, "dataset")
		delete(m, "inputs")
	}
	return mustJSON(t, v)
}
