package figures

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestLongNameWraps: an 85-character configuration name was drawn on one line, and
// the figure widened: ecs_by_protocol to 5.0 in (from 3.5), leaving its bars 1.6 in;
// domain_heatmap and policy_ranks (which names each configuration at both ends) still so.
// The name is drawn on several lines, broken after "/", "-" or a space, every character
// kept in order, and the figure keeps its width.
func TestLongNameWraps(t *testing.T) {
	long := "Claude-5-Opus-2026-05-preview/Claude Code with extended thinking and 200k context v2."
	if len(long) != 85 {
		t.Fatalf("%d characters", len(long))
	}
	iv := Interval{Estimate: 0.6, Lo: 0.5, Hi: 0.7}
	configs := []string{long, "GPT-5.6/Codex"}
	for _, c := range []struct {
		fig  Figure
		ends int // how many times the figure draws each name
	}{
		{ECSByProtocol{Configs: configs, Protocols: []string{"V0", "V1", "V2"}, Level: 0.95, ECS: [][]Interval{{iv, iv, iv}, {iv, iv, iv}}}, 1},
		{DomainHeatMap{Configs: configs, Domains: []string{"ops_code_agent", "smart_home_agent", "customer_policy_qa"}, ECS: [][]float64{{0.5, 0.6, 0.7}, {0.4, 0.3, 0.2}}}, 1},
		{PolicyRanks{Policies: []string{"safeact", "near-miss", "tau-bench/appworld"}, Configs: configs, Ranks: [][]float64{{1, 2, 1}, {2, 1, 2}}}, 2},
	} {
		name := fmt.Sprintf("%T", c.fig)
		o, err := Fitted(c.fig, Column)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if o.Width != Column.Width {
			t.Errorf("%s: drawn %.1f in wide, want %.1f", name, float64(o.Width)/72, float64(Column.Width)/72)
		}
		var lines []string
		for _, s := range drawnStrings(t, c.fig, Column) {
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
		want := strings.TrimSuffix(strings.Repeat(long+" ", c.ends), " ")
		if len(lines) < 2*c.ends || joined != want {
			t.Errorf("%s: name drawn as %q, want lines that read back as %q", name, lines, want)
		}
	}
	// policy_ranks wraps only a name that does not fit beside its columns: the built-in
	// release's names, under its five policy columns, stay whole at both ends.
	five := []string{"safeact", "near-miss", "toolsandbox", "tau-bench/appworld", "safeact-4f33847"}
	fits := PolicyRanks{Policies: five, Configs: []string{"DeepSeek-V4/Inspect", "Claude-5/Claude Code"}, Ranks: [][]float64{{1, 2, 1, 2, 1}, {2, 1, 2, 1, 2}}}
	drawn := drawnStrings(t, fits, Column)
	for _, name := range fits.Configs {
		if n := slices.Index(drawn, name); n < 0 || slices.Index(drawn[n+1:], name) < 0 {
			t.Errorf("policy_ranks: %q not drawn whole at both ends: %q", name, drawn)
		}
	}
	// A name that fits is one line, as before.
	if got := wrapName(newStyle(Column).label, "GPT-5.6/Codex", 100); len(got) != 1 || got[0] != "GPT-5.6/Codex" {
		t.Errorf("short name: %q", got)
	}
}

// TestNameWithoutBreaksWraps: a name with no space, "/" or "-" was drawn on one line, so
// each figure that names configurations (or, in a forest plot, rows) widened to hold it
// (policy_ranks to 6.3 in, a forest plot to 4.4 in, from 3.5). It is now broken after a "_" or ".", and
// within a part still too wide between characters: the figure keeps its width and the
// lines read back as the name.
func TestNameWithoutBreaksWraps(t *testing.T) {
	long := "MyAgentConfigurationWithAVeryLongNameV2_final_run_2026"
	iv := Interval{Estimate: 0.6, Lo: 0.5, Hi: 0.7}
	configs := []string{long, "GPT-5.6/Codex"}
	for _, c := range []struct {
		fig  Figure
		ends int // how many times the figure draws the name
	}{
		{ECSByProtocol{Configs: configs, Protocols: []string{"V0", "V1"}, Level: 0.95, ECS: [][]Interval{{iv, iv}, {iv, iv}}}, 1},
		{DomainHeatMap{Configs: configs, Domains: []string{"ops_code_agent", "smart_home_agent", "customer_policy_qa"}, ECS: [][]float64{{0.5, 0.6, 0.7}, {0.4, 0.3, 0.2}}}, 1},
		{PolicyRanks{Policies: []string{"safeact", "near-miss", "tau-bench/appworld"}, Configs: configs, Ranks: [][]float64{{1, 2, 1}, {2, 1, 2}}}, 2},
		{FailureMix{Configs: configs, Protocols: []string{"V0", "V1"}, Categories: []string{"wrong_decision"}, Shares: [][][]float64{{{1}, {1}}, {{1}, {1}}}}, 1},
		{Forest{Level: 0.95, Rows: []Comparison{{Label: long, Estimate: 0.05, Lo: 0.01, Hi: 0.09}, {Label: "GPT-5.6", Estimate: -0.02, Lo: -0.05, Hi: 0.01}}}, 1},
	} {
		name := fmt.Sprintf("%T", c.fig)
		o, err := Fitted(c.fig, Column)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if o.Width != Column.Width {
			t.Errorf("%s: drawn %.1f in wide, want %.1f", name, float64(o.Width)/72, float64(Column.Width)/72)
		}
		var lines []string
		for _, s := range drawnStrings(t, c.fig, Column) {
			if strings.Contains(long, s) && len(s) > 3 {
				lines = append(lines, s)
			}
		}
		if want := strings.Repeat(long, c.ends); len(lines) < 2*c.ends || strings.Join(lines, "") != want {
			t.Errorf("%s: name drawn as %q, want lines that read back as %q", name, lines, want)
		}
	}
	// The "_" is the break where one serves; a part with none is cut where the width ends.
	ts := newStyle(Column).label
	maxW := ts.Width("MyAgentConfigurationWithAVeryLongNameV2_")
	if got := wrapName(ts, long, maxW); !slices.Equal(got, []string{"MyAgentConfigurationWithAVeryLongNameV2_", "final_run_2026"}) {
		t.Errorf("at the width of its first part: %q", got)
	}
	got := wrapName(ts, "AAAAAAAAAAAAAAAAAAAA", ts.Width("AAAAAAA"))
	if !slices.Equal(got, []string{"AAAAAAA", "AAAAAAA", "AAAAAA"}) {
		t.Errorf("no break at all: %q", got)
	}
	// A combining mark stays with its letter.
	if got := wrapName(ts, "e\u0301e\u0301e\u0301e\u0301", ts.Width("e\u0301e\u0301")); !slices.Equal(got, []string{"e\u0301e\u0301", "e\u0301e\u0301"}) {
		t.Errorf("combining marks: %q", got)
	}
}
