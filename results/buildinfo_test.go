package results

import (
	"runtime/debug"
	"testing"
)

// TestVersionFromBuildInfo: the module version and the VCS stamp come from the build info.
func TestVersionFromBuildInfo(t *testing.T) {
	bi := &debug.BuildInfo{Main: debug.Module{Path: "github.com/sabench/sabench-stats", Version: "v1.4.0"},
		Settings: []debug.BuildSetting{{Key: "vcs", Value: "git"}, {Key: "vcs.revision", Value: "0123456789abcdef0123456789abcdef01234567"}, {Key: "vcs.modified", Value: "true"}}}
	v := ToolOf("sabench-stats", bi, true)
	if v.Name != "sabench-stats" || v.Version != "v1.4.0" || v.Revision != "0123456789abcdef0123456789abcdef01234567" || !v.Modified {
		t.Errorf("version %+v", v)
	}
	if got, want := v.Line(), "sabench-stats v1.4.0, revision 0123456789abcdef0123456789abcdef01234567 (modified working tree)\n"; got != want {
		t.Errorf("line %q, want %q", got, want)
	}
	if v := ToolOf("sabench-stats", &debug.BuildInfo{}, true); v.Version != "(devel)" || v.Revision != "" {
		t.Errorf("unstamped build: %+v", v)
	}
	if v := ToolOf("sabench-stats", nil, false); v.Version != "(devel)" {
		t.Errorf("no build info: %+v", v)
	}
}
