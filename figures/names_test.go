package figures

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestNameLabels: a name a figure draws as it is keeps it; a long one is cut to its start
// and end around "…", a tab and a line break are shown as \t and \n, and names that would
// share a label (alike in their first 200 bytes and their end, or a cut name that reads
// like another name) are told apart by a suffix of their own hash, whatever their order.
func TestNameLabels(t *testing.T) {
	head := strings.Repeat("h", 200)
	long := "Model/" + strings.Repeat("harness-", 30) + "end" // 249 bytes
	twinA, twinB := head+"A"+strings.Repeat("t", 30), head+"B"+strings.Repeat("t", 30)
	tab, nl := "GLM-5.2\tZCode", "GLM-5.2\nZCode"
	emoji := strings.Repeat("🙂", 60) // 240 bytes, 4 a character
	bad := "GLM\xff/ZCode"
	plain := "Claude-5/Claude Code"
	names := []string{plain, long, twinA, twinB, tab, nl, emoji, bad}
	l := configLabels(names)

	if got := l.label(plain); got != plain {
		t.Errorf("drawable name relabelled %q", got)
	}
	wantLong := "Model/harness-harness-harness-harness-ha…-harness-harness-end"
	if got := l.label(long); got != wantLong {
		t.Errorf("250-byte name: label %q, want %q", got, wantLong)
	}
	if got := l.label(tab); got != `GLM-5.2\tZCode` {
		t.Errorf("tab: label %q", got)
	}
	if got := l.label(nl); got != `GLM-5.2\nZCode` {
		t.Errorf("line break: label %q", got)
	}
	if got := l.label(bad); got != `GLM\xff/ZCode` {
		t.Errorf("invalid UTF-8: label %q", got)
	}
	a, b := l.label(twinA), l.label(twinB)
	if twin := strings.Repeat("h", 40) + "…" + strings.Repeat("t", 20) + " #"; a == b || !strings.HasPrefix(a, twin) || !strings.HasPrefix(b, twin) {
		t.Errorf("names alike but in their middle: labels %q and %q", a, b)
	}
	seen := map[string]string{}
	for _, n := range names {
		lab := l.label(n)
		if err := checkLabel("label", lab, false); err != nil {
			t.Errorf("label %q of %q: %v", lab, n, err)
		}
		if m, ok := seen[lab]; ok {
			t.Errorf("%q and %q share the label %q", m, n, lab)
		}
		seen[lab] = n
	}
	if got := l.label(emoji); !utf8.ValidString(got) || !strings.Contains(got, "…") || len(got) > maxNameLen {
		t.Errorf("long name of 4-byte characters: label %q (%d bytes)", got, len(got))
	}
	// The order of the names changes no label.
	rev := configLabels([]string{twinB, bad, twinA, long})
	if rev.label(twinA) != a || rev.label(twinB) != b {
		t.Errorf("the twins' labels depend on their order: %q %q, then %q %q", a, b, rev.label(twinA), rev.label(twinB))
	}
	// A cut name whose label is another name's: the other keeps its own.
	clash := configLabels([]string{wantLong, long})
	if clash.label(wantLong) != wantLong || clash.label(long) == wantLong || !strings.HasPrefix(clash.label(long), "Model/") {
		t.Errorf("a cut label that is a drawable name: %q and %q", clash.label(wantLong), clash.label(long))
	}

	note := l.note(names)
	for _, want := range []string{`"` + wantLong + `" shortens a 249-byte name`, `"GLM-5.2\tZCode" shows a tab as \t`,
		`"GLM-5.2\nZCode" shows a line break as \n`, "tells it apart)", `shows a byte that is not UTF-8`} {
		if !strings.Contains(note, want) {
			t.Errorf("note lacks %q:\n%s", want, note)
		}
	}
	if strings.Contains(note, plain) || l.note([]string{plain}) != "" {
		t.Errorf("note names a drawable name: %q", note)
	}
}

// TestNameLabelsWithinBudget: a model's label leaves room for the p-value drawn after it.
func TestNameLabelsWithinBudget(t *testing.T) {
	model := "M-" + strings.Repeat("m", 190) // 192 bytes: drawable alone, not with the p-value
	after := " (unadjusted p <0.001)"
	l := labelNames([]string{model}, func(string) int { return maxNameLen - len(after) })
	got := l.label(model) + after
	if len(got) > maxNameLen || !strings.Contains(got, "…") {
		t.Errorf("row label %q (%d bytes)", got, len(got))
	}
}
