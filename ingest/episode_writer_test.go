package ingest

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestEpisodeFormat(t *testing.T) {
	for path, want := range map[string]string{"a.parquet": FormatParquet, "A.JSONL.GZ": FormatJSONLGzip, "x.ndjson.zst": FormatJSONLZstd,
		"x.jsonl.zstd": FormatJSONLZstd, "b.jsonl": FormatJSONL, "b.ndjson": FormatJSONL} {
		if got, err := EpisodeFormat(path); got != want || err != nil {
			t.Errorf("%s: %q, %v; want %q", path, got, err, want)
		}
	}
	if _, err := EpisodeFormat("b.csv"); err == nil || !strings.Contains(err.Error(), `"b.csv"`) {
		t.Errorf("b.csv: %v", err)
	}
	if _, err := NewEpisodeWriter(io.Discard, "csv", DefaultParquetLayout); err == nil {
		t.Error("NewEpisodeWriter csv: no error")
	}
}

// TestCopyEpisodesRoundTrip writes the batch golden episodes in every format and reads
// them back through OpenEpisodes: the JSONL bytes come back whole.
func TestCopyEpisodesRoundTrip(t *testing.T) {
	golden := filepath.Join("harness", "testdata", "batch.golden.jsonl")
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	for _, format := range []string{FormatJSONL, FormatJSONLGzip, FormatJSONLZstd, FormatParquet} {
		r, err := OpenEpisodes(golden, ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(t.TempDir(), "e."+format)
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		ew, err := NewEpisodeWriter(f, format, DefaultParquetLayout)
		if err != nil {
			t.Fatal(err)
		}
		n, err := CopyEpisodes(ew, r.Next, func(p Problem) { t.Errorf("%s: problem %v", format, p) })
		r.Close()
		f.Close()
		if n != bytes.Count(want, []byte("\n")) || err != nil { // one episode a line
			t.Fatalf("%s: %d episodes, %v", format, n, err)
		}
		back, err := OpenEpisodes(path, ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if _, err := CopyEpisodes(NewJSONLWriter(&buf), back.Next, func(Problem) {}); err != nil {
			t.Fatal(err)
		}
		back.Close()
		if !bytes.Equal(buf.Bytes(), want) {
			t.Errorf("%s: round trip changed the episodes", format)
		}
	}
}

// TestCopyEpisodesProblems: every problem is reported, nothing after the first is
// written, and the error counts them.
func TestCopyEpisodesProblems(t *testing.T) {
	eps := []*Episode{{RunID: "a"}, nil, {RunID: "b"}, nil}
	i := 0
	next := func() (*Episode, error) {
		if i >= len(eps) {
			return nil, io.EOF
		}
		i++
		if eps[i-1] == nil {
			return nil, Problem{File: "r.jsonl", Line: i, Field: "x", Msg: "bad"}
		}
		return eps[i-1], nil
	}
	var got []string
	var buf bytes.Buffer
	n, err := CopyEpisodes(NewJSONLWriter(&buf), next, func(p Problem) { got = append(got, p.Error()) })
	if n != 2 || err == nil || err.Error() != "2 problems in the input; nothing written" || len(got) != 2 {
		t.Errorf("n %d, err %v, problems %v", n, err, got)
	}
	if strings.Contains(buf.String(), `"b"`) {
		t.Error("an episode after a problem was written")
	}
	boom := errors.New("boom")
	if _, err := CopyEpisodes(NewJSONLWriter(io.Discard), func() (*Episode, error) { return nil, boom }, nil); !errors.Is(err, boom) {
		t.Errorf("read error: %v", err)
	}
}

func TestFindEpisodesAndRunsBeside(t *testing.T) {
	eps := []*Episode{{RunID: "a"}, {RunID: "b"}, {RunID: "c"}}
	i := 0
	next := func() (*Episode, error) {
		if i >= len(eps) {
			return nil, io.EOF
		}
		i++
		return eps[i-1], nil
	}
	var missed []string
	got, err := FindEpisodes(next, func(e *Episode) bool { return e.RunID != "b" }, func(e *Episode) { missed = append(missed, e.RunID) })
	if err != nil || len(got) != 2 || got[1].RunID != "c" || len(missed) != 1 || missed[0] != "b" {
		t.Errorf("got %v, %v, missed %v", got, err, missed)
	}
	dir := t.TempDir()
	if p := RunsBeside(dir); p != "" {
		t.Errorf("empty dir: %q", p)
	}
	os.WriteFile(filepath.Join(dir, "runs.parquet"), nil, 0o644)
	os.WriteFile(filepath.Join(dir, "runs.jsonl.zst"), nil, 0o644)
	if p := RunsBeside(dir); p != filepath.Join(dir, "runs.jsonl.zst") {
		t.Errorf("got %q, want runs.jsonl.zst (before runs.parquet)", p)
	}
}

// One problem read "1 problems in the input" (convert and ingest print it).
func TestCopyEpisodesOneProblem(t *testing.T) {
	done := false
	next := func() (*Episode, error) {
		if done {
			return nil, io.EOF
		}
		done = true
		return nil, Problem{File: "r.jsonl", Line: 1, Field: "x", Msg: "bad"}
	}
	var buf bytes.Buffer
	_, err := CopyEpisodes(NewJSONLWriter(&buf), next, func(Problem) {})
	if err == nil || err.Error() != "1 problem in the input; nothing written" {
		t.Errorf("err %v, want 1 problem in the input; nothing written", err)
	}
}
