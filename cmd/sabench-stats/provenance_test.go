package main

import (
	"runtime/debug"
	"strings"
	"testing"
)

// TestVersionCommands: `version` and `--version` print the running binary's build info.
func TestVersionCommands(t *testing.T) {
	want := toolVersion().Line()
	bi, ok := debug.ReadBuildInfo()
	if ok && bi.Main.Version != "" && !strings.Contains(want, bi.Main.Version) {
		t.Errorf("%q does not name the module version %q", want, bi.Main.Version)
	}
	for _, args := range [][]string{{"version"}, {"--version"}} {
		stdout, stderr, code := runCLI(t, args...)
		if code != 0 || stdout != want {
			t.Errorf("%v: exit %d, stdout %q (want %q), stderr %q", args, code, stdout, want, stderr)
		}
	}
	if _, _, code := runCLI(t, "version", "extra"); code != 2 {
		t.Errorf("version with an argument: exit %d, want 2", code)
	}
}
