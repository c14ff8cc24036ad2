//go:build linux

package inspect

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// TestPipeAndDashRefused: "-" and a pipe (what /dev/stdin is under `cat log | …`) are
// refused, saying why; the pipe was read as an "empty file", and "-" was "stat -: no such
// file or directory". The refusal names a pipe so, where it printed its mode (p---------).
func TestPipeAndDashRefused(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	if _, err := w.WriteString("{}"); err != nil {
		t.Fatal(err)
	}
	pipe := fmt.Sprintf("/proc/self/fd/%d", r.Fd())
	if _, err := Expand([]string{"-"}); err == nil || !strings.Contains(err.Error(), "-: reading Inspect logs from standard input is not supported") {
		t.Errorf("Expand(-): %v", err)
	}
	if _, err := Expand([]string{pipe}); err == nil || !strings.Contains(err.Error(), pipe+": a named pipe, not a regular file; Inspect logs are read from regular files only") {
		t.Errorf("Expand(pipe): %v", err)
	}
	if _, err := OpenWith(pipe, ReadOptions{}); err == nil || !strings.Contains(err.Error(), pipe+": a named pipe, not a regular file") {
		t.Errorf("OpenWith(pipe): %v", err)
	}
}
