package harness_test

import (
	"io"
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
