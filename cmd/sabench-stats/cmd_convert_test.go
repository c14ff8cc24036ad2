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
	if _, _, code := runCLI(t, "convert", "a.jsonl", "b.csv"); code != 2 {
		t.Errorf("unknown output extension: exit %d, want 2", code)
	}
	if _, _, code := runCLI(t, "convert", "a.jsonl"); code != 2 {
		t.Errorf("one argument: exit %d, want 2", code)
	}
}
