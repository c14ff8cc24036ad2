package sniff

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

// The kinds by their ids, including those no reader's test reaches: prose whose first
// line has commas is not a CSV header, a JSON log stays a log (its reader's error is
// kept), and the folders.
func TestKinds(t *testing.T) {
	for _, c := range []struct{ body, id string }{
		{"The .eval and .json files in this folder are real logs, written by Inspect.\n", ""},
		{"a,b\n1,2\n", "csv"},
		{"{\n  \"version\": 2,\n  \"eval\": {}, \"samples\": [\n", IDInspectLog},
		{`{"schema":"sabench.episode/v1","config":"m/h"}` + "\n", IDEpisodes},
		{"{\n  \"schema\": \"sabench.episode/v1\"\n}\n", "episode-document"},
		{"[]", "empty-array"},
		{" \n\t", "blank"},
		// An interactive run's artifact_hashes.json is keyed by file names as Inspect's
		// logs.json is, but holds hashes, not log headers: before, "an Inspect log
		// folder's index (logs.json)".
		{"{\n  \"config.json\": \"a7ea3405\",\n  \"result.json\": \"8b921e55\"\n}\n", "json"},
		{"{\n  \"a.eval\": {\"version\": 2, \"status\": \"success\"}\n}\n", "logs-index"},
	} {
		if k := ReaderAt(bytes.NewReader([]byte(c.body)), int64(len(c.body))); k.ID != c.id {
			t.Errorf("%q: kind %q (%s), want %q", c.body, k.ID, k.What, c.id)
		}
	}
	dir := t.TempDir()
	mk := func(p string) {
		os.MkdirAll(filepath.Dir(filepath.Join(dir, p)), 0o755)
		os.WriteFile(filepath.Join(dir, p), []byte("x"), 0o644)
	}
	for _, p := range []string{"rep/index.md", "rep/tables/T2.csv", "vds/config=a/part-0000.parquet", "logs/a.eval",
		"batch/summary.json", "batch/normalized_results/x.json", "inter/SAB-V1-001.run1/journal.jsonl", "syn/env/x.json", "syn/runs.jsonl", "plain/a.json"} {
		mk(p)
	}
	for name, id := range map[string]string{"rep": "report-folder", "vds": "verdict-dataset", "logs": "inspect-folder", "batch": "batch-folder",
		"inter": "interactive-folder", "syn": "synth-folder", "plain": ""} {
		if k := Dir(filepath.Join(dir, name)); k.ID != id {
			t.Errorf("%s: kind %q, want %q", name, k.ID, id)
		}
	}
}

// TestWhatValidText: a CSV header quoted in the message is cut at a character's start.
// Before, cut at byte 80 inside "é": the message held the byte 0xC3 alone.
func TestWhatValidText(t *testing.T) {
	body := strings.Repeat("a", 60) + "," + strings.Repeat("b", 18) + "éé,c\n1,2,3\n"
	k := ReaderAt(strings.NewReader(body), int64(len(body)))
	if k.ID != "csv" || !utf8.ValidString(k.What) {
		t.Fatalf("kind %q, %q", k.ID, k.What)
	}
	if want := "a CSV file (header: " + strings.Repeat("a", 60) + "," + strings.Repeat("b", 18) + "…)"; k.What != want {
		t.Errorf("what %q, want %q", k.What, want)
	}
}
