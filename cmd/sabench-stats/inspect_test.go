package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest/synth"
)

// TestInspectRelease: the built-in release as Inspect logs beside runs.jsonl gives every
// run id the same verdict (every field, ecs, outcome and failure_type included) from
// `score --bench D --inspect LOGS` as from `score --bench D --runs D/runs.jsonl`;
// `report` on either input writes identical tables (every text, Markdown, LaTeX and CSV
// file byte for byte, the JSON ones but for the provenance, which names the inputs);
// `explain` prints the same chain, and `power` the same plan.
//
// Writing and reading Inspect logs is the cost (about 5 CPU-s to write the release's 49
// logs, 10 per pass over them), so by default the test writes the logs of two models
// (synth.WriteInspect, both harnesses and every condition of each: 21 logs, 13,621
// episodes) beside the package's shared `synth --out` release, and each check reads the
// logs it needs and the same episodes of runs.jsonl: score those of Qwen3.8 (6,711
// episodes, among them excluded ones of both kinds; the only model with both), report
// those of DeepSeek-V4 (6,910), explain one run id of Qwen3.8's Inspect main log, power
// Qwen3.8's two main-condition logs (the pilot is their main-condition episodes).
// SABENCH_LONG=1 (set by .ci/run) writes the whole release with `synth --format
// inspect` (the command's Inspect path end to end; ingest/synth's TestWriteInspect checks
// the logs' members by default) and scores and reports it whole both ways.
func TestInspectRelease(t *testing.T) {
	if testing.Short() {
		t.Skip("the built-in release through Inspect logs: about 6 CPU-s")
	}
	t.Parallel() // the package's largest test: beside the others, not after them
	long := os.Getenv("SABENCH_LONG") == "1"
	// d is the bench and its runs.jsonl, logs the folder of the Inspect logs.
	var d, logs string
	if long {
		d = filepath.Join(t.TempDir(), "rel")
		_, stderr, code := runCLI(t, "synth", "--format", "inspect", "--out", d)
		if code != 0 || !strings.Contains(stderr, "34147 episodes") || !strings.Contains(stderr, "as 49 Inspect logs (one per configuration × condition)") {
			t.Fatalf("synth: exit %d: %s", code, stderr)
		}
		logs = filepath.Join(d, "inspect")
	} else {
		d, logs = synthRelease(t), t.TempDir()
		rel, err := synth.Default()
		if err != nil {
			t.Fatal(err)
		}
		sub := &synth.Release{Seed: rel.Seed, Scale: rel.Scale, Cases: rel.Cases, Sets: rel.Sets}
		for _, ep := range rel.Episodes {
			if strings.HasPrefix(ep.Config, "Qwen3.8/") || strings.HasPrefix(ep.Config, "DeepSeek-V4/") {
				sub.Episodes = append(sub.Episodes, ep)
			}
		}
		files, err := synth.WriteInspect(logs, sub)
		if err != nil || len(files) != 21 {
			t.Fatalf("%d logs of Qwen3.8 and DeepSeek-V4 (%v), want 21: one per configuration × condition", len(files), err)
		}
	}
	// The episodes of runs.jsonl whose configuration starts with prefix (all of them
	// when long): the runs file is the release's whole output, and reading it all to
	// pick one configuration costs seconds.
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
	// The inputs of a check: the logs and the runs of the configurations of model/… when
	// short, the whole release when long.
	inputs := func(model string) [2][]string {
		if long {
			return [2][]string{{"--inspect", d}, {"--runs", filepath.Join(d, "runs.jsonl")}}
		}
		return [2][]string{{"--inspect", filepath.Join(logs, "*_"+strings.ToLower(model)+"_*.eval")}, {"--runs", runsOf(model + "/")}}
	}
	scoreIn, episodes, counts := inputs("Qwen3.8"), 6711, "read 6711 episodes = scored 6708 + excluded 3 (1 harness_failure, 2 infra_failure)"
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
	for i, in := range inputs("DeepSeek-V4") {
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

	var chains [2]string
	for i, in := range [][]string{{"--inspect", filepath.Join(logs, "*_main_qwen3.8_inspect.eval")}, {"--runs", runsOf("Qwen3.8/Inspect")}} {
		stdout, stderr, code := runCLI(t, append([]string{"explain", "main__qwen3.8_inspect__SAB-V3-001__r1", "--bench", d}, in...)...)
		if code != 0 {
			t.Fatalf("explain %v: exit %d: %s", in, code, stderr)
		}
		chains[i] = stdout
	}
	// From the log, the explanation says where the sample is, on its second line (the
	// sample id, epoch and log to open it in Inspect's viewer); from runs.jsonl it does not.
	matched, err := filepath.Glob(filepath.Join(logs, "*_main_qwen3.8_inspect.eval"))
	if err != nil || len(matched) != 1 {
		t.Fatalf("glob: %v %v", matched, err)
	}
	origin := "inspect: sample SAB-V3-001, epoch 2 of log " + matched[0] + " (member samples/SAB-V3-001_epoch_2.json)\n"
	first, rest, _ := strings.Cut(chains[0], "\n")
	if !strings.HasPrefix(rest, origin) {
		t.Errorf("explain from the log: second line is not %q:\n%s", origin, chains[0])
	}
	// The synthetic records name the coding-CLI runner, so from runs.jsonl explain adds the
	// non-live adapter's note; from the log the events are the transcript's tool calls in
	// the order they ran, and it does not. The rest is the same.
	runsText, note := "", false
	for _, line := range strings.SplitAfter(chains[1], "\n") {
		if strings.HasPrefix(line, "adapter: events from the non-live coding-CLI adapter") {
			note = true
			continue
		}
		runsText += line
	}
	if !note || strings.Contains(chains[0], "\nadapter: ") {
		t.Errorf("the non-live adapter's note: from runs.jsonl %v (want it), from the log %v (want none)", note, strings.Contains(chains[0], "\nadapter: "))
	}
	if first+"\n"+strings.TrimPrefix(rest, origin) != runsText || !strings.Contains(chains[0], "Qwen3.8/Inspect on SAB-V3-001") {
		t.Errorf("explain differs:\n%s\n---\n%s", chains[0], chains[1])
	}
	if strings.Contains(chains[1], "inspect:") {
		t.Errorf("explain from runs.jsonl names an Inspect sample:\n%s", chains[1])
	}

	// A power plan from the Inspect logs as the pilot is the plan from runs.jsonl.
	var plans [2]string
	for i, in := range [][]string{{"--inspect", filepath.Join(logs, "*_main_qwen3.8_*.eval")}, {"--runs", runsOf("Qwen3.8/")}} {
		stdout, stderr, code := runCLI(t, append([]string{"power", "Qwen3.8/Qwen Code", "Qwen3.8/Inspect", "--delta", "2", "--bench", d}, in...)...)
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
