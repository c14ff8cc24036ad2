package fsx

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckWritable: an output in a directory where nothing can be written was found only
// when written, after the work; CheckWritable finds it first, naming the directory, and
// leaves nothing behind where it can write.
func TestCheckWritable(t *testing.T) {
	dir := t.TempDir()
	if err := CheckWritable("--out", filepath.Join(dir, "new", "deeper", "x.csv"), filepath.Join(dir, "new", "deeper")); err != nil {
		t.Errorf("writable directory (to be made): %v", err)
	}
	if es, _ := os.ReadDir(dir); len(es) != 0 {
		t.Errorf("left %v in %s", es, dir)
	}
	ro := filepath.Join(dir, "ro")
	if err := os.Mkdir(ro, 0o500); err != nil {
		t.Fatal(err)
	}
	if os.Geteuid() == 0 {
		t.Skip("running as root, which writes in a 0500 directory: TestCheckWritableReadOnlyMount checks a directory root cannot write in")
	}
	err := CheckWritable("--out", filepath.Join(ro, "x.csv"), ro)
	if err == nil || err.Error() != "--out "+filepath.Join(ro, "x.csv")+": cannot write in "+ro+": permission denied" {
		t.Errorf("0500 directory: %v", err)
	}
	if err := CheckWritable("--out", filepath.Join(ro, "sub", "x.csv"), filepath.Join(ro, "sub")); err == nil || !strings.Contains(err.Error(), "cannot write in "+ro) {
		t.Errorf("a directory to be made in a 0500 directory: %v", err)
	}
}
