package fsx

import (
	"io"
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

// TestDanglingLinkOutput: a link to a file not made yet is written as a shell's > writes
// it, making the file it names and keeping the link; its check refuses one whose
// directory does not exist. Both were found after the work: "lstat ...: no such file or
// directory" (exit 1), the first a valid output.
func TestDanglingLinkOutput(t *testing.T) {
	dir := t.TempDir()
	link, target := filepath.Join(dir, "t.csv"), filepath.Join(dir, "sub", "made.csv")
	if err := os.Mkdir(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("sub/made.csv", link); err != nil {
		t.Fatal(err)
	}
	if err := CheckWritable("--out", link, dir); err != nil {
		t.Errorf("CheckWritable(a link to a file not made yet): %v", err)
	}
	if err := WriteFileAtomic(link, func(w io.Writer) error { _, err := io.WriteString(w, "x\n"); return err }); err != nil {
		t.Fatalf("WriteFileAtomic(a link to a file not made yet): %v", err)
	}
	if b, err := os.ReadFile(target); err != nil || string(b) != "x\n" {
		t.Errorf("%s: %q, %v; want the output", target, b, err)
	}
	if st, err := os.Lstat(link); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was not kept: %v", err)
	}
	bad := filepath.Join(dir, "bad.csv")
	if err := os.Symlink(filepath.Join(dir, "none", "x.csv"), bad); err != nil {
		t.Fatal(err)
	}
	want := "--out " + bad + ": a link to " + filepath.Join(dir, "none", "x.csv") + ", whose directory " + filepath.Join(dir, "none") + " does not exist"
	if err := CheckWritable("--out", bad, dir); err == nil || err.Error() != want {
		t.Errorf("CheckWritable(a link into a missing directory): %v, want %q", err, want)
	}
}
