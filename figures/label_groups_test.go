package figures

import (
	"maps"
	"slices"
	"strings"
	"testing"
)

// TestLabelKeepsParenthesisedGroups: harness_differences' row labels broke inside their
// p-value ("… (Holm p" over "0.030)") and inside a parenthesised part of a name, at its
// hyphens ("Gemini 1.5 Pro (gemini-1.5-pro-" over "002)/Gemini CLI …"). A group that fits
// on a line is now kept whole, each label still reading back in order.
func TestLabelKeepsParenthesisedGroups(t *testing.T) {
	labels := map[string][]string{
		"Gemini 1.5 Pro (gemini-1.5-pro-002)/Gemini CLI (Holm p 0.030)": {"Gemini 1.5 Pro", "(gemini-1.5-pro-002)/Gemini CLI", "(Holm p 0.030)"},
		"Claude-5-Opus/Codex (Holm p 0.030)":                            {"Claude-5-Opus/Codex", "(Holm p 0.030)"},
	}
	var f Forest
	for _, l := range slices.Sorted(maps.Keys(labels)) {
		f.Rows = append(f.Rows, Comparison{Label: l, Estimate: 0.03, Lo: 0.01, Hi: 0.05})
	}
	drawn := drawnStrings(t, f, Column)
	for _, l := range slices.Sorted(maps.Keys(labels)) {
		want := labels[l]
		i := slices.Index(drawn, want[0])
		if i < 0 || i+len(want) > len(drawn) || !slices.Equal(drawn[i:i+len(want)], want) {
			var got []string
			for _, s := range drawn {
				if strings.Contains(l, s) {
					got = append(got, s)
				}
			}
			t.Errorf("label %q drawn as %q, want %q", l, got, want)
		}
	}
}
