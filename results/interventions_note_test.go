package results

import (
	"testing"

	"github.com/sabench/sabench-stats/analysis"
)

// unaffectedNote names a few variant cases and counts the rest, once however many rows
// share them, and quotes a configuration name a note cannot show as it is.
func TestUnaffectedNoteListsAFewCases(t *testing.T) {
	six := []string{"S-V1-006@w", "S-V1-005@w", "S-V1-004@w", "S-V1-003@w", "S-V1-002@w", "S-V1-001@w"}
	rows := []analysis.InterventionRow{
		{Config: "trail ", Condition: "w", Unaffected: six},
		{Config: "b", Condition: "w", Unaffected: six[:2]},
		{Config: "c", Condition: "w"},
	}
	got := unaffectedNote(rows)
	want := `Acted after calling the affected tool leaves out the acted episodes of 6 variant cases in which no information tool's evidence differs from the base case's, or one that does is not among the first 64 of the case's info_tools (which the verdicts track): S-V1-001@w, S-V1-002@w, S-V1-003@w, S-V1-004@w, and 2 more; in "trail " w; "b" w.`
	if len(got) != 1 || got[0] != want {
		t.Errorf("note %q,\nwant %q", got, want)
	}
	if got := unaffectedNote(rows[2:]); got != nil {
		t.Errorf("no variant without an affected tool: note %q", got)
	}
}
