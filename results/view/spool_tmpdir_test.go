//go:build unix

package view

import (
	"strings"
	"testing"
)

// TestSpoolTmpdirMissing: a TMPDIR that names nothing is said as the setting to change;
// the error was the bare "open /nonexistent/sabench-view-spool-…: no such file or directory".
func TestSpoolTmpdirMissing(t *testing.T) {
	t.Setenv("TMPDIR", "/nonexistent-sabench-tmpdir")
	err := newSpool().create()
	if err == nil || !strings.Contains(err.Error(), "the viewer's temporary spool file cannot be made in /nonexistent-sabench-tmpdir (TMPDIR; set it to a writable directory): open /nonexistent-sabench-tmpdir/sabench-view-spool-") {
		t.Errorf("create: %v", err)
	}
}
