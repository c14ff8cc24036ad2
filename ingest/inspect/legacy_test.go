package inspect

import (
	"archive/zip"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLegacyFormsRefused: a sample's single "score", the results' single "scorer" and a
// sample's "transcript" (older Inspect versions' forms, which Inspect migrates on
// reading) were skipped as unknown keys: the samples read as unscored (samples wrote
// every row without a score, the leaderboard "no log has a scored sample"), the header
// as without results, a sample as without events. Each is now refused, naming the file,
// the sample and the field.
func TestLegacyFormsRefused(t *testing.T) {
	dir := "testdata/legacy"
	for _, c := range []struct{ file, member, field, msg string }{
		{"sample_score.json", "samples[0]", "score", `a sample's "score", the form of older Inspect versions (now "scores", keyed by scorer), is not read`},
		{"results_scorer.json", "", "results.scorer", `the results' single "scorer" (with "metrics"), the form of older Inspect versions`},
		{"sample_transcript.json", "samples[0]", "transcript", `a sample's "transcript", the form of older Inspect versions (now "events" and "attachments")`},
	} {
		path := filepath.Join(dir, c.file)
		_, _, err := ReadFile(path)
		var e *Error
		if !errors.As(err, &e) || e.File != path || e.Member != c.member || e.Field != c.field || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%s: %v; want %s: %s: %s: %s", c.file, err, path, c.member, c.field, c.msg)
		}
	}
	// The results' old form in an .eval log's header.json.
	data, err := os.ReadFile(filepath.Join(dir, "results_scorer.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]json.RawMessage
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	delete(doc, "samples")
	header, _ := json.Marshal(doc)
	path := filepath.Join(t.TempDir(), "old.eval")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	zw := zip.NewWriter(f)
	w, _ := zw.Create("header.json")
	w.Write(header)
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	f.Close()
	_, _, err = ReadFile(path)
	var e *Error
	if !errors.As(err, &e) || e.Member != "header.json" || e.Field != "results.scorer" {
		t.Errorf(".eval: %v; want header.json: results.scorer", err)
	}
	// A null "score" or "transcript" (as a converted log may keep) is nothing to refuse.
	s, err := decodeSample("f", "m", []byte(`{"id": 1, "epoch": 1, "score": null, "transcript": null, "scores": {"a": {"value": 1}}}`), false, false, nil, nil)
	if err != nil || len(s.Scores) != 1 {
		t.Errorf("null legacy fields: %v", err)
	}
}
