package analysis

import (
	"fmt"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/oracle"
)

// TestSharedHarnessMatchesCaseInsensitively: "claude-5/inspect" pairs with the default
// "Inspect", and a changed choice naming nothing in the release is refused.
func TestSharedHarnessMatchesCaseInsensitively(t *testing.T) {
	var vs []oracle.Verdict
	for _, config := range []string{"claude-5/claude-code", "claude-5/inspect", "gpt/codex"} {
		y := v(config, "SAB-V1-001", ingest.V1, "d", 0, true)
		x := y.Fields()
		x.Model, x.Harness = ingest.SplitConfig(config)
		vs = append(vs, x.Verdict())
	}
	r := NewRelease([]*casespec.Case{{ID: "SAB-V1-001", Protocol: ingest.V1, Domain: "d"}}, nil, vs, oracle.SafeAct)
	ch := PaperChoices()
	if got := fmt.Sprint(r.HarnessPairs(ch)); got != "[{claude-5 claude-5/claude-code claude-5/inspect}]" {
		t.Errorf("pairs = %s", got)
	}
	if err := ch.Check(r); err != nil {
		t.Errorf("the paper's choices refused: %v", err)
	}
	ch.SharedHarness = "INSPECT"
	if err := ch.Check(r); err != nil {
		t.Errorf("INSPECT refused: %v", err)
	}
	ch.SharedHarness = "Inspekt"
	if err := ch.Check(r); err == nil || err.Error() != `unknown shared harness "Inspekt" (known: "claude-code", "inspect", "codex")` {
		t.Errorf("Inspekt: %v", err)
	}
	// Titles and headers name the harness as the release writes it.
	for in, want := range map[string]string{"Inspect": "inspect", "INSPECT": "inspect", "inspect": "inspect", "Inspekt": "Inspekt"} {
		ch.SharedHarness = in
		if got := ch.Spelled(r).SharedHarness; got != want {
			t.Errorf("Spelled(%q) = %q, want %q", in, got, want)
		}
	}
	ch = PaperChoices()
	ch.SharedHarness = "codex" // gpt has no other harness: no pair
	if got := r.HarnessPairs(ch); len(got) != 0 {
		t.Errorf("pairs under codex = %v", got)
	}
}

// The lists of names in its errors quote each name: a configuration named "gpt-4o, temp
// 0" would otherwise read as two.
func TestMatchNameIgnoresCase(t *testing.T) {
	names := []string{"Claude-5/Inspect", "GLM-5.2/ZCode", "a/x", "A/X", "gpt-4o, temp 0"}
	for _, c := range []struct{ in, want, err string }{
		{"Claude-5/Inspect", "Claude-5/Inspect", ""},
		{"claude-5/INSPECT", "Claude-5/Inspect", ""},
		{"A/X", "A/X", ""}, // exact wins over the case-folded other
		{"a/X", "", `configuration "a/X" is ambiguous: it matches "a/x", "A/X" ignoring case`},
		{"Claude-5", "", `unknown configuration "Claude-5" (known: "Claude-5/Inspect", "GLM-5.2/ZCode", "a/x", "A/X", "gpt-4o, temp 0")`},
	} {
		got, err := MatchName("configuration", c.in, names)
		if got != c.want || (c.err == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), c.err)) {
			t.Errorf("MatchName(%q) = %q, %v; want %q, %q", c.in, got, err, c.want, c.err)
		}
	}
}

// Two harnesses differing only in case: the choice stays as given, since which one the
// reader meant is not known.
func TestSpelledKeepsAnAmbiguousChoice(t *testing.T) {
	var vs []oracle.Verdict
	for _, config := range []string{"a/Inspect", "b/inspect"} {
		y := v(config, "SAB-V1-001", ingest.V1, "d", 0, true)
		x := y.Fields()
		x.Model, x.Harness = ingest.SplitConfig(config)
		vs = append(vs, x.Verdict())
	}
	r := NewRelease([]*casespec.Case{{ID: "SAB-V1-001", Protocol: ingest.V1, Domain: "d"}}, nil, vs, oracle.SafeAct)
	for _, in := range []string{"INSPECT", "inspect", "Inspect"} {
		if got := (Choices{SharedHarness: in}).Spelled(r).SharedHarness; got != in {
			t.Errorf("Spelled(%q) = %q", in, got)
		}
	}
}

// TestStrategyChoiceNamesAnotherCondition: a strategy condition is matched exactly, as the
// episodes write it ("Main" and " main" are refused with the conditions the release has),
// and main itself, the condition a strategy is compared with, is refused: it gave a table
// of zero differences titled "Strategy main vs main".
func TestStrategyChoiceNamesAnotherCondition(t *testing.T) {
	r := NewRelease([]*casespec.Case{{ID: "SAB-V1-001", Protocol: ingest.V1, Domain: "d"}}, nil,
		[]oracle.Verdict{v("a/x", "SAB-V1-001", ingest.V1, "d", 0, true)}, oracle.SafeAct)
	for _, c := range []struct{ all, exec, want string }{
		{"Main", "scgr_select", `unknown T13 strategy "Main" (known: "main")`},
		{"scgr_eg", " main", `unknown T14 strategy " main" (known: "main")`},
		{"main", "scgr_select", `T13 strategy "main" is the condition the strategy is compared with: name a strategy condition`},
		{"scgr_eg", "main", `T14 strategy "main" is the condition the strategy is compared with: name a strategy condition`},
	} {
		ch := PaperChoices()
		ch.StrategyAll, ch.StrategyExec = c.all, c.exec
		if err := ch.Check(r); err == nil || err.Error() != c.want {
			t.Errorf("%q, %q: %v, want %s", c.all, c.exec, err, c.want)
		}
	}
}
