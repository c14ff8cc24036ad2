package figures

import (
	"strings"
	"testing"
)

// TestECSLongNameWraps: an 85-character configuration name was drawn on one line, and
// the figure widened to 5.0 in (from 3.5) left its bars 1.6 in. The name is drawn on
// several lines, broken after "/", "-" or a space, every character kept in order, and the
// figure keeps its width.
func TestECSLongNameWraps(t *testing.T) {
	long := "Claude-5-Opus-2026-05-preview/Claude Code with extended thinking and 200k context v2."
	if len(long) != 85 {
		t.Fatalf("%d characters", len(long))
	}
	iv := Interval{Estimate: 0.6, Lo: 0.5, Hi: 0.7}
	fig := ECSByProtocol{Configs: []string{long, "GPT-5.6/Codex"}, Protocols: []string{"V0", "V1", "V2"}, Level: 0.95,
		ECS: [][]Interval{{iv, iv, iv}, {iv, iv, iv}}}
	o, err := Fitted(fig, Column)
	if err != nil {
		t.Fatal(err)
	}
	if o.Width != Column.Width {
		t.Errorf("drawn %.1f in wide, want %.1f", float64(o.Width)/72, float64(Column.Width)/72)
	}
	var lines []string
	for _, s := range drawnStrings(t, fig, Column) {
		if strings.Contains(long, s) && len(s) > 3 {
			lines = append(lines, s)
		}
	}
	joined := ""
	for i, l := range lines {
		if i > 0 && !strings.HasSuffix(lines[i-1], "/") && !strings.HasSuffix(lines[i-1], "-") {
			joined += " "
		}
		joined += l
	}
	if len(lines) < 2 || joined != long {
		t.Errorf("name drawn as %q, want lines that read back as %q", lines, long)
	}
	// A name that fits is one line, as before.
	if got := wrapName(newStyle(Column).label, "GPT-5.6/Codex", 100); len(got) != 1 || got[0] != "GPT-5.6/Codex" {
		t.Errorf("short name: %q", got)
	}
}
