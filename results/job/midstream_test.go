package job

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// Errors in the middle of parallel work: whatever the number of workers, a job over bad
// input returns the error of the first bad line in input order (not the first a worker
// finished), leaves no goroutine running and no output file behind.

// copiesOfRuns writes copies from to to of the fixture's episodes (each with its own run id
// and repeat) to dir/name, with bad(i, line) applied to the 0-based line i: enough lines for
// several of the parallel reader's chunks (512 lines each).
func copiesOfRuns(t *testing.T, dir, name string, from, to int, bad func(i int, line []byte) []byte) string {
	t.Helper()
	src, err := os.ReadFile(testRuns)
	if err != nil {
		t.Fatal(err)
	}
	lines := bytes.SplitAfter(bytes.TrimSuffix(src, []byte("\n")), []byte("\n"))
	var b bytes.Buffer
	i := 0
	for k := from; k <= to; k++ {
		for _, l := range lines {
			l = bytes.TrimSuffix(l, []byte("\n"))
			l = bytes.Replace(l, []byte(`"run_id":"`), fmt.Appendf(nil, `"run_id":"copy%d-`, k), 1)
			l = bytes.Replace(l, []byte(`"repeat":`), fmt.Appendf(nil, `"repeat":%d`, k), 1)
			if bad != nil {
				l = bad(i, l)
			}
			b.Write(l)
			b.WriteByte('\n')
			i++
		}
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// waitGoroutines fails when more goroutines than before are still running after a
// while: what a job started must have ended by the time it returned, or soon after (a
// goroutine may still be between its last statement and its exit).
func waitGoroutines(t *testing.T, before int) {
	t.Helper()
	for i := 0; runtime.NumGoroutine() > before; i++ {
		if i == 200 {
			buf := make([]byte, 1<<16)
			t.Fatalf("%d goroutines left running, %d before:\n%s", runtime.NumGoroutine(), before, buf[:runtime.Stack(buf, true)])
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// dirEntries lists what dir holds, temporary files included.
func dirEntries(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range es {
		names = append(names, e.Name())
	}
	return names
}

func TestMidStreamErrorsAnyWorkers(t *testing.T) {
	in := t.TempDir()
	const copies = 400 // 3200 lines, 7 chunks
	truncate := func(at int) func(int, []byte) []byte {
		return func(i int, l []byte) []byte {
			if i == at {
				return l[:len(l)/2]
			}
			return l
		}
	}
	cases := []struct {
		name string
		runs []string
		want string
	}{
		{"bad last line",
			[]string{copiesOfRuns(t, in, "last.jsonl", 1, copies, truncate(8*copies-1))},
			"last.jsonl:3200: invalid JSON"},
		{"two bad lines, the later one in an earlier chunk's worker",
			[]string{copiesOfRuns(t, in, "two.jsonl", 1, copies, func(i int, l []byte) []byte {
				switch i {
				case 1900: // a field problem: decoded, then found wrong
					return bytes.Replace(l, []byte(`"config":`), []byte(`"confi":`), 1)
				case 2500:
					return l[:len(l)/2]
				}
				return l
			})},
			"two.jsonl:1901: config: required field is missing"},
		{"a bad file after a good one",
			[]string{copiesOfRuns(t, in, "a.jsonl", 1, copies/2, nil),
				copiesOfRuns(t, in, "b.jsonl", copies/2+1, copies, truncate(10))},
			"b.jsonl:11: invalid JSON"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var first string
			for _, j := range []int{1, 2, 8, 64} {
				out := t.TempDir()
				before := runtime.NumGoroutine()
				o := Defaults()
				o.Source.Bench, o.Source.Runs, o.Workers = testBench, tc.runs, j
				o.Stats.Resamples = 0
				if err := o.Check(); err != nil {
					t.Fatal(err)
				}
				_, _, err := o.ScoreVerdicts(io.Discard, VerdictRequest{Format: "csv", Out: filepath.Join(out, "v.csv")})
				if err == nil || !strings.Contains(err.Error(), tc.want) {
					t.Fatalf("-j %d: score: error %v, want one containing %q", j, err, tc.want)
				}
				if first == "" {
					first = err.Error()
				} else if err.Error() != first {
					t.Errorf("-j %d: score: error %q, with -j 1 %q", j, err, first)
				}
				if _, err := o.Release(Scoring{All: true, Collect: true}); err == nil || err.Error() != first {
					t.Errorf("-j %d: release: error %v, score's %q", j, err, first)
				}
				if names := dirEntries(t, out); len(names) > 0 {
					t.Errorf("-j %d: output left behind: %q", j, names)
				}
				waitGoroutines(t, before)
			}
		})
	}
}
