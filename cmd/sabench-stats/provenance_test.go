package main

import (
	"runtime/debug"
	"strings"
	"testing"
)

// TestVersionFromBuildInfo: the module version and the VCS stamp come from the build info.
func TestVersionFromBuildInfo(t *testing.T) {
	bi := &debug.BuildInfo{Main: debug.Module{Path: "github.com/sabench/sabench-stats", Version: "v1.4.0"},
		Settings: []debug.BuildSetting{{Key: "vcs", Value: "git"}, {Key: "vcs.revision", Value: "0123456789abcdef0123456789abcdef01234567"}, {Key: "vcs.modified", Value: "true"}}}
	v := versionOf(bi, true)
	if v.Name != "sabench-stats" || v.Version != "v1.4.0" || v.Revision != "0123456789abcdef0123456789abcdef01234567" || !v.Modified {
		t.Errorf("version %+v", v)
	}
	if got, want := versionLine(v), "sabench-stats v1.4.0, revision 0123456789abcdef0123456789abcdef01234567 (modified)\n"; got != want {
		t.Errorf("line %q, want %q", got, want)
	}
	if v := versionOf(&debug.BuildInfo{}, true); v.Version != "(devel)" || v.Revision != "" {
		t.Errorf("unstamped build: %+v", v)
	}
	if v := versionOf(nil, false); v.Version != "(devel)" {
		t.Errorf("no build info: %+v", v)
	}
}

// TestVersionCommands: `version` and `--version` print the running binary's build info.
func TestVersionCommands(t *testing.T) {
	want := versionLine(toolVersion())
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
