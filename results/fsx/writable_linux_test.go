package fsx

import (
	"os"
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
