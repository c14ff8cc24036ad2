package results

import (
	"fmt"
	"strings"
	"testing"
)

func TestListing(t *testing.T) {
	lines := strings.Split(strings.TrimSuffix(Listing(), "\n"), "\n")
	if len(lines) != len(Registry)+len(OfficialRegistry) || !strings.HasPrefix(lines[0], fmt.Sprintf("%-21s %s", Registry[0].ID, Registry[0].Title)) {
		t.Errorf("listing %q", lines[:1])
	}
	// Every title starts in one column, after the longest id (official_unauthorized).
	specs := append(append([]Spec(nil), Registry...), OfficialRegistry...)
	for i, l := range lines {
		if at := strings.Index(l, specs[i].Title); at != len(lines[0])-len(specs[0].Title) {
			t.Errorf("%s: title at column %d, want %d: %q", specs[i].ID, at, len(lines[0])-len(specs[0].Title), l)
		}
	}
}

// TestLookupAll keeps the ids' order, refuses an unknown id, and says when a selection
// needs every policy's release.
func TestLookupAll(t *testing.T) {
	specs, err := LookupAll([]string{"T8", "policy_ranks", "T2"})
	if err != nil {
		t.Fatal(err)
	}
	if ids := []string{specs[0].ID, specs[1].ID, specs[2].ID}; strings.Join(ids, " ") != "T8 policy_ranks T2" {
		t.Errorf("ids %q", ids)
	}
	if !NeedPoliciesIn(specs) || NeedPoliciesIn(specs[2:]) {
		t.Errorf("NeedPoliciesIn: want true with policy_ranks, false with T2 alone")
	}
	if _, err := LookupAll([]string{"T2", "T99"}); err == nil {
		t.Error("T99: want an error")
	}
}

// TestPolicyTables: the policies command's tables are every NeedPolicies table of the
// registry, the settings first.
func TestPolicyTables(t *testing.T) {
	var ids []string
	for _, s := range PolicyTables() {
		ids = append(ids, s.ID)
	}
	if got := strings.Join(ids, " "); got != "policy_settings policies policy_ranks" {
		t.Errorf("PolicyTables %q, want policy_settings policies policy_ranks", got)
	}
}
