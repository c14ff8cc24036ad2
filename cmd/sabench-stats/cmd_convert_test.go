package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestConvertRoundTrip: JSONL -> Parquet -> zstd JSONL -> JSONL gives back the bytes.
func TestConvertRoundTrip(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(harnessTestdata, "batch.golden.jsonl")
	pq, zs, back := filepath.Join(dir, "e.parquet"), filepath.Join(dir, "e.jsonl.zst"), filepath.Join(dir, "e.jsonl")
	for _, step := range [][2]string{{in, pq}, {pq, zs}, {zs, back}} {
		if _, stderr, code := runCLI(t, "convert", step[0], step[1]); code != 0 || !strings.Contains(stderr, "converted 8 episodes") {
			t.Fatalf("convert %s %s: exit %d, %s", step[0], step[1], code, stderr)
		}
	}
	a, _ := os.ReadFile(in)
	b, _ := os.ReadFile(back)
	if !bytes.Equal(a, b) {
		t.Errorf("round trip changed the episodes:\n%s\n%s", a, b)
	}
}

func TestConvertRefusesBadInput(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out.parquet")
	_, stderr, code := runCLI(t, "convert", "--max-line-bytes", "2048", filepath.Join(ingestTestdata, "validate", "bad.jsonl"), out)
	if code != 1 || !strings.Contains(stderr, "bad.jsonl:6: invalid JSON") || !strings.Contains(stderr, "nothing written") {
		t.Errorf("exit %d, stderr:\n%s", code, stderr)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("a partial output file was left: %v", err)
	}
	// A folder of episode files given as IN: the message is the user's, not the Go API's.
	if _, stderr, code := runCLI(t, "convert", dir, filepath.Join(dir, "o.jsonl")); code != 1 || !strings.Contains(stderr, "is a directory, not an episode file") || strings.Contains(stderr, "ExpandRuns") {
		t.Errorf("directory as IN: exit %d, stderr:\n%s", code, stderr)
	}
	if _, _, code := runCLI(t, "convert", "a.jsonl", "b.csv"); code != 2 {
		t.Errorf("unknown output extension: exit %d, want 2", code)
	}
	if _, _, code := runCLI(t, "convert", "a.jsonl"); code != 2 {
		t.Errorf("one argument: exit %d, want 2", code)
	}
}

// TestConvertParquetLayout: --parquet-layout json writes the JSON-text layout (no layout
// key in the footer), typed the default one; both read back to the same bytes; the flag
// is refused for an output that is not Parquet and for an unknown layout.
func TestConvertParquetLayout(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(harnessTestdata, "batch.golden.jsonl")
	want, _ := os.ReadFile(in)
	for _, layout := range []string{"json", "typed"} {
		pq, back := filepath.Join(dir, layout+".parquet"), filepath.Join(dir, layout+".jsonl")
		if _, stderr, code := runCLI(t, "convert", "--parquet-layout", layout, in, pq); code != 0 {
			t.Fatalf("%s: exit %d, %s", layout, code, stderr)
		}
		data, _ := os.ReadFile(pq)
		if has := bytes.Contains(data, []byte("sabench.parquet_layout")); has != (layout == "typed") {
			t.Errorf("%s: layout key in the file: %v", layout, has)
		}
		if _, stderr, code := runCLI(t, "convert", pq, back); code != 0 {
			t.Fatalf("%s back: exit %d, %s", layout, code, stderr)
		}
		if got, _ := os.ReadFile(back); !bytes.Equal(got, want) {
			t.Errorf("%s: the round trip changed the episodes", layout)
		}
	}
	for _, args := range [][]string{
		{"convert", "--parquet-layout", "json", in, filepath.Join(dir, "x.jsonl")},
		{"convert", "--parquet-layout", "json", in, "-"},
		{"convert", "--parquet-layout", "nested", in, filepath.Join(dir, "x.parquet")},
	} {
		if _, stderr, code := runCLI(t, args...); code != 2 || !strings.Contains(stderr, "--parquet-layout") {
			t.Errorf("%v: exit %d, stderr %s", args, code, stderr)
		}
	}
}

// TestConvertFlagRanges: --max-line-bytes 0 or below was taken as the default limit, and
// an unknown --dedupe failed as an input error (exit 1); both are usage errors, as in
// validate, and nothing is written.
func TestConvertFlagRanges(t *testing.T) {
	in := filepath.Join(harnessTestdata, "batch.golden.jsonl")
	out := filepath.Join(t.TempDir(), "out.jsonl")
	wantUsage(t, "--max-line-bytes must be a positive number of bytes, not 0", "convert", "--max-line-bytes", "0", in, out)
	wantUsage(t, "--max-line-bytes must be a positive number of bytes, not -1", "convert", "--max-line-bytes", "-1", in, out)
	wantUsage(t, `--dedupe must be first or last, not "x"`, "convert", "--dedupe", "x", in, out)
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("%s written (stat: %v)", out, err)
	}
}

// TestConvertUnknownFieldAsTheDictionarySays: a top-level field the episode format does not
// define is refused by convert, as by every reader, and the data dictionary says so (it said
// such fields were "kept under extra by convert").
func TestConvertUnknownFieldAsTheDictionarySays(t *testing.T) {
	t.Parallel()
	line, err := os.ReadFile(filepath.Join(harnessTestdata, "batch.golden.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	first, _, _ := strings.Cut(string(line), "\n")
	in := filepath.Join(t.TempDir(), "unknown.jsonl")
	if err := os.WriteFile(in, []byte(strings.Replace(first, `"status":`, `"statuss":"x","status":`, 1)+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, stderr, code := runCLI(t, "convert", in, filepath.Join(t.TempDir(), "out.parquet"))
	if code != 1 || !strings.Contains(stderr, `unknown.jsonl:1: statuss: unknown top-level field (fields of your own belong under "extra")`) {
		t.Errorf("convert of an unknown top-level field: exit %d, stderr:\n%s", code, stderr)
	}
	doc, err := os.ReadFile("../../docs/verdicts.md")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(doc), "any other top-level field is a problem, refused by every command that reads episodes") {
		t.Error("docs/verdicts.md does not say that an unknown top-level field is refused")
	}
}

// TestConvertOneEpisodeSingular: a file of one episode (one with a 50 MB tool result, say)
// was "converted 1 episodes".
func TestConvertOneEpisodeSingular(t *testing.T) {
	dir := t.TempDir()
	data, err := os.ReadFile(filepath.Join(harnessTestdata, "batch.golden.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	in, out := filepath.Join(dir, "one.jsonl"), filepath.Join(dir, "one.parquet")
	first, _, _ := bytes.Cut(data, []byte("\n"))
	if err := os.WriteFile(in, append(first, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, stderr, code := runCLI(t, "convert", in, out); code != 0 || !strings.Contains(stderr, "converted 1 episode: ") {
		t.Errorf("exit %d, stderr:\n%s", code, stderr)
	}
}
