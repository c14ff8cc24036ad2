package harness_test

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/harness"
)

// readDups reads the logs in dir with run ids hashed by h (nil: the stream's own hash)
// and returns the run ids of the episodes and the problems, the folder's name cut off.
func readDups(t *testing.T, dir string, files []string, h func(string) uint64) (ids, problems []string) {
	t.Helper()
	s, err := harness.OpenInspect(files, harness.Options{Bench: builtinBench(t)})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if h != nil {
		harness.SetRunIDHash(s, h)
	}
	return drain(t, s, dir)
}

// drain reads s to its end and returns the run ids of the episodes and the problems,
// dir's name cut off.
func drain(t *testing.T, s *harness.InspectStream, dir string) (ids, problems []string) {
	t.Helper()
	for {
		ep, err := s.Next()
		if err == io.EOF {
			return ids, problems
		}
		if ps := ingest.AsProblems(err); ps != nil {
			problems = append(problems, strings.ReplaceAll(ps[0].String(), dir+string(filepath.Separator), ""))
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, ep.RunID)
	}
}

// dupSample is sample id, epoch 1, of case caseID, with its own run id.
func dupSample(id, caseID, runID string) map[string]any {
	return map[string]any{"id": id, "epoch": 1, "metadata": map[string]any{"case_id": caseID, "run_id": runID},
		"output": map[string]any{"completion": `{"decision":"allow"}`}}
}

// Run ids that share a hash are different run ids: every run id hashing alike, the
// samples of distinct keys and run ids are all episodes, and a run id or a key that does
// repeat is still refused, naming the sample it was first read from.
func TestInspectRunIDHashCollision(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.eval"), filepath.Join(dir, "b.eval")
	writeEval(t, a, header("m", "s", nil), dupSample("s1", "SAB-L-001", "r-1"), dupSample("s2", "SAB-L-002", "r-2"))
	writeEval(t, b, header("m", "s", nil), dupSample("s3", "SAB-L-003", "r-3"), dupSample("s4", "SAB-L-004", "r-2"),
		dupSample("s5", "SAB-L-003", "r-5"), dupSample("s6", "SAB-L-005", "r-6"))
	ids, problems := readDups(t, dir, []string{a, b}, func(string) uint64 { return 7 })
	if got, want := strings.Join(ids, " "), "r-1 r-2 r-3 r-6"; got != want {
		t.Errorf("episodes' run ids %q, want %q", got, want)
	}
	want := []string{
		`b.eval: samples/s4_epoch_1.json: metadata.run_id: run id "r-2" also read from a.eval: samples/s2_epoch_1.json`,
		"b.eval: samples/s5_epoch_1.json: episode m/s|SAB-L-003|repeat 0|main also read from b.eval: samples/s3_epoch_1.json",
	}
	if strings.Join(problems, "\n") != strings.Join(want, "\n") {
		t.Errorf("problems\n%s\nwant\n%s", strings.Join(problems, "\n"), strings.Join(want, "\n"))
	}
}

// A repeated key and a repeated run id are refused, naming the sample each was first read
// from: across logs, past samples that are no episode (a case not in the bench, a log
// without SafeActBench samples), and past a first refusal (the refused sample's key stays
// free for a later one).
func TestInspectDuplicatesNameFirstSample(t *testing.T) {
	dir := t.TempDir()
	a, none, b := filepath.Join(dir, "a.eval"), filepath.Join(dir, "n.eval"), filepath.Join(dir, "b.eval")
	writeEval(t, a, header("m", "s", nil), dupSample("s7", "SAB-L-999", "r-0"), dupSample("s8", "SAB-L-001", "r-1"), dupSample("s9", "SAB-L-002", "r-2"))
	writeEval(t, none, header("m", "s", nil), map[string]any{"id": "x", "epoch": 1})
	writeEval(t, b, header("m", "s", nil), dupSample("s10", "SAB-L-002", "r-3"), dupSample("s11", "SAB-L-004", "r-1"),
		dupSample("s12", "SAB-L-004", "r-4"), dupSample("s13", "SAB-L-004", "r-5"))
	ids, problems := readDups(t, dir, []string{a, none, b}, nil)
	if got, want := strings.Join(ids, " "), "r-1 r-2 r-4"; got != want {
		t.Errorf("episodes' run ids %q, want %q", got, want)
	}
	want := []string{
		`a.eval: samples/s7_epoch_1.json: metadata.case_id: case "SAB-L-999" is not in the bench`,
		"b.eval: samples/s10_epoch_1.json: episode m/s|SAB-L-002|repeat 0|main also read from a.eval: samples/s9_epoch_1.json",
		`b.eval: samples/s11_epoch_1.json: metadata.run_id: run id "r-1" also read from a.eval: samples/s8_epoch_1.json`,
		"b.eval: samples/s13_epoch_1.json: episode m/s|SAB-L-004|repeat 0|main also read from b.eval: samples/s12_epoch_1.json",
	}
	if strings.Join(problems, "\n") != strings.Join(want, "\n") {
		t.Errorf("problems\n%s\nwant\n%s", strings.Join(problems, "\n"), strings.Join(want, "\n"))
	}
}

