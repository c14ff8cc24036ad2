package inspect

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// An --inspect glob ('logs/*.eval') matched hidden files, where a shell's expansion and the
// folder search leave them out: it leaves them out too now, in a note, unless the
// pattern's segment begins with '.'.
func TestExpandGlobSkipsHidden(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"a.eval", "._a.eval"} {
		if err := os.WriteFile(filepath.Join(dir, f), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	files, skipped, err := ExpandSkipped([]string{filepath.Join(dir, "*.eval")})
	if want := []string{filepath.Join(dir, "a.eval")}; err != nil || !slices.Equal(files, want) {
		t.Fatalf("'*.eval': %q, %v; want %q", files, err, want)
	}
	if len(skipped) != 1 || !strings.Contains(skipped[0].Msg, "skipped: 1 entry hidden (names beginning with '.'), "+filepath.Join(dir, "._a.eval")) {
		t.Errorf("'*.eval': notes %v", skipped)
	}
	files, _, err = ExpandSkipped([]string{filepath.Join(dir, ".*.eval")})
	if want := []string{filepath.Join(dir, "._a.eval")}; err != nil || !slices.Equal(files, want) {
		t.Errorf("'.*.eval': %q, %v; want %q", files, err, want)
	}
}
