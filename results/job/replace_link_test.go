package job

import (
	"os"
	"path/filepath"
	"testing"
)

// TestCheckReplaceDirThroughLink: a directory output named through a link is replaced
// beside the directory the link names (fsx.ReplaceDir), so that directory's parent is
// the one checked: a link in a writable directory to an empty one in /sys (which takes
// no file, from root either) passed, and report failed when it built the output, after
// the scoring (status 1).
func TestCheckReplaceDirThroughLink(t *testing.T) {
	const target = "/sys/kernel/software_nodes"
	if es, err := os.ReadDir(target); err != nil || len(es) > 0 {
		t.Skipf("%s is no empty directory here (%v)", target, err)
	}
	if d, err := os.MkdirTemp("/sys/kernel", "x"); err == nil {
		os.Remove(d)
		t.Skip("/sys/kernel takes new directories here")
	}
	link := filepath.Join(t.TempDir(), "rep")
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	err := CheckReplaceDir(link)
	if want := "--out " + link + ": cannot write in /sys/kernel: permission denied"; err == nil || err.Error() != want {
		t.Errorf("CheckReplaceDir(a link to %s): %v, want %q", target, err, want)
	}
}
