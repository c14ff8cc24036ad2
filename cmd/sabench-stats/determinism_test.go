package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// splitTau writes the real τ-bench file's trajectories as two files (the first n, the
// rest) and returns their paths.
func splitTau(t *testing.T, n int) (string, string) {
	t.Helper()
	data, err := os.ReadFile(tauShared)
	if err != nil {
		t.Fatal(err)
	}
	var all []json.RawMessage
	if err := json.Unmarshal(data, &all); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var paths []string
	for i, part := range [][]json.RawMessage{all[:n], all[n:]} {
		b, err := json.Marshal(part)
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dir, []string{"a.json", "b.json"}[i])
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	return paths[0], paths[1]
}

// TestIngestTauFileOrder: ingest --tau wrote the episodes in the order the files were
// given, so `--tau b.json a.json` and `--tau a.json b.json` wrote different bytes (and the
// viewer listed the episodes apart), where --runs and --inspect read their files sorted.
// The files are read sorted by name: the same bytes in either order.
func TestIngestTauFileOrder(t *testing.T) {
	a, b := splitTau(t, 50)
	dir := t.TempDir()
	var outs [][]byte
	for i, files := range [][]string{{a, b}, {b, a}} {
		out := filepath.Join(dir, []string{"ab.jsonl", "ba.jsonl"}[i])
		_, stderr := mustRun(t, "ingest", "--tau", files[0], files[1], "--config", "gpt-4o/tool-calling", "--out", out)
		if want := "written from " + a + ", " + b; !bytes.Contains([]byte(stderr), []byte(want)) {
			t.Errorf("%v: stderr %q, want %q", files, stderr, want)
		}
		data, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		outs = append(outs, data)
	}
	if !bytes.Equal(outs[0], outs[1]) {
		t.Errorf("ingest --tau a b and b a wrote different bytes (%d and %d)", len(outs[0]), len(outs[1]))
	}
}