// Naming the samples that hundreds of duplicates repeat opens each of their logs once
// more, not once per duplicate: a log read again in full, a log whose samples repeat a
// copy of it, then samples repeating the log's own.
func TestInspectDuplicatesOpenEachLogOnce(t *testing.T) {
	const n = 200
	s, problems := repeatingLogs(t, n, "m", "SAB-L-002", "rv-%d")
	for i, want := range map[int]string{
		0:      "b.eval: samples/s_epoch_1.json: episode m/s|SAB-L-001|repeat 0|main also read from a.eval: samples/s_epoch_1.json",
		n - 1:  "b.eval: samples/s_epoch_200.json: episode m/s|SAB-L-001|repeat 199|main also read from a.eval: samples/s_epoch_200.json",
		n:      "b.eval: samples/v_epoch_1.json: episode m/s|SAB-L-002|repeat 0|main also read from b.eval: samples/u_epoch_1.json",
		n + 99: "b.eval: samples/v_epoch_100.json: episode m/s|SAB-L-002|repeat 99|main also read from b.eval: samples/u_epoch_100.json",
	} {
		if problems[i] != want {
			t.Errorf("problem %d:\n%s\nwant\n%s", i, problems[i], want)
		}
	}
	// Each log read, a read again up to the first repeat, and each log's members once.
	if got := harness.LogsOpened(s); got != 5 {
		t.Errorf("%d logs opened, want 5", got)
	}
}

// epochSample is sample id at epoch (its repeat is epoch − 1) of case caseID, with its
// own run id.
func epochSample(id string, epoch int, caseID, runID string) map[string]any {
	smp := dupSample(id, caseID, runID)
	smp["epoch"] = epoch
	return smp
}

// A .json log's members are read once, sample by sample (its samples are the elements of
// one array, which no directory lists), for every duplicate that names one.
func TestInspectDuplicatesJSONLog(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.json")
	doc := header("m", "s", nil)
	var samples []any
	for i := 1; i <= 3; i++ {
		samples = append(samples, epochSample("u", i, "SAB-L-002", fmt.Sprintf("ru-%d", i)))
	}
	for i := 1; i <= 3; i++ {
		samples = append(samples, epochSample("v", i, "SAB-L-002", fmt.Sprintf("rv-%d", i)))
	}
	doc["samples"] = samples
	raw, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(a, raw, 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := harness.OpenInspect([]string{a}, harness.Options{Bench: builtinBench(t)})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	_, problems := drain(t, s, dir)
	var want []string
	for i := range 3 {
		want = append(want, fmt.Sprintf("a.json: samples[%d]: episode m/s|SAB-L-002|repeat %d|main also read from a.json: samples[%d]", i+3, i, i))
	}
	if strings.Join(problems, "\n") != strings.Join(want, "\n") {
		t.Errorf("problems\n%s\nwant\n%s", strings.Join(problems, "\n"), strings.Join(want, "\n"))
	}
	// The log read, read again up to the first repeat, and read once for its members.
	if got := harness.LogsOpened(s); got != 3 {
		t.Errorf("%d logs opened, want 3", got)
	}
}

// Confirming hundreds of run ids repeated under other keys reads each log whose run ids
// they repeat once more, not once per repeat: a log's run ids under another
// configuration, then the log's own under other cases.
func TestInspectRunIDsReadEachLogOnce(t *testing.T) {
	const n = 200
	s, problems := repeatingLogs(t, n, "m2", "SAB-L-003", "ru-%d")
	for i, want := range map[int]string{
		0:      `b.eval: samples/s_epoch_1.json: metadata.run_id: run id "r-1" also read from a.eval: samples/s_epoch_1.json`,
		n - 1:  `b.eval: samples/s_epoch_200.json: metadata.run_id: run id "r-200" also read from a.eval: samples/s_epoch_200.json`,
		n:      `b.eval: samples/v_epoch_1.json: metadata.run_id: run id "ru-1" also read from b.eval: samples/u_epoch_1.json`,
		n + 99: `b.eval: samples/v_epoch_100.json: metadata.run_id: run id "ru-100" also read from b.eval: samples/u_epoch_100.json`,
	} {
		if problems[i] != want {
			t.Errorf("problem %d:\n%s\nwant\n%s", i, problems[i], want)
		}
	}
	// Each log read, a read again up to the first repeat, and each log's run ids and
	// members once.
	if got := harness.LogsOpened(s); got != 7 {
		t.Errorf("%d logs opened, want 7", got)
	}
}

// repeatingLogs writes two logs and reads them: a.eval with n samples s_epoch_I (model m,
// SAB-L-001, run ids r-I), and b.eval of model modelB with the same n samples, then n/2
// pairs u_epoch_I (SAB-L-002, run id ru-I) and v_epoch_I (caseV, run id runV with I).
// Every episode of b.eval that repeats one read before is a problem: n + n/2 of them.
func repeatingLogs(t *testing.T, n int, modelB, caseV, runV string) (*harness.InspectStream, []string) {
	t.Helper()
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.eval"), filepath.Join(dir, "b.eval")
	var first, again []map[string]any
	for i := 1; i <= n; i++ {
		first = append(first, epochSample("s", i, "SAB-L-001", fmt.Sprintf("r-%d", i)))
	}
	for i := 1; i <= n/2; i++ {
		again = append(again, epochSample("u", i, "SAB-L-002", fmt.Sprintf("ru-%d", i)), epochSample("v", i, caseV, fmt.Sprintf(runV, i)))
	}
	writeEval(t, a, header("m", "s", nil), first...)
	writeEval(t, b, header(modelB, "s", nil), append(first, again...)...)
	s, err := harness.OpenInspect([]string{a, b}, harness.Options{Bench: builtinBench(t)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	ids, problems := drain(t, s, dir)
	if len(ids) != n+n/2 || len(problems) != n+n/2 {
		t.Fatalf("%d episodes and %d problems, want %d and %d", len(ids), len(problems), n+n/2, n+n/2)
	}
	return s, problems
}
