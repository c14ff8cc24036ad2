package inspect

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// An --inspect folder search passes over hidden entries, unfinished writes and backups of
// logs, and Inspect's logs.json and eval-set.json, and says so. Before, "._x.eval" (a
// macOS copy) and a hidden folder's copy of a log were read as logs (the copy refused as
// the same log twice), and logs.json was passed over without a word.
func TestExpandPassesOver(t *testing.T) {
	dir := t.TempDir()
	log, err := os.ReadFile(filepath.Join("testdata", "logs", "log_formats.eval"))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"a.eval", "._a.eval", ".ipynb_checkpoints/a-checkpoint.eval", "b.eval.part", "a.eval~", "logs.json", "eval-set.json"} {
		p := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, log, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	files, skipped, err := ExpandSkipped([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{filepath.Join(dir, "a.eval")}; !slices.Equal(files, want) {
		t.Errorf("files %v, want %v", files, want)
	}
	var got []string
	for _, s := range skipped {
		got = append(got, strings.ReplaceAll(s.Dir+": "+s.Msg, dir, "D"))
	}
	want := []string{
		"D: skipped: 2 entries hidden (names beginning with '.'), the first D/._a.eval; name a file to read it whatever its name",
		"D: skipped: 1 entry named as an unfinished write (.part, .partial, .tmp, .crdownload), D/b.eval.part; name a file to read it whatever its name",
		"D: skipped: 1 entry named as a backup (~, .bak, .orig, .swp), D/a.eval~; name a file to read it whatever its name",
		"D: skipped: 2 .json files that are not Inspect logs (Inspect's logs.json and eval-set.json, case files, …), the first D/eval-set.json; name a file to read it whatever it holds",
	}
	if !slices.Equal(got, want) {
		t.Errorf("skipped\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// A glob passes over hidden entries as a shell's does, and says so: before, DIR/*.eval
// read DIR/._a.eval, a macOS AppleDouble copy, as a log.
func TestExpandGlobPassesOverHidden(t *testing.T) {
	dir := t.TempDir()
	log, err := os.ReadFile(filepath.Join("testdata", "logs", "log_formats.eval"))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"a.eval", "._a.eval"} {
		if err := os.WriteFile(filepath.Join(dir, name), log, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	pat := filepath.Join(dir, "*.eval")
	files, skipped, err := ExpandSkipped([]string{pat})
	if want := []string{filepath.Join(dir, "a.eval")}; err != nil || !slices.Equal(files, want) {
		t.Errorf("files %v, err %v; want %v", files, err, want)
	}
	want := []Skipped{{pat, "skipped: 1 entry hidden (names beginning with '.'), " + filepath.Join(dir, "._a.eval") + "; name a file to read it whatever its name"}}
	if !slices.Equal(skipped, want) {
		t.Errorf("skipped %q, want %q", skipped, want)
	}
}
