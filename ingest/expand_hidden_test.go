package ingest

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// A hidden folder named on the command line is searched, however it is spelled and
// whether or not it is a link; a glob passes over hidden entries as a shell's does, and
// says so. Before, ./.lnk (a link to a folder) was passed over as its own hidden entry
// ("no episode files in the directory"), and runs/*.jsonl read runs/._a.jsonl, a macOS
// AppleDouble copy, as episodes.
func TestExpandHiddenRootAndGlob(t *testing.T) {
	dir := t.TempDir()
	ep := []byte(`{"schema":"sabench.episode/v1","run_id":"r1","config":"m/h","case_id":"SAB-V1-001","repeat":0}` + "\n")
	for _, p := range []string{"runs/a.jsonl", "runs/._a.jsonl", ".cache/runs/a.jsonl"} {
		os.MkdirAll(filepath.Join(dir, filepath.Dir(p)), 0o755)
		if err := os.WriteFile(filepath.Join(dir, p), ep, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink("runs", filepath.Join(dir, ".lnk")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	t.Chdir(dir)
	for _, c := range []struct {
		arg   string
		files []string
		notes []string
	}{
		{"./.lnk", []string{".lnk/a.jsonl"}, []string{".lnk: skipped: 1 entry hidden (names beginning with '.'), .lnk/._a.jsonl; name a file to read it whatever its name"}},
		{"./.cache/runs/", []string{".cache/runs/a.jsonl"}, nil},
		{"runs/*.jsonl", []string{"runs/a.jsonl"}, []string{"runs/*.jsonl: skipped: 1 entry hidden (names beginning with '.'), runs/._a.jsonl; name a file to read it whatever its name"}},
		{"runs/.*.jsonl", []string{"runs/._a.jsonl"}, nil},
		{"*/a.jsonl", []string{"runs/a.jsonl"}, []string{"*/a.jsonl: skipped: 1 entry hidden (names beginning with '.'), .lnk/a.jsonl; name a file to read it whatever its name"}},
	} {
		files, skipped, err := ExpandRunsSkipped([]string{c.arg})
		var notes []string
		for _, s := range skipped {
			notes = append(notes, s.String())
		}
		if err != nil || !slices.Equal(files, c.files) || !slices.Equal(notes, c.notes) {
			t.Errorf("%s: files %q, notes %q, err %v\nwant files %q, notes %q", c.arg, files, notes, err, c.files, c.notes)
		}
	}
	if _, _, err := ExpandRunsSkipped([]string{"runs/._*"}); err != nil {
		t.Errorf("runs/._*: %v, want the file read (its pattern names the dot)", err)
	}
	_, _, err := ExpandRunsSkipped([]string{"runs/*_a.jsonl"})
	if want := "runs/*_a.jsonl: the pattern matches no file; skipped: 1 entry hidden"; err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("runs/*_a.jsonl: %v, want %s…", err, want)
	}
}
