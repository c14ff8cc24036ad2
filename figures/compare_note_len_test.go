package figures

import (
	"fmt"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/oracle"
)

// Five policies of names near the 200-byte limit, compared under --conditions of a long
// configuration: the note named each in full, past a note's 1000 bytes, and the plot
// failed validation. The note names none: each row begins with its policy.
func TestCompareForestNoteFitsManyLongPolicies(t *testing.T) {
	scopes := []analysis.CompareScope{{Label: "All", Shared: 3, Delta: analysis.Estimate{X: 0.1, Lo: 0, Hi: 0.2}, DeltaClustered: analysis.Estimate{X: 0.1, Lo: -0.05, Hi: 0.25}}}
	var rels []*analysis.Release
	var all [][]analysis.CompareScope
	spec := analysis.CompareSpec{Conditions: true, Config: "openrouter/" + strings.Repeat("claude-", 26), A: "main", B: "other"}
	for i := range 5 {
		p := oracle.SafeAct
		p.Name = strings.Repeat("policy-", 27) + fmt.Sprint(i)
		rels = append(rels, holding(spec, p))
		all = append(all, scopes)
	}
	fig, err := CompareForest(spec, rels, all, analysis.DefaultStatOptions(), analysis.SyntheticMark)
	if err != nil {
		t.Fatal(err)
	}
	if err := fig.Validate(); err != nil {
		t.Fatalf("five long policy names: %v", err)
	}
	note := fig.(Captioned).Note
	if !strings.HasPrefix(note, "Scored under 5 policies, each row under the one its label begins with; configuration openrouter/claude-") || len(note) > maxTextLen {
		t.Errorf("note (%d bytes): %q", len(note), note)
	}
	if rows := fig.(Captioned).Fig.(Forest).Rows; len(rows) != 10 || !strings.HasPrefix(rows[9].Label, "policy-policy-") || !strings.HasSuffix(rows[9].Label, "policy-4: All, clusters") {
		t.Errorf("the last row does not begin with its policy's label: %v", rows)
	}
}
