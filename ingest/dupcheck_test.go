package ingest

import "testing"

// TestDupCheckAddNew: AddNew adds an episode whose key and run id are new, and adds
// nothing for one that repeats either (a key, a run id, or only the run id's hash).
func TestDupCheckAddNew(t *testing.T) {
	// Run ids hash by their first byte, so that "r1" and "r1x" collide.
	d := NewDupCheck(func(s string) uint64 { return uint64(s[0])<<8 | uint64(len(s)&1) })
	defer d.Close()
	ep := func(config, run string, repeat int) *Episode {
		return &Episode{Config: config, Condition: "main", CaseID: "SAB-V0-001", Repeat: repeat, RunID: run}
	}
	steps := []struct {
		e    *Episode
		want bool
	}{
		{ep("a", "r1", 0), true},
		{ep("a", "s1", 0), false},   // the key again
		{ep("b", "r1", 0), false},   // the run id again
		{ep("b", "r1xx", 0), false}, // only its hash again
		{ep("b", "s1", 0), true},    // neither: the refused ones above added nothing
		{ep("a", "t1", 1), true},
		{ep("b", "u2", 0), false}, // b|main|SAB-V0-001|0 was added with s1
	}
	for i, st := range steps {
		if got := d.AddNew(st.e, uint32(i)); got != st.want {
			t.Errorf("step %d (%s, %s): AddNew %v, want %v", i, st.e.Config, st.e.RunID, got, st.want)
		}
	}
	if _, seen := d.Key(ep("a", "", 1)); !seen {
		t.Error("a|repeat 1 not added")
	}
	if _, seen, _ := d.RunID("s1", nil); !seen {
		t.Error("run id s1 not added")
	}
}
