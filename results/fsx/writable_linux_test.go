package fsx

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// TestCheckWritableReadOnlyMount: /sys takes no new file, from root either (a 0500
// directory does, to root), so the refusal is checked whoever runs the tests.
func TestCheckWritableReadOnlyMount(t *testing.T) {
	if f, err := os.CreateTemp("/sys", "x"); err == nil {
		f.Close()
		os.Remove(f.Name())
		t.Skip("/sys takes new files here")
	}
	err := CheckWritable("--out", "/sys/x/t.csv", "/sys/x")
	if want := "--out /sys/x/t.csv: cannot write in /sys: permission denied"; err == nil || err.Error() != want {
		t.Errorf("CheckWritable(/sys/x): %v, want %q", err, want)
	}
}

// TestCheckWritableWrittenInPlace: a pipe or device is written in place (WriteFileAtomic),
// so its directory need take no file: --out /dev/null and /dev/stdout were refused to a
// user ("cannot write in /dev: permission denied"). /proc/self/fd, which takes no file
// from root either, stands for /dev here.
func TestCheckWritableWrittenInPlace(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	out := fmt.Sprintf("/proc/self/fd/%d", w.Fd())
	if err := CheckWritable("--out", out, filepath.Dir(out)); err != nil {
		t.Errorf("CheckWritable(%s, a pipe): %v, want nil", out, err)
	}
}

// TestCheckWritableThroughLink: a link to a file is written beside the file it names
// (WriteFileAtomic follows it), so that directory is the one checked: a link in a
// writable directory to a file where nothing can be made passed, and the write failed
// after the work ("create ...: permission denied").
func TestCheckWritableThroughLink(t *testing.T) {
	const target = "/sys/kernel/uevent_seqnum"
	if _, err := os.Stat(target); err != nil {
		t.Skip(err)
	}
	if f, err := os.CreateTemp("/sys/kernel", "x"); err == nil {
		f.Close()
		os.Remove(f.Name())
		t.Skip("/sys/kernel takes new files here")
	}
	dir := t.TempDir()
	link := filepath.Join(dir, "t.csv")
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	err := CheckWritable("--out", link, dir)
	if want := "--out " + link + ": cannot write in /sys/kernel: permission denied"; err == nil || err.Error() != want {
		t.Errorf("CheckWritable(a link to %s): %v, want %q", target, err, want)
	}
	if es, _ := os.ReadDir(dir); len(es) != 1 {
		t.Errorf("left %v in %s", es, dir)
	}
}

// TestCheckWritableLinkInReadOnlyDir: through a link only the directory of the file it
// names is written in (the output and what goes beside it, FollowLink), so a link in a
// directory that takes no file is no refusal: the link's own directory was checked too,
// and refused ("cannot write in /proc/self/fd"). /proc/self/fd/N, a link to the file open
// as N, takes no file from root either.
func TestCheckWritableLinkInReadOnlyDir(t *testing.T) {
	f, err := os.Create(filepath.Join(t.TempDir(), "t.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := fmt.Sprintf("/proc/self/fd/%d", f.Fd())
	if real, err := FollowLink(out); err != nil || real != f.Name() {
		t.Skipf("%s names %q (%v), not %s", out, real, err, f.Name())
	}
	if err := CheckWritable("--out", out, filepath.Dir(out)); err != nil {
		t.Errorf("CheckWritable(%s, a link to %s): %v, want nil", out, f.Name(), err)
	}
}
