package verdicts

import (
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/oracle"
)

// TestDisagreementsKeepNames: score --disagreements showed a tab or line break in a
// configuration's name as a space, so "GLM-5.2\tZCode" printed as "GLM-5.2 ZCode",
// another name; it is shown as Go quotes it, as the tables show it, and the line keeps
// its eight fields.
func TestDisagreementsKeepNames(t *testing.T) {
	v := fuzzVerdict("run-1", "GLM-5.2\tZCode\nv2", "SAB-V2-001", "O", "F", 0, false, false, true, 0, 1)
	var b strings.Builder
	if err := WriteDisagreements(&b, []oracle.Policy{oracle.SafeAct}, [][]oracle.Verdict{{v}}); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if len(lines) != 2 {
		t.Fatalf("lines %q", lines)
	}
	fields := strings.Split(lines[1], "\t")
	if len(fields) != 8 || fields[1] != `GLM-5.2\tZCode\nv2` {
		t.Errorf("fields %q", fields)
	}
}
